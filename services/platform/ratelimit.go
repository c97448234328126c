package platform

import (
	"fmt"
	"math"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
)

// RateLimit is how fast one caller may call: PerSecond calls a second on
// average, and up to Burst at once.
type RateLimit struct {
	PerSecond float64 `json:"per_second"`
	Burst     int     `json:"burst"`
}

// defaultRateLimits are the limits of the roles a token file does not set.
// A terminal enters a result every few seconds and resends after a lost
// connection; a scorer or director works a whole event from one desk; the
// public limit holds for every anonymous address, and for a token that
// fails to authenticate.
var defaultRateLimits = map[Role]RateLimit{
	RoleFederationAdmin: {PerSecond: 200, Burst: 400},
	RoleDirector:        {PerSecond: 50, Burst: 100},
	RoleScorer:          {PerSecond: 50, Burst: 100},
	RoleTerminal:        {PerSecond: 20, Burst: 40},
	RolePublic:          {PerSecond: 10, Burst: 20},
}

// maxAddresses bounds how many client addresses the limiter keeps a bucket
// for. Tokens are not counted: there are as many as the token file lists,
// and the tables whose codes call; a sweep forgets the full buckets of both.
const maxAddresses = 100_000

// limiter keeps one token bucket per caller: per token, and per client
// address for anonymous callers (see addressKey).
//
// An address whose bucket is full again is forgotten, which loses nothing.
// A busy one is never forgotten, since that would hand its caller a fresh
// burst. So when the limiter holds maxAddresses busy addresses, the new
// addresses it meets share one overflow bucket at the public rate until
// room is free again: a flood from very many addresses slows the callers
// who come during it, but neither grows the memory nor resets anyone's rate.
type limiter struct {
	limits map[Role]RateLimit
	now    func() time.Time

	mu        sync.Mutex
	tokens    map[string]*rate.Limiter // by token name
	addresses map[string]*rate.Limiter // by addressKey
	overflow  *rate.Limiter
	lastSweep time.Time
}

func newLimiter(limits map[Role]RateLimit) *limiter {
	l := &limiter{limits: limits, now: time.Now, tokens: map[string]*rate.Limiter{}, addresses: map[string]*rate.Limiter{}}
	l.overflow = l.bucket([]Role{RolePublic})
	return l
}

// allowToken takes one call from the bucket of the token named name, whose
// limit is the most generous of roles. When the bucket is empty it returns
// how long until the call would be allowed.
func (l *limiter) allowToken(name string, roles []Role) (time.Duration, bool) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.tokens[name]
	if b == nil {
		if now.Sub(l.lastSweep) > time.Minute {
			l.sweep(now)
		}
		b = l.bucket(roles)
		l.tokens[name] = b
	}
	return take(b, now)
}

// allowAddress takes one call from the public bucket of a client address
// (an addressKey), or from the overflow bucket when there is no room for
// another address; shared says it was the overflow bucket.
func (l *limiter) allowAddress(addr string) (wait time.Duration, ok, shared bool) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.addresses[addr]
	if b == nil {
		// A sweep when full is at most once a second: it walks every
		// address, and a flood would otherwise make every call walk them.
		sinceSweep := now.Sub(l.lastSweep)
		if sinceSweep > time.Minute || len(l.addresses) >= maxAddresses && sinceSweep > time.Second {
			l.sweep(now)
		}
		if len(l.addresses) >= maxAddresses {
			wait, ok = take(l.overflow, now)
			return wait, ok, true
		}
		b = l.bucket([]Role{RolePublic})
		l.addresses[addr] = b
	}
	wait, ok = take(b, now)
	return wait, ok, false
}

// take takes one call from b at now, or says how long until it could.
func take(b *rate.Limiter, now time.Time) (time.Duration, bool) {
	r := b.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, false
	}
	return 0, true
}

// sweep forgets the addresses and tokens whose buckets are full again,
// which loses nothing: a caller met again starts with a full bucket.
func (l *limiter) sweep(now time.Time) {
	l.lastSweep = now
	for _, buckets := range []map[string]*rate.Limiter{l.addresses, l.tokens} {
		for key, b := range buckets {
			if b.TokensAt(now) >= float64(b.Burst()) {
				delete(buckets, key)
			}
		}
	}
}

// bucket is a new, full bucket at the most generous limit of roles.
func (l *limiter) bucket(roles []Role) *rate.Limiter {
	limit := l.limitOf(roles)
	return rate.NewLimiter(rate.Limit(limit.PerSecond), limit.Burst)
}

func (l *limiter) limitOf(roles []Role) RateLimit {
	var best RateLimit
	for _, r := range roles {
		lim, ok := l.limits[r]
		if !ok {
			lim = defaultRateLimits[r]
		}
		best.PerSecond = math.Max(best.PerSecond, lim.PerSecond)
		best.Burst = max(best.Burst, lim.Burst)
	}
	return best
}

// addressKey is the rate bucket of an anonymous client address: an IPv4
// address by itself, an IPv6 address by its /64, the block one subscriber
// or host commonly holds whole and can pick addresses from at will. A
// client that is not an IP address ("bufconn" in tests) is its own key.
func addressKey(client string) string {
	addr, err := netip.ParseAddr(client)
	if err != nil {
		return client
	}
	addr = addr.Unmap().WithZone("")
	if addr.Is4() {
		return addr.String()
	}
	prefix, err := addr.Prefix(64)
	if err != nil {
		return client
	}
	return prefix.String()
}

// rateLimited is the error of a call over its caller's limit: ResourceExhausted
// with a RetryInfo saying when to try again (the gateway turns it into 429
// with Retry-After).
func rateLimited(who string, wait time.Duration) error {
	st := status.New(codes.ResourceExhausted, fmt.Sprintf("too many requests from %s; retry in %s", who, wait.Round(time.Millisecond)))
	if withInfo, err := st.WithDetails(&errdetails.RetryInfo{RetryDelay: durationpb.New(wait)}); err == nil {
		st = withInfo
	}
	return st.Err()
}
