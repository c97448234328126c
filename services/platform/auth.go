package platform

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net"
	"slices"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
)

// AuthModeHeader is the response header that tells a client the server runs
// in development mode, without tokens.
const AuthModeHeader = "x-director-auth"

// Principal is the caller a token belongs to.
type Principal struct {
	Name   string
	Roles  []Role
	Events []string // the events the token may act on ("events/<id>"); empty means all
	// Tables are the tables a terminal's token acts at
	// ("events/<id>/sessions/<n>/sections/<letters>/tables/<n>"); empty
	// means every table of its events.
	Tables []string
	// Pair is, for a pair's token, the pair it follows
	// ("events/<id>/sessions/<n>/sections/<letters>/entrants/<n>"), and
	// Seats where the pair sits in each round (Seats[r-1] for round r);
	// Tables are then the tables of its seats. Such a token acts at a table
	// only in a round that seats the pair there (checkScope).
	Pair  string
	Seats []Seat
	// Expires is when a table token stops; zero for a token of the token
	// file.
	Expires time.Time
	// service is the Director service that calls on Name's behalf, "" for
	// a call by a token.
	service string
}

// idempotencyCaller is whose request IDs the principal's are: its name for
// a token; "service:<service>/<name>" for a service calling on a user's
// behalf, so that the request IDs a service derives (the outbox's) and the
// user's own never meet, and "service:<service>" for a service on its own.
// No token is named "service:..." (LoadAuthConfig refuses it).
func (p Principal) idempotencyCaller() string {
	if p.service == "" || p.Name == servicePrefix+p.service {
		return p.Name
	}
	return servicePrefix + p.service + "/" + p.Name
}

// MayActOn reports whether the principal may act on event ("events/<id>").
func (p Principal) MayActOn(event string) bool {
	return len(p.Events) == 0 || slices.Contains(p.Events, event)
}

// MayActAt reports whether the principal may act at a table
// ("events/<id>/sessions/<n>/sections/<letters>/tables/<n>"). The auth
// interceptor checks it for the methods whose rule names a table. A pair's
// token acts at its pair's tables only (and at no table if it sits out
// every round).
func (p Principal) MayActAt(table string) bool {
	return !p.AtTables() || slices.Contains(p.Tables, table)
}

// AtTables reports whether the principal is a device's at some tables (a
// table's token, a pair's), rather than one of every table of its events.
func (p Principal) AtTables() bool {
	return len(p.Tables) > 0 || p.Pair != ""
}

// Seat is where a pair sits in one round: the table's name, "" when it
// sits out, and its direction there.
type Seat struct {
	Table    string
	EastWest bool
}

// SeatIn returns where a pair's token's pair sits in round; false when it
// sits out or the schedule has no such round.
func (p Principal) SeatIn(round int32) (Seat, bool) {
	if round < 1 || int(round) > len(p.Seats) || p.Seats[round-1].Table == "" {
		return Seat{}, false
	}
	return p.Seats[round-1], true
}

// Has reports whether the principal has one of roles, or is a federation
// admin, whom every role's rights include.
func (p Principal) Has(allowed ...Role) bool {
	return slices.ContainsFunc(p.Roles, func(r Role) bool {
		return r == RoleFederationAdmin || slices.Contains(allowed, r)
	})
}

type principalKey struct{}

// PrincipalFrom returns the caller of the RPC whose context is ctx. It
// reports false for a call to a public method made without a token, or by a
// token whose events or tables the request leaves (served as anyone is).
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

func withPrincipal(ctx context.Context, p Principal) context.Context {
	if c, ok := ctx.Value(callLogKey{}).(*callLog); ok {
		c.principal = p.Name
	}
	return context.WithValue(ctx, principalKey{}, p)
}

// Authenticator checks bearer tokens against the access policy and holds
// each caller to its rate.
type Authenticator struct {
	development bool
	tokens      []tokenEntry
	limits      *limiter // nil: no limits (development mode)
	// tables verifies the table tokens the token file does not list; nil
	// when no service of this process keeps them or reaches one that does.
	tables TableTokens
}

type tokenEntry struct {
	hash      [sha256.Size]byte
	principal Principal
}

// DevelopmentAuthenticator returns the authenticator of development mode:
// every caller is a federation admin, no rate is limited, and every response
// carries the header x-director-auth: development. Serve warns about it at
// startup.
func DevelopmentAuthenticator() *Authenticator {
	return &Authenticator{development: true}
}

// Development reports whether a is in development mode.
func (a *Authenticator) Development() bool {
	return a.development
}

var developmentPrincipal = Principal{Name: "development", Roles: []Role{RoleFederationAdmin}}

// authorize returns ctx with the caller's principal, or the error that
// refuses the call. The caller is another Director service when
// servicePrincipal says so, else the owner of the bearer token, else nobody.
// Every caller but a service is held to its rate first, a token by its
// name, everyone else by the client address, unless rateTaken says the
// call's rate was already taken. A method open to the public is served to a
// token whose scope the request leaves as to an anonymous caller. req is
// nil for a stream, whose messages are checked as they come.
func (a *Authenticator) authorize(ctx context.Context, method string, policy Policy, req any) (context.Context, error) {
	client := clientAddress(ctx)
	call, _ := ctx.Value(callLogKey{}).(*callLog)
	if call != nil {
		call.client = client
	}
	rule, ok := policy[method]
	if !ok {
		return nil, permissionDenied("method %s is not in the access policy", method)
	}
	p, isService := servicePrincipal(ctx)
	known := isService
	var err error
	if !isService {
		p, known, err = a.caller(ctx, firstValue(ctx, "authorization"))
	}
	if known && call != nil {
		call.principal = p.Name
	}
	if !isService && !rateTaken(ctx) {
		if limitErr := a.limit(p, known, client); limitErr != nil {
			return nil, limitErr
		}
	}
	if err != nil {
		return nil, err
	}
	public := slices.Contains(rule.Roles, RolePublic)
	if !known {
		if public {
			return ctx, nil
		}
		return nil, Unauthenticated("method " + method + " needs a token: send the metadata (or HTTP header) authorization: Bearer <token>")
	}
	if !public && !p.Has(rule.Roles...) {
		return nil, permissionDenied("token %q with roles %v may not call %s, which needs one of %v", p.Name, p.Roles, method, rule.Roles)
	}
	if req != nil {
		if err := checkScope(p, rule, req); err != nil {
			if public {
				return ctx, nil
			}
			return nil, err
		}
	}
	return withPrincipal(ctx, p), nil
}

// caller returns the principal of the bearer token in authorization (the
// value of the HTTP header or of the gRPC metadata): a token of the token
// file, else a table token; false when there is no token. In development
// mode a table token is its table's, and every other caller a federation
// admin.
func (a *Authenticator) caller(ctx context.Context, authorization string) (Principal, bool, error) {
	if authorization == "" {
		if a.development {
			return developmentPrincipal, true, nil
		}
		return Principal{}, false, nil
	}
	token, err := bearerToken(authorization)
	if a.development && err != nil {
		return developmentPrincipal, true, nil
	}
	if err != nil {
		return Principal{}, false, err
	}
	if p, ok := a.authenticate(token); ok {
		return p, true, nil
	}
	if a.tables != nil {
		p, ok, err := a.tables.TableToken(ctx, token)
		switch {
		case err != nil:
			return Principal{}, false, err
		case ok:
			return p, true, nil
		}
	}
	if a.development {
		return developmentPrincipal, true, nil
	}
	return Principal{}, false, Unauthenticated("the bearer token is not known to this Director")
}

// Admit admits a REST request at the edge, before its body is read, as
// authorize admits a call: it knows the caller by the bearer token in
// authorization (the HTTP header), or by its client address without one,
// and takes the request from the caller's rate. It returns the name of the
// token's principal ("" for none, and for a token it does not know), whether
// the request was taken from a rate (the REST gateway then marks the call
// it forwards with RateTakenHeader, so that the interceptor does not take it
// again), and the error that refuses the request: a caller over its rate,
// or an unknown or malformed token, which is taken from the public rate of
// its address first, so that guessing tokens is as slow as any anonymous
// call.
func (a *Authenticator) Admit(ctx context.Context, authorization, client string) (principal string, rateTaken bool, err error) {
	p, known, err := a.caller(ctx, authorization)
	if known {
		principal = p.Name
	}
	if limitErr := a.limit(p, known, client); limitErr != nil {
		return principal, false, limitErr
	}
	if err != nil {
		return principal, false, err
	}
	return principal, a.limits != nil, nil
}

// limit takes one call from the caller's rate: a known token's own, or the
// public rate of the client address (see addressKey).
func (a *Authenticator) limit(p Principal, known bool, client string) error {
	if a.limits == nil {
		return nil
	}
	if known {
		if wait, ok := a.limits.allowToken(p.Name, p.Roles); !ok {
			return rateLimited(fmt.Sprintf("token %q", p.Name), wait)
		}
		return nil
	}
	addr := addressKey(client)
	switch wait, ok, shared := a.limits.allowAddress(addr); {
	case ok:
		return nil
	case shared:
		return rateLimited(fmt.Sprintf("new addresses, which share one rate while this Director holds the rates of %d busy ones", maxAddresses), wait)
	default:
		return rateLimited("address "+addr, wait)
	}
}

// clientAddress is the address the call came from: on a call a gateway
// forwarded over a trusted hop (in this process, or from a gateway elsewhere
// with a service's client certificate), the address it saw (see
// forwardedFor); the peer's host otherwise.
func clientAddress(ctx context.Context) string {
	if trustedHop(ctx) {
		if v := metadata.ValueFromIncomingContext(ctx, "x-forwarded-for"); len(v) > 0 && forwardedFor(v[0]) != "" {
			return forwardedFor(v[0])
		}
	}
	pr, ok := peer.FromContext(ctx)
	if !ok || pr.Addr == nil {
		return ""
	}
	if host, _, err := net.SplitHostPort(pr.Addr.String()); err == nil {
		return host
	}
	return pr.Addr.String()
}

// forwardedFor returns the last address of an x-forwarded-for value: the
// gateway appends the address of the connection it served to whatever the
// client sent in its own X-Forwarded-For header, which anyone can make up.
func forwardedFor(value string) string {
	return strings.TrimSpace(value[strings.LastIndexByte(value, ',')+1:])
}

// firstValue is the first value of the incoming metadata key, or "".
// Unlike metadata.FromIncomingContext it copies nothing.
func firstValue(ctx context.Context, key string) string {
	if v := metadata.ValueFromIncomingContext(ctx, key); len(v) > 0 {
		return v[0]
	}
	return ""
}

// bearerToken returns the token of an authorization value.
func bearerToken(authorization string) (string, error) {
	scheme, token, ok := strings.Cut(authorization, " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "bearer") || token == "" {
		return "", Unauthenticated("authorization must be of the form: Bearer <token>")
	}
	return token, nil
}

// authenticate finds the token's principal, comparing it with every known
// token in constant time.
func (a *Authenticator) authenticate(token string) (Principal, bool) {
	sum := sha256.Sum256([]byte(token))
	found := -1
	for i, t := range a.tokens {
		if subtle.ConstantTimeCompare(sum[:], t.hash[:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return Principal{}, false
	}
	return a.tokens[found].principal, true
}

func (a *Authenticator) unaryInterceptor(policy Policy) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		ctx, err := a.authorize(ctx, info.FullMethod, policy, req)
		if err != nil {
			return nil, err
		}
		if a.development {
			if err := grpc.SetHeader(ctx, metadata.Pairs(AuthModeHeader, "development")); err != nil {
				return nil, status.Errorf(codes.Internal, "set header: %v", err)
			}
		}
		return handler(ctx, req)
	}
}

// streamInterceptor authorizes a stream when it opens and checks the scope
// of every message it receives; a message outside the token's scope ends
// the stream, even on a public method.
func (a *Authenticator) streamInterceptor(policy Policy) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		ctx, err := a.authorize(ss.Context(), info.FullMethod, policy, nil)
		if err != nil {
			return err
		}
		if a.development {
			if err := ss.SetHeader(metadata.Pairs(AuthModeHeader, "development")); err != nil {
				return status.Errorf(codes.Internal, "set header: %v", err)
			}
		}
		p, _ := PrincipalFrom(ctx)
		rule := policy[info.FullMethod]
		return handler(srv, &checkedStream{ServerStream: ss, ctx: ctx, check: func(m any) error {
			return checkScope(p, rule, m)
		}})
	}
}

// CallerName names the caller of the RPC whose context is ctx, for the
// record of who changed what: its token's name, or "unknown" for a public
// call made without a token.
func CallerName(ctx context.Context) string {
	if p, ok := PrincipalFrom(ctx); ok {
		return p.Name
	}
	return "unknown"
}
