package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestParsePeers(t *testing.T) {
	peers, err := parsePeers(" scoring=10.0.0.7:9090 ,dealing=host:1 ")
	if err != nil || peers["scoring"] != "10.0.0.7:9090" || peers["dealing"] != "host:1" || len(peers) != 2 {
		t.Errorf("parsePeers = %v, %v", peers, err)
	}
	for _, bad := range []string{"scoring", "scoring=", "bidding=host:1"} {
		if _, err := parsePeers(bad); err == nil || !strings.Contains(err.Error(), "want service=host:port") {
			t.Errorf("parsePeers(%q) = %v, want an error saying the form", bad, err)
		}
	}
}

func TestParseServices(t *testing.T) {
	if names, err := parseServices(" scoring, movement"); err != nil || strings.Join(names, ",") != "scoring,movement" {
		t.Errorf("parseServices = %q, %v", names, err)
	}
	if names, err := parseServices("gateway"); err != nil || len(names) != 0 {
		t.Errorf("the gateway alone: %q, %v; want no service", names, err)
	}
	for bad, want := range map[string]string{
		"gateway,scoring":  "runs no service and stands alone",
		"scoring,bidding":  `unknown service "bidding"`,
		"":                 `unknown service ""`,
		"scoring,scoring":  "names scoring twice",
		"scoring,,dealing": `unknown service ""`,
	} {
		if _, err := parseServices(bad); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseServices(%q) = %v, want an error saying %q", bad, err, want)
		}
	}
}

func TestParseFlagsEdge(t *testing.T) {
	t.Setenv("DIRECTOR_CORS_ORIGINS", "https://club.example.org")
	c, err := parseFlags([]string{"serve", "--max-body", "2048", "--tls-cert", "c.pem", "--tls-key", "k.pem", "--peer-ca", "p.pem"}, io.Discard)
	if err != nil || c.maxBody != 2048 || c.tls.Cert != "c.pem" || c.tls.Key != "k.pem" || c.tls.PeerCA != "p.pem" || c.corsOrigins != "https://club.example.org" {
		t.Errorf("parseFlags = %+v, %v", c, err)
	}
	if c, err := parseFlags(nil, io.Discard); err != nil || c.maxBody != 1<<20 {
		t.Errorf("default max body %d, %v; want 1 MiB", c.maxBody, err)
	}
	for _, bad := range []string{"0", "-1", "1MB"} {
		if _, err := parseFlags([]string{"--max-body", bad}, io.Discard); err == nil || !strings.Contains(err.Error(), "--max-body") {
			t.Errorf("--max-body %s: %v, want an error naming the flag", bad, err)
		}
	}
	if got := splitList(" https://a.example , ,https://b.example"); len(got) != 2 || got[1] != "https://b.example" {
		t.Errorf("splitList = %q", got)
	}
}

// TestSplitDeploymentWithTokensNeedsMutualTLS: the real binary, running
// rulings apart from scoring and movement with tokens required but without
// certificates, does not start and says which flags it needs.
func TestSplitDeploymentWithTokensNeedsMutualTLS(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	if err := os.WriteFile(cfg, []byte("tokens:\n- {name: club-director, token: director-secret, roles: [director]}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary, "serve", "--grpc-addr", freeAddr(t), "--http-addr", freeAddr(t), "--data", filepath.Join(dir, "data"),
		"--auth-config", cfg, "--services", "rulings", "--peer", "scoring=127.0.0.1:1,movement=127.0.0.1:1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("director started without mutual TLS:\n%s", out)
	}
	for _, flag := range []string{"--tls-cert", "--tls-key", "--tls-client-ca", "--peer-ca"} {
		if !strings.Contains(string(out), flag) {
			t.Errorf("the refusal does not name %s:\n%s", flag, out)
		}
	}
}

func TestVenueFlagsSayWhatIsMissing(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--nats-listen", "127.0.0.1:4222"}, "needs --nats-venues"},
		{[]string{"--nats-venues", "v.txt"}, "give --nats-listen or --nats-url too"},
		{[]string{"--nats-listen", "127.0.0.1:4222", "--nats-url", "nats://x:4222", "--nats-venues", "v.txt"}, "give one"},
		{[]string{"--nats-url", "nats://x:4222", "--nats-venues", "v.txt"}, "--nats-user and --nats-password"},
		{[]string{"--venue", "north"}, "both --venue and --federation"},
		{[]string{"--venue", "north", "--federation", "nats://x:4222"}, "needs --nats-password"},
		{[]string{"--venue", "North", "--federation", "nats://x:4222", "--nats-password", "p"}, "--venue: venue id"},
		{[]string{"--venue", "north", "--federation", "nats://x:4222", "--nats-password", "p", "--nats-listen", ":4222"}, "not both"},
		{[]string{"--venue", "north", "--federation", "nats://x:4222", "--nats-password", "p", "--services", "movement"}, "add scoring to --services"},
		{[]string{"--nats-listen", "127.0.0.1:4222", "--nats-venues", "v.txt", "--nats-replicas", "3"}, "only with --nats-url"},
		{[]string{"--nats-url", "nats://x:4222", "--nats-user", "f", "--nats-password", "p", "--nats-venues", "v.txt", "--nats-replicas", "x"}, "want 1 to 5"},
	} {
		if _, err := parseFlags(tc.args, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseFlags(%q) = %v, want an error saying %q", tc.args, err, tc.want)
		}
	}
	c, err := parseFlags([]string{"--venue", "north", "--federation", "nats://x:4222", "--nats-password", "p"}, io.Discard)
	if err != nil || c.venues.venue != "north" {
		t.Errorf("a venue's flags: %+v, %v", c.venues, err)
	}
}
