package platform

import (
	"context"
	"crypto/sha256"
	"slices"
	"sync"
	"time"
)

// Table tokens are the bearer tokens of table devices: a director issues
// one for each table of a section, short-lived and revocable, and the
// movement service, which owns the tables, keeps them (only their
// SHA-256). The auth interceptor of every service asks a TableTokens for a
// bearer token the token file does not know. In one process that is the
// movement service itself, reading its store at every call, so a revoked
// token is refused at once; in a split deployment it is the movement peer,
// asked over gRPC and remembered for CachedTableTokens' time, so that a
// result does not cost a second round trip: a revocation then takes up to
// that long to reach the other services.
type TableTokens interface {
	// TableToken returns the principal of the table whose token token is.
	// It reports false for a token it does not know, and an error for one
	// it refuses (expired, revoked: Unauthenticated, naming why) or could
	// not check.
	TableToken(ctx context.Context, token string) (Principal, bool, error)
}

// TablePrincipal is the principal of a table's token: a terminal at that
// table ("events/<id>/sessions/<n>/sections/<letters>/tables/<n>") of its
// event, named by the table, so that what its device enters says where it
// was entered and a new token for the table keeps the table's request IDs
// and rate. expires is when the token stops.
func TablePrincipal(table string, expires time.Time) Principal {
	event, _ := eventOf(table)
	return Principal{Name: table, Roles: []Role{RoleTerminal}, Events: []string{event}, Tables: []string{table}, Expires: expires}
}

// PairPrincipal is the principal of a pair's token: a terminal of its
// event, named by the pair ("events/<id>/sessions/<n>/sections/<letters>/
// entrants/<n>"), that acts in each round at the table of its seat in that
// round (seats by round, Table "" for a round it sits out). expires is when
// the token stops.
func PairPrincipal(pair string, seats []Seat, expires time.Time) Principal {
	event, _ := eventOf(pair)
	var tables []string
	for _, s := range seats {
		if s.Table != "" && !slices.Contains(tables, s.Table) {
			tables = append(tables, s.Table)
		}
	}
	return Principal{Name: pair, Roles: []Role{RoleTerminal}, Events: []string{event}, Tables: tables, Pair: pair, Seats: seats, Expires: expires}
}

// UseTableTokens makes a check bearer tokens the token file does not list
// with t. Serve calls it before it serves.
func (a *Authenticator) UseTableTokens(t TableTokens) { a.tables = t }

// CachedTableTokensTime is how long a service remembers a table token its
// peer verified.
const CachedTableTokensTime = 10 * time.Second

// maxCachedTableTokens bounds what a cache of table tokens holds; when it
// is full it starts again empty.
const maxCachedTableTokens = 10_000

// CachedTableTokens remembers what next answers of a known token for
// CachedTableTokensTime, or until the token expires if that is sooner.
// Tokens next does not know, or refuses, are asked again every time (and
// each such call is taken from the public rate of its address first).
func CachedTableTokens(next TableTokens, now func() time.Time) TableTokens {
	return &cachedTableTokens{next: next, now: now, known: map[[sha256.Size]byte]cachedToken{}}
}

type cachedTableTokens struct {
	next TableTokens
	now  func() time.Time

	mu    sync.Mutex
	known map[[sha256.Size]byte]cachedToken
}

type cachedToken struct {
	principal Principal
	until     time.Time
}

func (c *cachedTableTokens) TableToken(ctx context.Context, token string) (Principal, bool, error) {
	key := sha256.Sum256([]byte(token))
	now := c.now()
	c.mu.Lock()
	hit, ok := c.known[key]
	c.mu.Unlock()
	if ok && now.Before(hit.until) {
		return hit.principal, true, nil
	}
	p, ok, err := c.next.TableToken(ctx, token)
	if err != nil || !ok {
		c.mu.Lock()
		delete(c.known, key)
		c.mu.Unlock()
		return p, ok, err
	}
	until := now.Add(CachedTableTokensTime)
	if !p.Expires.IsZero() && p.Expires.Before(until) {
		until = p.Expires
	}
	c.mu.Lock()
	if len(c.known) >= maxCachedTableTokens {
		clear(c.known)
	}
	c.known[key] = cachedToken{principal: p, until: until}
	c.mu.Unlock()
	return p, true, nil
}

// localTableTokens returns the service among services that keeps the
// table tokens, or nil.
func localTableTokens(services []Service) TableTokens {
	for _, s := range services {
		if t, ok := s.(TableTokens); ok {
			return t
		}
	}
	return nil
}

// tableNamePrefix begins the names of table tokens' principals, which no
// token of the token file may take.
const tableNamePrefix = "events/"
