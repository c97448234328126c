package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing/doubledummy"
	"github.com/bridge-director/director/dealing/par"
)

// operation is an analysis as REST answers it.
type operation struct {
	Name     string `json:"name"`
	Done     bool   `json:"done"`
	Metadata struct {
		BoardsTotal  int `json:"boards_total"`
		BoardsSolved int `json:"boards_solved"`
	} `json:"metadata"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// boardRead is a board as GET .../boards/{board} answers it: the board, and
// its double-dummy table and par once analysed.
type boardRead struct {
	Board struct {
		Dealer        string `json:"dealer"`
		Vulnerability string `json:"vulnerability"`
		Deal          struct {
			Pbn string `json:"pbn"`
		} `json:"deal"`
	} `json:"board"`
	Analysis struct {
		DoubleDummy struct {
			Declarers []struct {
				Declarer string `json:"declarer"`
				NoTrump  int    `json:"no_trump"`
				Spades   int    `json:"spades"`
				Hearts   int    `json:"hearts"`
				Diamonds int    `json:"diamonds"`
				Clubs    int    `json:"clubs"`
			} `json:"declarers"`
		} `json:"double_dummy"`
		Par struct {
			Text string `json:"text"`
		} `json:"par"`
	} `json:"analysis"`
}

// TestAnalysisOverREST: releasing a set with the real binary starts its
// double-dummy analysis; the public follows the operation until it is done
// and reads the board with the table the solver finds for its deal and the
// dealer's par. Only the event's directors start an analysis, and until
// the set is released only they follow one.
func TestAnalysisOverREST(t *testing.T) {
	s := startWithTokens(t, `tokens:
  - {name: club-director, token: director-secret, roles: [director], events: [events/club-night]}
  - {name: club-scorer, token: scorer-secret, roles: [scorer], events: [events/club-night]}
  - {name: scoreboard, token: board-secret, roles: [public]}
`)
	s.token = "director-secret"
	clubEvent(t, s, false)
	const set = "/v1/events/club-night/sessions/1/boardsets/main"
	// One keyed board, the same deal at every run, which the solver and
	// the test each solve once.
	s.mustCall(t, "POST", "/v1/events/club-night/sessions/1/boardsets", `{"board_set_id":"main","board_set":{"first_board":1,"last_board":1,
		"method":"METHOD_KEYED","keys":{"owner":"Tuesday club","entropy":"f"}}}`, nil)

	for _, token := range []string{"scorer-secret", "board-secret"} {
		if resp, body := s.send(t, token, "POST", set+":solve", `{}`); resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s starting an analysis: %d %s; want 403", token, resp.StatusCode, body)
		}
	}
	var solving struct {
		Operation operation `json:"operation"`
	}
	s.mustCall(t, "POST", set+":solve", `{}`, &solving)
	if solving.Operation.Name != "events/club-night/sessions/1/boardsets/main/operations/1" || solving.Operation.Metadata.BoardsTotal != 1 {
		t.Fatalf("the director's analysis: %+v", solving.Operation)
	}
	if resp, body := s.send(t, "board-secret", "GET", "/v1/"+solving.Operation.Name, ""); resp.StatusCode != http.StatusForbidden {
		t.Errorf("the public following the analysis of a secret set: %d %s; want 403", resp.StatusCode, body)
	}

	var released struct {
		Analysis operation `json:"analysis"`
	}
	s.mustCall(t, "POST", set+":release", `{}`, &released)
	if released.Analysis.Name == "" {
		t.Fatal("the release started no analysis")
	}
	s.token = "board-secret"
	var got struct {
		Operation operation `json:"operation"`
	}
	for !got.Operation.Done {
		time.Sleep(200 * time.Millisecond) // the public's rate
		s.mustCall(t, "GET", "/v1/"+released.Analysis.Name, "", &got)
	}
	if got.Operation.Error != nil || got.Operation.Metadata.BoardsSolved != 1 {
		t.Fatalf("the analysis ended as %+v", got.Operation)
	}

	var board boardRead
	s.mustCall(t, "GET", set+"/boards/1", "", &board)
	deal, err := bridge.ParsePBNDeal(board.Board.Deal.Pbn)
	if err != nil {
		t.Fatal(err)
	}
	want, err := doubledummy.NewSolver().Table(context.Background(), deal)
	if err != nil {
		t.Fatal(err)
	}
	rows := board.Analysis.DoubleDummy.Declarers
	if len(rows) != 4 {
		t.Fatalf("board 1 carries %d rows of a table: %+v", len(rows), board.Analysis)
	}
	for i, seat := range bridge.DDSeats {
		r := rows[i]
		w := want[seat]
		if r.Declarer != "SEAT_"+map[bridge.Seat]string{bridge.North: "NORTH", bridge.East: "EAST", bridge.South: "SOUTH", bridge.West: "WEST"}[seat] ||
			[5]int{r.Clubs, r.Diamonds, r.Hearts, r.Spades, r.NoTrump} != w {
			t.Errorf("row %d: %+v; want %s taking %v (clubs to no trumps)", i+1, r, seat.Name(), w)
		}
	}
	b := bridge.NewBoard(1, deal)
	p, err := par.DealerPar(want, b.Dealer, b.Vulnerability)
	if err != nil || board.Analysis.Par.Text != p.String() {
		t.Errorf("par %q; want %q (%v)", board.Analysis.Par.Text, p.String(), err)
	}
	s.stop(t)
}
