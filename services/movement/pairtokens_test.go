package movementservice

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

const pair5 = sectionName + "/entrants/5"

func (h *harness) issuePairs(t *testing.T, req *movementv1.IssuePairTokensRequest) []*movementv1.TableToken {
	t.Helper()
	resp, err := h.client.IssuePairTokens(as("director-secret"), req)
	if err != nil {
		t.Fatalf("IssuePairTokens: %v", err)
	}
	return resp.GetTokens()
}

// TestAPairsCodeActsWhereItsPairSits: in the four-table Mitchell East-West
// pair 5 sits at table 1 in round 1 and at table 2 in round 2. Its device
// learns so, and enters player numbers only at that table in that round:
// elsewhere, in another round, and in a round after the pair withdrew, it
// is refused, naming where the pair sits.
func TestAPairsCodeActsWhereItsPairSits(t *testing.T) {
	h, _ := tokenHarness(t)
	all := h.issuePairs(t, &movementv1.IssuePairTokensRequest{Section: sectionName})
	if len(all) != 8 || all[4].GetPair() != pair5 || all[4].GetTable() != "" || len(all[4].GetCode()) != 19 || all[4].GetCreatedBy() != "club-director" {
		t.Fatalf("issued %v, want a code for each of 8 pairs", all)
	}
	code := as(all[4].GetCode())
	who, err := h.client.GetTableIdentity(code, &movementv1.GetTableIdentityRequest{Round: 2})
	if err != nil {
		t.Fatal(err)
	}
	if who.GetPair() != pair5 || who.GetSection() != sectionName || who.GetRound() != 2 || who.GetTable() != sectionName+"/tables/2" || who.GetNumber() != 2 ||
		len(who.GetRounds()) != 3 || who.GetRounds()[0].GetTable() != 1 || who.GetRounds()[0].GetDirection() != typev1.Side_SIDE_EAST_WEST {
		t.Errorf("who am I in round 2: %v", who)
	}
	if first, err := h.client.GetTableIdentity(code, &movementv1.GetTableIdentityRequest{}); err != nil || first.GetRound() != 1 || first.GetNumber() != 1 {
		t.Errorf("who am I with no round: %v, %v; want round 1 at table 1", first, err)
	}

	players := func(table, round int32) error {
		_, err := h.client.SetTablePlayers(code, &movementv1.SetTablePlayersRequest{Section: sectionName, Table: table, Round: round})
		return err
	}
	// At its table the check passes: the numbers are then what is wrong.
	if err := players(2, 2); err == nil || status.Code(err) == codes.PermissionDenied {
		t.Errorf("pair 5's player numbers at table 2 in round 2: %v, want them checked", err)
	}
	wantCode(t, players(1, 2), codes.PermissionDenied, "pair "+pair5+" sits at "+sectionName+"/tables/2 East-West in round 2, not at "+sectionName+"/tables/1")
	wantCode(t, players(2, 1), codes.PermissionDenied, "sits at "+sectionName+"/tables/1 East-West in round 1")
	wantCode(t, players(2, 0), codes.InvalidArgument, "round: a pair's code acts in one round at a time")
	wantCode(t, players(2, 9), codes.PermissionDenied, "sits out round 9")

	if _, err := h.client.WithdrawEntrant(as("director-secret"), &movementv1.WithdrawEntrantRequest{Section: sectionName, Entrant: 5, FromRound: 3}); err != nil {
		t.Fatal(err)
	}
	wantCode(t, players(3, 3), codes.PermissionDenied, "pair "+pair5+" sits out round 3")
}

// TestAPairsCodeEndsWhenRevokedReissuedOrExpired: as a table's code.
func TestAPairsCodeEndsWhenRevokedReissuedOrExpired(t *testing.T) {
	h, c := tokenHarness(t)
	first := h.issuePairs(t, &movementv1.IssuePairTokensRequest{Section: sectionName, Pairs: []int32{5, 6}, Ttl: durationpb.New(time.Hour)})
	whoami := func(code string) error {
		_, err := h.client.GetTableIdentity(as(code), &movementv1.GetTableIdentityRequest{})
		return err
	}
	revoked, err := h.client.RevokePairToken(as("director-secret"), &movementv1.RevokePairTokenRequest{Pair: pair5})
	if err != nil {
		t.Fatal(err)
	}
	if revoked.GetToken().GetPair() != pair5 || revoked.GetToken().GetRevokedBy() != "club-director" || revoked.GetToken().GetCode() != "" {
		t.Errorf("revoked: %v", revoked)
	}
	wantCode(t, whoami(first[0].GetCode()), codes.Unauthenticated, "the pair token of "+pair5+" was revoked at 2026-11-24T19:00:00Z by club-director")
	_, err = h.client.RevokePairToken(as("director-secret"), &movementv1.RevokePairTokenRequest{Pair: pair5})
	wantCode(t, err, codes.NotFound, "live pair token")

	again := h.issuePairs(t, &movementv1.IssuePairTokensRequest{Section: sectionName, Pairs: []int32{6}})
	wantCode(t, whoami(first[1].GetCode()), codes.Unauthenticated, "was revoked")
	if err := whoami(again[0].GetCode()); err != nil {
		t.Errorf("pair 6's new code: %v", err)
	}
	// A table's code and a pair's are apart: issuing one revokes no other.
	table := h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{1}})
	if err := whoami(again[0].GetCode()); err != nil {
		t.Errorf("pair 6's code after table 1's was issued: %v", err)
	}
	if err := whoami(table[0].GetCode()); err != nil {
		t.Errorf("table 1's code: %v", err)
	}
	c.Advance(6 * time.Hour)
	wantCode(t, whoami(again[0].GetCode()), codes.Unauthenticated, "the pair token of "+sectionName+"/entrants/6 expired at 2026-11-25T01:00:00Z")
}

// TestPairTokensRefuseBadRequestsAndRoles names what is wrong, and lets
// only a director issue and revoke.
func TestPairTokensRefuseBadRequestsAndRoles(t *testing.T) {
	h, _ := tokenHarness(t)
	for _, tc := range []struct {
		req  *movementv1.IssuePairTokensRequest
		code codes.Code
		text string
	}{
		{&movementv1.IssuePairTokensRequest{Section: sectionName, Ttl: durationpb.New(time.Minute)}, codes.InvalidArgument, "ttl: 1m0s is outside 15m0s to 24h0m0s"},
		{&movementv1.IssuePairTokensRequest{Section: sectionName, Pairs: []int32{9}}, codes.InvalidArgument, "pairs[0]: events/club-night/sessions/1/sections/A has no entrant 9; its entrants are [1 2 3 4 5 6 7 8]"},
		{&movementv1.IssuePairTokensRequest{Section: sectionName, Pairs: []int32{2, 2}}, codes.InvalidArgument, "pairs[1]: pair 2 is given twice"},
		{&movementv1.IssuePairTokensRequest{Section: "events/club-night/sessions/1/sections/B"}, codes.NotFound, "sections/B"},
		{&movementv1.IssuePairTokensRequest{Section: "events/other/sessions/1/sections/A"}, codes.PermissionDenied, "may not act on"},
	} {
		_, err := h.client.IssuePairTokens(as("director-secret"), tc.req)
		wantCode(t, err, tc.code, tc.text)
	}
	_, err := h.client.RevokePairToken(as("director-secret"), &movementv1.RevokePairTokenRequest{Pair: sectionName + "/tables/5"})
	wantCode(t, err, codes.InvalidArgument, "pair")
	code := h.issuePairs(t, &movementv1.IssuePairTokensRequest{Section: sectionName, Pairs: []int32{5}})[0].GetCode()
	for _, token := range []string{code, "scorer-secret", "public-secret"} {
		_, err := h.client.IssuePairTokens(as(token), &movementv1.IssuePairTokensRequest{Section: sectionName})
		wantCode(t, err, codes.PermissionDenied, "may not call")
		_, err = h.client.RevokePairToken(as(token), &movementv1.RevokePairTokenRequest{Pair: pair5})
		wantCode(t, err, codes.PermissionDenied, "may not call")
	}
}

// BenchmarkPairToken measures what every call of a pair's device costs its
// service in one process: as a table's code, and the pair's seats in each
// round of the section's schedule in memory (a 15-table Mitchell).
func BenchmarkPairToken(b *testing.B) {
	h, _ := tokenHarness(b)
	var entrants []*movementv1.Entrant
	for i := int32(1); i <= 30; i++ {
		entrants = append(entrants, &movementv1.Entrant{Number: i})
	}
	director := as("director-secret")
	if _, err := h.client.CreateSection(director, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "B", Section: &movementv1.Section{Entrants: entrants}}); err != nil {
		b.Fatal(err)
	}
	const section = "events/club-night/sessions/1/sections/B"
	if _, err := h.client.SetMovement(director, &movementv1.SetMovementRequest{Name: section, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}}); err != nil {
		b.Fatal(err)
	}
	issued, err := h.client.IssuePairTokens(director, &movementv1.IssuePairTokensRequest{Section: section})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	tokens := issued.GetTokens()
	b.ResetTimer()
	for i := range b.N {
		if p, ok, err := h.svc.TableToken(ctx, tokens[i%len(tokens)].GetCode()); !ok || err != nil || len(p.Seats) != 15 {
			b.Fatal(p, ok, err)
		}
	}
}
