package main

import (
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
