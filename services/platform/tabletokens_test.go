package platform

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// countingTokens knows one code and counts the questions it is asked.
type countingTokens struct {
	asked   int
	revoked bool
}

const testTable = "events/club/sessions/1/sections/A/tables/2"

func (c *countingTokens) TableToken(_ context.Context, token string) (Principal, bool, error) {
	c.asked++
	switch {
	case token != "ABCD":
		return Principal{}, false, nil
	case c.revoked:
		return Principal{}, false, Unauthenticated("revoked")
	}
	return TablePrincipal(testTable, time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)), true, nil
}

// TestCachedTableTokens: a service remembers a known token for a short
// time (never past its expiry), and asks again about every other.
func TestCachedTableTokens(t *testing.T) {
	now := time.Date(2026, 1, 1, 19, 0, 0, 0, time.UTC)
	next := &countingTokens{}
	cache := CachedTableTokens(next, func() time.Time { return now })
	ctx := context.Background()
	for range 3 {
		p, ok, err := cache.TableToken(ctx, "ABCD")
		if err != nil || !ok || p.Name != testTable || !p.MayActAt(testTable) || !p.MayActOn("events/club") || p.MayActAt("events/club/sessions/1/sections/A/tables/3") {
			t.Fatalf("known token: %+v %v %v", p, ok, err)
		}
	}
	for range 2 {
		if _, ok, _ := cache.TableToken(ctx, "WXYZ"); ok {
			t.Fatal("an unknown token was known")
		}
	}
	if next.asked != 3 {
		t.Fatalf("asked %d times, want once for the known token and each time for the unknown", next.asked)
	}
	next.revoked = true
	now = now.Add(CachedTableTokensTime)
	if _, _, err := cache.TableToken(ctx, "ABCD"); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("after the cache's time a revoked token: %v", err)
	}
	next.revoked = false
	now = now.Add(59*time.Minute + 55*time.Second) // 19:59:55, five seconds before it expires
	cache.TableToken(ctx, "ABCD")
	now = now.Add(5 * time.Second)
	asked := next.asked
	cache.TableToken(ctx, "ABCD")
	if next.asked != asked+1 {
		t.Error("a token was remembered past its expiry")
	}
}

// TestTableTokensInTheAuthenticator: a token the file does not list is a
// table's when the table tokens know it, in development mode too; a
// refusal says why; the file may not name a token like a table.
func TestTableTokensInTheAuthenticator(t *testing.T) {
	ctx := context.Background()
	for _, a := range []*Authenticator{DevelopmentAuthenticator(), mustParse(t, "tokens: [{name: d, token: director-secret, roles: [director]}]")} {
		next := &countingTokens{}
		a.UseTableTokens(next)
		if p, known, err := a.caller(ctx, "Bearer ABCD"); err != nil || !known || p.Name != testTable || p.Roles[0] != RoleTerminal {
			t.Errorf("development %v: the table's token: %+v %v %v", a.Development(), p, known, err)
		}
		next.revoked = true
		if _, _, err := a.caller(ctx, "Bearer ABCD"); status.Code(err) != codes.Unauthenticated || !strings.Contains(err.Error(), "revoked") {
			t.Errorf("development %v: a revoked table token: %v", a.Development(), err)
		}
	}
	if _, err := parseAuthConfig([]byte("tokens: [{name: events/club/sessions/1/sections/A/tables/1, token: x, roles: [terminal]}]")); err == nil || !strings.Contains(err.Error(), "the tables of table tokens") {
		t.Errorf("a token named like a table: %v", err)
	}
}

func mustParse(t *testing.T, yaml string) *Authenticator {
	t.Helper()
	a, err := parseAuthConfig([]byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	return a
}
