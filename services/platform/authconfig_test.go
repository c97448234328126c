package platform

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestLoadAuthConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "auth.yaml")
	config := `
tokens:
  - name: club-director
    token: "s3cret"       # a comment
    roles: [director]
    events: [events/club-night]
  - name: federation
    token_sha256: "2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b"
    roles: [federation-admin, scorer]
`
	if err := os.WriteFile(path, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	a, err := LoadAuthConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if a.Development() {
		t.Error("a loaded config is in development mode")
	}
	p, ok := a.authenticate("s3cret")
	if !ok || p.Name != "club-director" || !slices.Equal(p.Roles, []Role{RoleDirector}) || !slices.Equal(p.Events, []string{"events/club-night"}) {
		t.Errorf("s3cret authenticates as %+v, %v", p, ok)
	}
	// 2bb8… is the SHA-256 of "secret".
	if p, ok := a.authenticate("secret"); !ok || p.Name != "federation" {
		t.Errorf("secret authenticates as %+v, %v; want federation", p, ok)
	}
}

func TestLoadAuthConfigErrorsNameTheFileAndProblem(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadAuthConfig(filepath.Join(dir, "missing.yaml")); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: err = %v", err)
	}
	path := filepath.Join(dir, "auth.yaml")
	os.WriteFile(path, []byte("tokens: []\n"), 0o600)
	if _, err := LoadAuthConfig(path); err == nil || !strings.Contains(err.Error(), path+": no tokens") {
		t.Errorf("empty config: err = %v", err)
	}
}

func TestParseAuthConfigRejects(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"not yaml", "tokens: [", "yaml"},
		{"unknown key", "tokens:\n- name: a\n  token: x\n  role: [director]\n", `unknown field "role"`},
		{"no name", "tokens:\n- token: x\n  roles: [director]\n", "tokens[0]: name is missing"},
		{"no token", "tokens:\n- name: a\n  roles: [director]\n", `tokens[0]: "a": token or token_sha256 is missing`},
		{"both tokens", "tokens:\n- name: a\n  token: x\n  token_sha256: ab\n  roles: [director]\n", "not both"},
		{"short hash", "tokens:\n- name: a\n  token_sha256: abcd\n  roles: [director]\n", "64 hex digits"},
		{"no roles", "tokens:\n- name: a\n  token: x\n", `"a": roles are missing`},
		{"unknown role", "tokens:\n- name: a\n  token: x\n  roles: [tournament-director]\n", `role "tournament-director" is not one of`},
		{"a service's name", "tokens:\n- name: \"service:rulings\"\n  token: x\n  roles: [director]\n", `name "service:rulings": names that begin with "service:" are Director's own services`},
		{"control characters in a name", "tokens:\n- name: \"a\\u0000b\"\n  token: x\n  roles: [public]\n", "none of them control characters"},
		{"rate of an unknown role", "tokens:\n- {name: a, token: x, roles: [director]}\nrate_limits: {umpire: {per_second: 1}}\n", `rate_limits: role "umpire"`},
		{"rate of zero", "tokens:\n- {name: a, token: x, roles: [director]}\nrate_limits: {terminal: {per_second: 0, burst: 4}}\n", "per_second must be above 0"},
		{"negative burst", "tokens:\n- {name: a, token: x, roles: [director]}\nrate_limits: {terminal: {per_second: 2, burst: -1}}\n", "burst at least 0"},
		{"unknown rate key", "tokens:\n- {name: a, token: x, roles: [director]}\nrate_limits: {terminal: {rate: 2}}\n", `unknown field "rate"`},
		{"bad event", "tokens:\n- name: a\n  token: x\n  roles: [director]\n  events: [club-night]\n", `event "club-night" is not of the form events/<id>`},
		{"event with a session", "tokens:\n- name: a\n  token: x\n  roles: [director]\n  events: [events/a/sessions/1]\n", "is not of the form"},
		{"bad table", "tokens:\n- name: t\n  token: x\n  roles: [terminal]\n  tables: [events/a/tables/3]\n", `table "events/a/tables/3" is not of the form`},
		{"table outside its events", "tokens:\n- name: t\n  token: x\n  roles: [terminal]\n  events: [events/b]\n  tables: [events/a/sessions/1/sections/A/tables/3]\n", "is not in its events"},
		{"duplicate name", "tokens:\n- {name: a, token: x, roles: [director]}\n- {name: a, token: y, roles: [scorer]}\n", `tokens[1]: name "a" is used twice`},
		{"duplicate token", "tokens:\n- {name: a, token: x, roles: [director]}\n- {name: b, token: x, roles: [scorer]}\n", `"b" has the same token as "a"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseAuthConfig([]byte(tt.yaml))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func FuzzParseAuthConfig(f *testing.F) {
	f.Add([]byte("tokens:\n- name: a\n  token: x\n  roles: [director]\n  events: [events/club-night]\n"))
	f.Add([]byte("tokens:\n- {name: b, token_sha256: 2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b, roles: [scorer, terminal]}\n"))
	f.Add([]byte("tokens: []\n"))
	f.Add([]byte("tokens:\n- {name: p, token: y, roles: [public]}\nrate_limits: {public: {per_second: 0.5}, terminal: {per_second: 3, burst: 1}}\n"))
	f.Add([]byte("{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := parseAuthConfig(data)
		if err != nil {
			return
		}
		// Whatever parses is a usable set of distinct, valid tokens.
		if len(a.tokens) == 0 || a.Development() {
			t.Fatalf("accepted config with %d tokens, development %v", len(a.tokens), a.Development())
		}
		for role, lim := range a.limits.limits {
			if !(lim.PerSecond > 0) || lim.Burst < 1 {
				t.Fatalf("accepted rate limit %+v for %s", lim, role)
			}
		}
		for i, tok := range a.tokens {
			if tok.principal.Name == "" || len(tok.principal.Roles) == 0 {
				t.Fatalf("token %d accepted without name or roles: %+v", i, tok.principal)
			}
			for _, e := range tok.principal.Events {
				if ev, ok := eventOf(e); !ok || ev != e {
					t.Fatalf("token %d accepted event %q", i, e)
				}
			}
		}
	})
}

func TestTableTokensActOnTheirTablesAndEvents(t *testing.T) {
	a, err := parseAuthConfig([]byte("tokens:\n- name: t3\n  token: x\n  roles: [terminal]\n  tables: [events/club/sessions/1/sections/A/tables/3]\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := a.tokens[0].principal
	if !p.MayActAt("events/club/sessions/1/sections/A/tables/3") || p.MayActAt("events/club/sessions/1/sections/A/tables/4") {
		t.Errorf("table 3's token: at table 3 %v, at table 4 %v; want only table 3", p.MayActAt("events/club/sessions/1/sections/A/tables/3"), p.MayActAt("events/club/sessions/1/sections/A/tables/4"))
	}
	if !p.MayActOn("events/club") || p.MayActOn("events/other") {
		t.Errorf("table 3's token acts on events %v; want events/club only", p.Events)
	}
	if (Principal{Name: "d"}).MayActAt("events/club/sessions/1/sections/A/tables/4") == false {
		t.Error("a token without tables may not act at a table")
	}
}

func TestParseAuthConfigRolesAndRateLimits(t *testing.T) {
	a, err := parseAuthConfig([]byte(`
tokens:
  - {name: scoreboard, token: x, roles: [public]}
rate_limits:
  terminal: {per_second: 5}
  public: {per_second: 1.5, burst: 3}
`))
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := a.authenticate("x"); !ok || !slices.Equal(p.Roles, []Role{RolePublic}) {
		t.Errorf("public token authenticates as %+v, %v", p, ok)
	}
	want := map[Role]RateLimit{
		RoleTerminal:        {PerSecond: 5, Burst: 10}, // burst defaults to twice the rate
		RolePublic:          {PerSecond: 1.5, Burst: 3},
		RoleDirector:        defaultRateLimits[RoleDirector],
		RoleScorer:          defaultRateLimits[RoleScorer],
		RoleFederationAdmin: defaultRateLimits[RoleFederationAdmin],
	}
	for role, w := range want {
		if got := a.limits.limitOf([]Role{role}); got != w {
			t.Errorf("%s: limit %+v, want %+v", role, got, w)
		}
	}
	// A token with several roles has the most generous of their limits.
	if got := a.limits.limitOf([]Role{RoleTerminal, RoleDirector}); got != defaultRateLimits[RoleDirector] {
		t.Errorf("terminal and director: %+v, want the director's", got)
	}
}
