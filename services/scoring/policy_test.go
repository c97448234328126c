package scoringservice

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
)

// servedWithTokens serves scoring with a director and the terminals of
// tables 3 and 4 of section A, each limited to its table.
func servedWithTokens(t *testing.T) (scoringv1.ScoringServiceClient, func(token string) context.Context) {
	t.Helper()
	dir := t.TempDir()
	config := filepath.Join(dir, "tokens.yaml")
	err := os.WriteFile(config, []byte(`tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: table-3, token: t3-secret, roles: [terminal], tables: [events/club-night/sessions/1/sections/A/tables/3]}
  - {name: table-4, token: t4-secret, roles: [terminal], tables: [events/club-night/sessions/1/sections/A/tables/4]}
`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	auth, err := platform.LoadAuthConfig(config)
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, dir, auth)
	as := func(token string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
	}
	h.setup = as("director-secret")
	h.createEvent(t, "club-night", scoringv1.Form_FORM_MATCHPOINTS)
	client := h.client
	return client, as
}

func passedOut(table, board int32) *scoringv1.SubmitResultRequest {
	return &scoringv1.SubmitResultRequest{Parent: "events/club-night", Result: &scoringv1.Result{
		Table: table, Round: 1, Board: board, NsPair: table, EwPair: table + 10, Outcome: &scoringv1.Result_PassedOut{PassedOut: &scoringv1.PassedOut{}}}}
}

func TestTerminalsActAtTheirTables(t *testing.T) {
	client, as := servedWithTokens(t)
	if _, err := client.SubmitResult(as("t3-secret"), passedOut(3, 1)); err != nil {
		t.Fatalf("table 3's result from table 3: %v", err)
	}
	_, err := client.SubmitResult(as("t3-secret"), passedOut(4, 1))
	if status.Code(err) != codes.PermissionDenied {
		t.Errorf("table 4's result from table 3: %v, want PermissionDenied", err)
	}
	other := passedOut(3, 2)
	other.Result.Section = "b"
	_, err = client.SubmitResult(as("t3-secret"), other)
	if status.Code(err) != codes.PermissionDenied {
		t.Errorf("table 3 of section B from section A's table 3: %v, want PermissionDenied", err)
	}
	name := "events/club-night/sessions/1/sections/A/tables/3/rounds/1/boards/1"
	// A result's history is the director's and the scorer's; a correction
	// names its table by the result's name.
	if _, err := client.GetResultHistory(as("t3-secret"), &scoringv1.GetResultHistoryRequest{Name: name}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("a terminal reading the history: %v, want PermissionDenied", err)
	}
	if _, err := client.GetResultHistory(as("director-secret"), &scoringv1.GetResultHistoryRequest{Name: name}); err != nil {
		t.Errorf("the director reading the history: %v", err)
	}
}

// TestRequestIDsAreEachCallers: two terminals that happen to use the same
// request_id enter two results; neither gets the other's answer or a
// conflict. Each one's retry gets its own answer.
func TestRequestIDsAreEachCallers(t *testing.T) {
	client, as := servedWithTokens(t)
	at3, at4 := passedOut(3, 1), passedOut(4, 1)
	at3.RequestId, at4.RequestId = "board-1", "board-1"
	first3, err := client.SubmitResult(as("t3-secret"), at3)
	if err != nil {
		t.Fatal(err)
	}
	first4, err := client.SubmitResult(as("t4-secret"), at4)
	if err != nil {
		t.Fatalf("table 4 with table 3's request_id: %v", err)
	}
	if first4.GetResult().GetTable() != 4 {
		t.Errorf("table 4 was answered %v", first4.GetResult())
	}
	again, err := client.SubmitResult(as("t3-secret"), at3)
	if err != nil || again.GetResult().GetName() != first3.GetResult().GetName() {
		t.Errorf("table 3's retry: %v, %v; want %v", again, err, first3)
	}
	list, err := client.ListResults(as("director-secret"), &scoringv1.ListResultsRequest{Parent: "events/club-night"})
	if err != nil || len(list.GetResults()) != 2 {
		t.Errorf("results: %v, %v; want two", list, err)
	}
}
