package platform

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"slices"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
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
}

// MayActOn reports whether the principal may act on event ("events/<id>").
func (p Principal) MayActOn(event string) bool {
	return len(p.Events) == 0 || slices.Contains(p.Events, event)
}

// MayActAt reports whether the principal may act at a table
// ("events/<id>/sessions/<n>/sections/<letters>/tables/<n>"). Services check
// it where a request names a table in fields of its own.
func (p Principal) MayActAt(table string) bool {
	return len(p.Tables) == 0 || slices.Contains(p.Tables, table)
}

// mayCall reports whether one of the principal's roles is in allowed; a
// federation admin may call everything.
func (p Principal) mayCall(allowed []Role) bool {
	return slices.ContainsFunc(p.Roles, func(r Role) bool {
		return r == RoleFederationAdmin || slices.Contains(allowed, r)
	})
}

type principalKey struct{}

// PrincipalFrom returns the caller of the RPC whose context is ctx. It
// reports false for a call to a public method made without a token.
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

// Authenticator checks bearer tokens against the access policy.
type Authenticator struct {
	development bool
	tokens      []tokenEntry
}

type tokenEntry struct {
	hash      [sha256.Size]byte
	principal Principal
}

// DevelopmentAuthenticator returns the authenticator of development mode:
// every caller is a federation admin, and every response carries the header
// x-director-auth: development. Serve warns about it at startup.
func DevelopmentAuthenticator() *Authenticator {
	return &Authenticator{development: true}
}

// Development reports whether a is in development mode.
func (a *Authenticator) Development() bool {
	return a.development
}

var developmentPrincipal = Principal{Name: "development", Roles: []Role{RoleFederationAdmin}}

// authorize returns ctx with the caller's principal, or the error that
// refuses the call.
func (a *Authenticator) authorize(ctx context.Context, method string, policy Policy) (context.Context, error) {
	allowed, ok := policy[method]
	if !ok {
		return nil, permissionDenied("method %s is not in the access policy", method)
	}
	if a.development {
		return withPrincipal(ctx, developmentPrincipal), nil
	}
	token, err := bearerToken(ctx)
	if err != nil {
		return nil, err
	}
	if token == "" {
		if slices.Contains(allowed, RolePublic) {
			return ctx, nil
		}
		return nil, unauthenticated("method " + method + " needs a token: send the metadata (or HTTP header) authorization: Bearer <token>")
	}
	p, ok := a.authenticate(token)
	if !ok {
		return nil, unauthenticated("the bearer token is not known to this Director")
	}
	if !slices.Contains(allowed, RolePublic) && !p.mayCall(allowed) {
		return nil, permissionDenied("token %q with roles %v may not call %s, which needs one of %v", p.Name, p.Roles, method, allowed)
	}
	return withPrincipal(ctx, p), nil
}

// bearerToken returns the token of the authorization metadata, or "" when
// there is none.
func bearerToken(ctx context.Context) (string, error) {
	values := metadata.ValueFromIncomingContext(ctx, "authorization")
	if len(values) == 0 {
		return "", nil
	}
	scheme, token, ok := strings.Cut(values[0], " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "bearer") || token == "" {
		return "", unauthenticated("authorization must be of the form: Bearer <token>")
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
		ctx, err := a.authorize(ctx, info.FullMethod, policy)
		if err != nil {
			return nil, err
		}
		if a.development {
			if err := grpc.SetHeader(ctx, metadata.Pairs(AuthModeHeader, "development")); err != nil {
				return nil, status.Errorf(codes.Internal, "set header: %v", err)
			}
		}
		p, _ := PrincipalFrom(ctx)
		if err := checkEventScope(p, req); err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
}

func (a *Authenticator) streamInterceptor(policy Policy) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		ctx, err := a.authorize(ss.Context(), info.FullMethod, policy)
		if err != nil {
			return err
		}
		if a.development {
			if err := ss.SetHeader(metadata.Pairs(AuthModeHeader, "development")); err != nil {
				return status.Errorf(codes.Internal, "set header: %v", err)
			}
		}
		p, _ := PrincipalFrom(ctx)
		return handler(srv, &checkedStream{ServerStream: ss, ctx: ctx, check: func(m any) error {
			return checkEventScope(p, m)
		}})
	}
}

// CheckTable refuses a caller whose token is limited to other tables than
// table ("events/<id>/sessions/<n>/sections/<letters>/tables/<n>").
func CheckTable(ctx context.Context, table string) error {
	if p, ok := PrincipalFrom(ctx); ok && !p.MayActAt(table) {
		return permissionDenied("token %q may not act at %s; it is limited to %v", p.Name, table, p.Tables)
	}
	return nil
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
