package platform

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"unicode"

	"sigs.k8s.io/yaml"
)

// authConfig is the YAML token file:
//
//	tokens:
//	  - name: club-director
//	    token: "s3cret"              # or token_sha256: "<64 hex digits>"
//	    roles: [director]
//	    events: [events/club-night]  # optional: acts on these events only
//	  - name: table-3
//	    token: "t3"
//	    roles: [terminal]
//	    tables: [events/club-night/sessions/1/sections/A/tables/3]  # optional: these tables only
//	rate_limits:                     # optional: per role, defaults in defaultRateLimits
//	  terminal: {per_second: 20, burst: 40}
//	  public: {per_second: 10, burst: 20}   # each anonymous client address
type authConfig struct {
	Tokens     []tokenConfig      `json:"tokens"`
	RateLimits map[Role]RateLimit `json:"rate_limits"`
}

type tokenConfig struct {
	Name        string   `json:"name"`
	Token       string   `json:"token"`
	TokenSHA256 string   `json:"token_sha256"`
	Roles       []Role   `json:"roles"`
	Events      []string `json:"events"`
	Tables      []string `json:"tables"`
}

// LoadAuthConfig reads the token file at path. Unknown keys, unknown roles,
// duplicate names or tokens, malformed event or table names, and rate limits
// that are not positive are errors.
func LoadAuthConfig(path string) (*Authenticator, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("auth config: %w", err)
	}
	a, err := parseAuthConfig(data)
	if err != nil {
		return nil, fmt.Errorf("auth config %s: %w", path, err)
	}
	return a, nil
}

func parseAuthConfig(data []byte) (*Authenticator, error) {
	var cfg authConfig
	if err := yaml.UnmarshalStrict(data, &cfg); err != nil {
		return nil, err
	}
	if len(cfg.Tokens) == 0 {
		return nil, fmt.Errorf("no tokens; list at least one, or start without an auth config for development mode")
	}
	limits, err := checkRateLimits(cfg.RateLimits)
	if err != nil {
		return nil, err
	}
	a := &Authenticator{limits: newLimiter(limits)}
	for i, tc := range cfg.Tokens {
		t, err := tc.entry()
		if err != nil {
			return nil, fmt.Errorf("tokens[%d]: %w", i, err)
		}
		for _, other := range a.tokens {
			if other.principal.Name == t.principal.Name {
				return nil, fmt.Errorf("tokens[%d]: name %q is used twice", i, t.principal.Name)
			}
			if other.hash == t.hash {
				return nil, fmt.Errorf("tokens[%d]: %q has the same token as %q", i, t.principal.Name, other.principal.Name)
			}
		}
		a.tokens = append(a.tokens, t)
	}
	return a, nil
}

func (tc tokenConfig) entry() (tokenEntry, error) {
	var t tokenEntry
	if tc.Name == "" {
		return t, fmt.Errorf("name is missing")
	}
	if strings.ContainsFunc(tc.Name, unicode.IsControl) || len(tc.Name) > 100 {
		return t, fmt.Errorf("name %q: at most 100 characters, none of them control characters", tc.Name)
	}
	if strings.HasPrefix(tc.Name, servicePrefix) {
		return t, fmt.Errorf("name %q: names that begin with %q are Director's own services", tc.Name, servicePrefix)
	}
	if strings.HasPrefix(tc.Name, tableNamePrefix) {
		return t, fmt.Errorf("name %q: names that begin with %q are the tables of table tokens", tc.Name, tableNamePrefix)
	}
	switch {
	case tc.Token != "" && tc.TokenSHA256 != "":
		return t, fmt.Errorf("%q: give token or token_sha256, not both", tc.Name)
	case tc.Token != "":
		t.hash = sha256.Sum256([]byte(tc.Token))
	case tc.TokenSHA256 != "":
		sum, err := hex.DecodeString(tc.TokenSHA256)
		if err != nil || len(sum) != sha256.Size {
			return t, fmt.Errorf("%q: token_sha256 must be 64 hex digits", tc.Name)
		}
		t.hash = [sha256.Size]byte(sum)
	default:
		return t, fmt.Errorf("%q: token or token_sha256 is missing", tc.Name)
	}
	if len(tc.Roles) == 0 {
		return t, fmt.Errorf("%q: roles are missing", tc.Name)
	}
	for _, r := range tc.Roles {
		if !slices.Contains(knownRoles, r) {
			return t, fmt.Errorf("%q: role %q is not one of %v", tc.Name, r, knownRoles)
		}
	}
	for _, e := range tc.Events {
		if id, ok := strings.CutPrefix(e, "events/"); !ok || id == "" || strings.Contains(id, "/") {
			return t, fmt.Errorf("%q: event %q is not of the form events/<id>", tc.Name, e)
		}
	}
	events := tc.Events
	for _, table := range tc.Tables {
		if _, err := ParseName("tables", table, "events/{event}/sessions/{session:n}/sections/{section:letters}/tables/{table:n}"); err != nil {
			return t, fmt.Errorf("%q: table %q is not of the form events/<id>/sessions/<n>/sections/<letters>/tables/<n>", tc.Name, table)
		}
		// A token for some tables acts only on their events.
		if event := table[:strings.Index(table, "/sessions/")]; !slices.Contains(events, event) {
			if len(tc.Events) > 0 {
				return t, fmt.Errorf("%q: table %q is not in its events", tc.Name, table)
			}
			events = append(events, event)
		}
	}
	t.principal = Principal{Name: tc.Name, Roles: tc.Roles, Events: events, Tables: tc.Tables}
	return t, nil
}

// checkRateLimits checks the rate limits of a token file and fills in the
// defaults: of the roles it leaves out, and a burst of twice the rate (at
// least 1) where it gives none.
func checkRateLimits(given map[Role]RateLimit) (map[Role]RateLimit, error) {
	limits := maps.Clone(defaultRateLimits)
	for role, lim := range given {
		if !slices.Contains(knownRoles, role) {
			return nil, fmt.Errorf("rate_limits: role %q is not one of %v", role, knownRoles)
		}
		if !(lim.PerSecond > 0) || lim.Burst < 0 {
			return nil, fmt.Errorf("rate_limits: %s: per_second must be above 0 and burst at least 0 (0 for twice the rate), got %v and %d", role, lim.PerSecond, lim.Burst)
		}
		if lim.Burst == 0 {
			lim.Burst = max(1, int(math.Ceil(2*lim.PerSecond)))
		}
		limits[role] = lim
	}
	return limits, nil
}
