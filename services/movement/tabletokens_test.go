package movementservice

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/platform/platformtest"
)

const directorTokens = `tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: scorer, token: scorer-secret, roles: [scorer], events: [events/club-night]}
  - {name: reader, token: public-secret, roles: [public]}
`

func as(token string) context.Context {
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
}

// tokenHarness serves movement with a director's token file and a clock,
// with a four-table Mitchell in section A; the harness holds the service.
func tokenHarness(t testing.TB) (*harness, *platformtest.Clock) {
	t.Helper()
	c := platformtest.NewClock(time.Date(2026, 11, 24, 19, 0, 0, 0, time.UTC))
	svc, err := Open(t.TempDir(), WithClock(c.Now))
	if err != nil {
		t.Fatal(err)
	}
	conn, _ := platformtest.Serve(t, svc, platformtest.Tokens(t, directorTokens))
	h := &harness{client: movementv1.NewMovementServiceClient(conn), svc: svc}
	ctx := as("director-secret")
	if _, err := h.client.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "club-night", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/club-night", SessionId: 1}); err != nil {
		t.Fatal(err)
	}
	var entrants []*movementv1.Entrant
	for i := int32(1); i <= 8; i++ {
		entrants = append(entrants, &movementv1.Entrant{Number: i})
	}
	if _, err := h.client.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/club-night/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: entrants}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.client.SetMovement(ctx, &movementv1.SetMovementRequest{Name: sectionName, Choice: &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL}}); err != nil {
		t.Fatal(err)
	}
	return h, c
}

func (h *harness) issue(t *testing.T, req *movementv1.IssueTableTokensRequest) []*movementv1.TableToken {
	t.Helper()
	resp, err := h.client.IssueTableTokens(as("director-secret"), req)
	if err != nil {
		t.Fatalf("IssueTableTokens: %v", err)
	}
	return resp.GetTokens()
}

// TestATableLogsOnWithItsCode: a director issues a code for every table; a
// device logs on with its code, typed loosely, learns its table, and acts
// there and nowhere else.
func TestATableLogsOnWithItsCode(t *testing.T) {
	h, _ := tokenHarness(t)
	tokens := h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName})
	if len(tokens) != 4 {
		t.Fatalf("%d tokens for a four-table Mitchell", len(tokens))
	}
	seen := map[string]bool{}
	for i, tok := range tokens {
		if want := sectionName + "/tables/" + string(rune('1'+i)); tok.GetTable() != want {
			t.Errorf("token %d is for %s, want %s", i, tok.GetTable(), want)
		}
		if len(tok.GetCode()) != 19 || strings.Trim(tok.GetCode(), codeAlphabet+"-") != "" || seen[tok.GetCode()] {
			t.Errorf("code %q: want four groups of four of %s, none twice", tok.GetCode(), codeAlphabet)
		}
		seen[tok.GetCode()] = true
		if got := tok.GetExpireTime().AsTime().Sub(tok.GetCreateTime().AsTime()); got != defaultTokenTTL || tok.GetCreatedBy() != "club-director" {
			t.Errorf("token %d lasts %v, by %q; want %v by club-director", i, got, tok.GetCreatedBy(), defaultTokenTTL)
		}
	}
	// Table 3's device, its code typed in small letters without dashes.
	typed := strings.ToLower(strings.ReplaceAll(tokens[2].GetCode(), "-", ""))
	who, err := h.client.GetTableIdentity(as(typed), &movementv1.GetTableIdentityRequest{})
	if err != nil {
		t.Fatalf("who am I: %v", err)
	}
	if who.GetTable() != sectionName+"/tables/3" || who.GetSection() != sectionName || who.GetSession() != "events/club-night/sessions/1" ||
		who.GetEvent() != "events/club-night" || who.GetNumber() != 3 || !who.GetExpireTime().AsTime().Equal(tokens[2].GetExpireTime().AsTime()) {
		t.Errorf("who am I: %v", who)
	}
	round := func(table int32) error {
		_, err := h.client.GetTableRound(as(typed), &movementv1.GetTableRoundRequest{Section: sectionName, Table: table, Round: 1})
		return err
	}
	if err := round(3); err != nil {
		t.Errorf("table 3's round: %v", err)
	}
	_, err = h.client.SetTablePlayers(as(typed), &movementv1.SetTablePlayersRequest{Section: sectionName, Table: 2, Round: 1})
	wantCode(t, err, codes.PermissionDenied, "may not act at events/club-night/sessions/1/sections/A/tables/2")
	// The code is kept only as its SHA-256: no answer repeats it.
	_, err = h.client.GetTableIdentity(as("director-secret"), &movementv1.GetTableIdentityRequest{})
	wantCode(t, err, codes.PermissionDenied, "may not call")
}

// The director sees which tables' devices have logged on: a token records
// its device's first "who am I" once, in the change feed too, and the
// section's list of live tokens says so, without their codes.
func TestTheDirectorSeesWhichTablesLoggedOn(t *testing.T) {
	h, clock := tokenHarness(t)
	tokens := h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName})
	list := func() []*movementv1.TableToken {
		t.Helper()
		resp, err := h.client.ListTableTokens(as("director-secret"), &movementv1.ListTableTokensRequest{Section: sectionName})
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetTokens()
	}
	for i, tok := range list() {
		if tok.GetTable() != tokens[i].GetTable() || tok.GetCode() != "" || tok.GetLogonTime() != nil {
			t.Errorf("before any device logged on, token %d lists as %v", i, tok)
		}
	}
	logon := clock.Now()
	for range 2 {
		if _, err := h.client.GetTableIdentity(as(tokens[1].GetCode()), &movementv1.GetTableIdentityRequest{}); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Minute)
	}
	got := list()
	if len(got) != 4 || !got[1].GetLogonTime().AsTime().Equal(logon) || got[0].GetLogonTime() != nil || got[2].GetLogonTime() != nil {
		t.Errorf("after table 2's device logged on at %v: %v", logon, got)
	}
	changes, err := h.client.ListChanges(as("director-secret"), &movementv1.ListChangesRequest{Parent: "events/club-night", Since: new(uint64), PageSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	logons := 0
	for _, c := range changes.GetChanges() {
		if c.GetKind() == typev1.ChangeKind_CHANGE_KIND_TABLE_LOGGED_ON {
			logons++
			if c.GetName() != tokens[1].GetTable() {
				t.Errorf("a log-on of %s in the feed, want table 2's", c.GetName())
			}
		}
	}
	if logons != 1 {
		t.Errorf("%d log-ons in the feed, want table 2's once", logons)
	}
	// A table's device may not list them.
	_, err = h.client.ListTableTokens(as(tokens[1].GetCode()), &movementv1.ListTableTokensRequest{Section: sectionName})
	wantCode(t, err, codes.PermissionDenied, "may not call")
	_, err = h.client.ListTableTokens(as("director-secret"), &movementv1.ListTableTokensRequest{Section: "events/club-night/sessions/1/sections/Q"})
	wantCode(t, err, codes.NotFound, "sections/Q")
	// A revoked token, and one that expired, are no longer listed.
	if _, err := h.client.RevokeTableToken(as("director-secret"), &movementv1.RevokeTableTokenRequest{Table: tokens[0].GetTable()}); err != nil {
		t.Fatal(err)
	}
	if got := list(); len(got) != 3 || got[0].GetTable() != tokens[1].GetTable() {
		t.Errorf("after table 1's token was revoked: %v", got)
	}
	clock.Advance(defaultTokenTTL)
	if got := list(); len(got) != 0 {
		t.Errorf("after the tokens expired: %v", got)
	}
}

// TestATableTokenEndsWhenRevokedReissuedOrExpired: a revoked token is
// refused at the next call; issuing again for a table revokes its earlier
// token; an expired one is refused, each naming why, until it is
// forgotten.
func TestATableTokenEndsWhenRevokedReissuedOrExpired(t *testing.T) {
	h, c := tokenHarness(t)
	first := h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{1, 2}, Ttl: durationpb.New(time.Hour)})
	whoami := func(code string) error {
		_, err := h.client.GetTableIdentity(as(code), &movementv1.GetTableIdentityRequest{})
		return err
	}
	revoked, err := h.client.RevokeTableToken(as("director-secret"), &movementv1.RevokeTableTokenRequest{Table: sectionName + "/tables/1"})
	if err != nil {
		t.Fatal(err)
	}
	if revoked.GetToken().GetRevokedBy() != "club-director" || revoked.GetToken().GetCode() != "" {
		t.Errorf("revoked: %v, want it revoked by club-director and no code", revoked)
	}
	wantCode(t, whoami(first[0].GetCode()), codes.Unauthenticated, "the table token of events/club-night/sessions/1/sections/A/tables/1 was revoked at 2026-11-24T19:00:00Z by club-director")
	_, err = h.client.RevokeTableToken(as("director-secret"), &movementv1.RevokeTableTokenRequest{Table: sectionName + "/tables/1"})
	wantCode(t, err, codes.NotFound, "live table token")

	again := h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{2}})
	wantCode(t, whoami(first[1].GetCode()), codes.Unauthenticated, "was revoked")
	if err := whoami(again[0].GetCode()); err != nil {
		t.Errorf("table 2's new code: %v", err)
	}
	short := h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{3}, Ttl: durationpb.New(15 * time.Minute)})
	c.Advance(15 * time.Minute)
	wantCode(t, whoami(short[0].GetCode()), codes.Unauthenticated, "the table token of events/club-night/sessions/1/sections/A/tables/3 expired at 2026-11-24T19:15:00Z")
	wantCode(t, whoami("0000-0000-0000-0000"), codes.Unauthenticated, "not known")
	// A day after it expired a token is forgotten, once tokens are next
	// issued: its code is then unknown.
	c.Advance(forgetAfter + time.Second)
	h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{4}})
	wantCode(t, whoami(short[0].GetCode()), codes.Unauthenticated, "not known")
}

// TestTableTokensRefuseBadRequestsAndRoles names what is wrong, and lets
// only a director issue and revoke.
func TestTableTokensRefuseBadRequestsAndRoles(t *testing.T) {
	h, _ := tokenHarness(t)
	for _, tc := range []struct {
		req  *movementv1.IssueTableTokensRequest
		code codes.Code
		text string
	}{
		{&movementv1.IssueTableTokensRequest{Section: sectionName, Ttl: durationpb.New(time.Minute)}, codes.InvalidArgument, "ttl: 1m0s is outside 15m0s to 24h0m0s"},
		{&movementv1.IssueTableTokensRequest{Section: sectionName, Ttl: durationpb.New(48 * time.Hour)}, codes.InvalidArgument, "outside 15m0s to 24h0m0s"},
		{&movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{5}}, codes.InvalidArgument, "tables[0]: events/club-night/sessions/1/sections/A has tables 1 to 4, not 5"},
		{&movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{2, 2}}, codes.InvalidArgument, "tables[1]: table 2 is given twice"},
		{&movementv1.IssueTableTokensRequest{Section: "events/club-night/sessions/1/sections/B"}, codes.NotFound, "sections/B"},
		{&movementv1.IssueTableTokensRequest{Section: "events/other/sessions/1/sections/A"}, codes.PermissionDenied, "may not act on"},
	} {
		_, err := h.client.IssueTableTokens(as("director-secret"), tc.req)
		wantCode(t, err, tc.code, tc.text)
	}
	code := h.issue(t, &movementv1.IssueTableTokensRequest{Section: sectionName, Tables: []int32{1}})[0].GetCode()
	for _, token := range []string{code, "scorer-secret", "public-secret"} {
		_, err := h.client.IssueTableTokens(as(token), &movementv1.IssueTableTokensRequest{Section: sectionName})
		wantCode(t, err, codes.PermissionDenied, "may not call")
		_, err = h.client.RevokeTableToken(as(token), &movementv1.RevokeTableTokenRequest{Table: sectionName + "/tables/1"})
		wantCode(t, err, codes.PermissionDenied, "may not call")
	}
	_, err := h.client.GetTableIdentity(as(code), &movementv1.GetTableIdentityRequest{Code: code})
	wantCode(t, err, codes.InvalidArgument, "code: only a federation admin")
}

// BenchmarkTableToken measures what every call of a table's device costs
// its service in one process: the code's SHA-256 and a read of the store,
// among the codes of 200 tables.
func BenchmarkTableToken(b *testing.B) {
	svc, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer svc.Close()
	var codes []string
	err = svc.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		for n := 1; n <= 200; n++ {
			code, err := newCode()
			if err != nil {
				return err
			}
			codes = append(codes, code)
			t := &movementv1.TableToken{Table: fmt.Sprintf("%s/tables/%d", sectionName, n), ExpireTime: timestamppb.New(time.Now().Add(time.Hour))}
			if err := platform.PutMessage(tx.Bucket(bucketTableTokens), codeKey(code), t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := range b.N {
		if _, ok, err := svc.TableToken(ctx, codes[i%len(codes)]); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}
