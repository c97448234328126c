package scoringservice

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	dealingservice "github.com/bridge-director/director/services/dealing"
	"github.com/bridge-director/director/services/gateway"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// served is the scoring service behind the real server, beside the movement
// service it asks for schedules and the dealing service it asks for deals,
// as the director binary runs them: gRPC and REST on loopback, fresh bbolt
// files, every write fsynced.
func served(b *testing.B) (grpcAddr, httpBase string) {
	b.Helper()
	svc, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	moves, err := movementservice.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	deals, err := dealingservice.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan platform.Addrs, 1)
	done := make(chan error, 1)
	go func() {
		done <- platform.Serve(ctx, platform.Config{
			GRPCAddr:  "127.0.0.1:0",
			HTTPAddr:  "127.0.0.1:0",
			Auth:      platform.DevelopmentAuthenticator(),
			Logger:    slog.New(slog.NewTextHandler(io.Discard, nil)),
			REST:      gateway.Options{}.Handler,
			Listening: func(a platform.Addrs) { addrs <- a },
		}, svc, moves, deals)
	}()
	var a platform.Addrs
	select {
	case a = <-addrs:
	case err := <-done:
		b.Fatal(err)
	}
	b.Cleanup(func() {
		cancel()
		<-done
	})
	return a.GRPC.String(), "http://" + a.HTTP.String()
}

// benchEntrants are the pairs of the benchmarks' section: as many as a
// section holds, for the tables slotFor seats them at.
func benchEntrants() []*movementv1.Entrant {
	pairs := make([]*movementv1.Entrant, resource.MaxEntrants)
	for i := range pairs {
		pairs[i] = &movementv1.Entrant{Number: int32(i + 1)}
	}
	return pairs
}

// slotFor spreads the n-th submission over the 99,900 slots of one round of
// a big event, each board played at all 100 tables of its section before
// the next (so every submission is checked against up to 99 others on its
// board, as in the biggest section). The pairs at table t are 2t-1 and 2t,
// so no pair has two results on a board.
func slotFor(n int64) (table, round, board int32) {
	return int32(n%100) + 1, 1, int32(n/100%999) + 1
}

// BenchmarkSubmitGRPC measures durable result submissions from 16 concurrent
// terminals over gRPC; b.N is the number of results.
func BenchmarkSubmitGRPC(b *testing.B) {
	grpcAddr, _ := served(b)
	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	client := scoringv1.NewScoringServiceClient(conn)
	moves := movementv1.NewMovementServiceClient(conn)
	ctx := context.Background()
	for _, err := range []error{
		call(moves.CreateEvent(ctx, &movementv1.CreateEventRequest{EventId: "bench", Event: &movementv1.Event{Scoring: &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_MATCHPOINTS}}})),
		call(moves.CreateSession(ctx, &movementv1.CreateSessionRequest{Parent: "events/bench", SessionId: 1})),
		call(moves.CreateSection(ctx, &movementv1.CreateSectionRequest{Parent: "events/bench/sessions/1", SectionId: "A", Section: &movementv1.Section{Entrants: benchEntrants()}})),
	} {
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	concurrently(b, 16, func(n int64, table, round, board int32) error {
		_, err := client.SubmitResult(ctx, &scoringv1.SubmitResultRequest{
			RequestId: fmt.Sprintf("bench-%d", n),
			Parent:    "events/bench",
			Result:    played(table, round, board, 2*table-1, 2*table, "4S", typev1.Seat_SEAT_NORTH, 10),
		})
		return err
	})
}

// BenchmarkSubmitREST measures the same over the REST gateway, from a
// club's 16 terminals and from a congress hall's 200.
func BenchmarkSubmitREST(b *testing.B) {
	for _, clients := range []int{16, 200} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) { submitREST(b, clients) })
	}
}

func submitREST(b *testing.B, clients int) {
	_, base := served(b)
	post := restPoster(base, clients)
	for _, step := range [][2]string{
		{"/v1/events", `{"event_id":"bench","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`},
		{"/v1/events/bench/sessions", `{"session_id":1}`},
		{"/v1/events/bench/sessions/1/sections", `{"section_id":"A","section":` + protojson.Format(&movementv1.Section{Entrants: benchEntrants()}) + `}`},
	} {
		if err := post(step[0], step[1]); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	concurrently(b, clients, func(n int64, table, round, board int32) error {
		return post("/v1/events/bench/results", fmt.Sprintf(
			`{"request_id":"bench-%d","result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":10}}}`,
			n, table, round, board, 2*table-1, 2*table))
	})
}

// restPoster returns a function that posts a JSON body to a path of the
// gateway at base, over as many connections as there are clients, and
// fails unless the answer is 200.
func restPoster(base string, clients int) func(path, body string) error {
	as := restSender(base, clients)
	return func(path, body string) error {
		_, err := as("", "POST", path, body)
		return err
	}
}

// restSender returns a function that sends a request with a JSON body (""
// for none) and a bearer token ("" for none) to a path of the gateway at
// base, over as many connections as there are clients, and answers the
// body of a 200 or an error.
func restSender(base string, clients int) func(token, method, path, body string) ([]byte, error) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	return func(token, method, path, body string) ([]byte, error) {
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		msg, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("%s %s: status %d: %s", method, path, resp.StatusCode, msg)
		}
		return msg, nil
	}
}

// BenchmarkSubmitRESTMitchell measures REST submissions from 64 terminals
// into the sections of a congress hall, each a 99-table Mitchell of 27
// rounds of two boards (5,346 results a section), with the schedule
// checked for every result, against the same results into sections without
// a movement, where only the pair numbers are checked. b.N is the number of
// results; they fill as many sections as they need, round by round.
func BenchmarkSubmitRESTMitchell(b *testing.B) {
	const tables, rounds, boardsPerRound = 99, 27, 2
	m, err := movement.Mitchell(tables, movement.MitchellOptions{Rounds: rounds})
	if err != nil {
		b.Fatal(err)
	}
	var slots []*scoringv1.Result
	for _, st := range m.Seatings {
		low, high := movement.Boards(st.Set, boardsPerRound, 1)
		for board := low; board <= high; board++ {
			slots = append(slots, played(int32(st.Table), int32(st.Round), int32(board), int32(st.NS), int32(st.EW), "4S", typev1.Seat_SEAT_NORTH, 10))
		}
	}
	var entrants []*movementv1.Entrant
	for _, e := range m.Entrants() {
		entrants = append(entrants, &movementv1.Entrant{Number: int32(e)})
	}
	choice := protojson.Format(&movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, Rounds: rounds, BoardsPerRound: boardsPerRound})
	for _, withMovement := range []bool{true, false} {
		name := map[bool]string{true: "schedule=mitchell-99", false: "schedule=none"}[withMovement]
		b.Run(name, func(b *testing.B) {
			_, base := served(b)
			post := restPoster(base, 64)
			if err := post("/v1/events", `{"event_id":"congress","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`); err != nil {
				b.Fatal(err)
			}
			if err := post("/v1/events/congress/sessions", `{"session_id":1}`); err != nil {
				b.Fatal(err)
			}
			for i := 0; i*len(slots) < b.N; i++ {
				id := fmt.Sprintf("S%d", i+1)
				if err := post("/v1/events/congress/sessions/1/sections", `{"section_id":"`+id+`","section":`+protojson.Format(&movementv1.Section{Entrants: entrants})+`}`); err != nil {
					b.Fatal(err)
				}
				if withMovement {
					if err := post("/v1/events/congress/sessions/1/sections/"+id+":setMovement", `{"choice":`+choice+`}`); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ResetTimer()
			concurrently(b, 64, func(n int64, _, _, _ int32) error {
				r := slots[(n-1)%int64(len(slots))]
				return post("/v1/events/congress/results", fmt.Sprintf(
					`{"request_id":"bench-%d","result":{"session":1,"section":"S%d","table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":10}}}`,
					n, (n-1)/int64(len(slots))+1, r.GetTable(), r.GetRound(), r.GetBoard(), r.GetNsPair(), r.GetEwPair()))
			})
		})
	}
}

// concurrently makes b.N submissions from workers goroutines, the n-th to
// its own slot, and reports the rate.
func concurrently(b *testing.B, workers int, submit func(n int64, table, round, board int32) error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := next.Add(1); n <= int64(b.N); n = next.Add(1) {
				table, round, board := slotFor(n)
				if err := submit(n, table, round, board); err != nil {
					failed.Store(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err, ok := failed.Load().(error); ok {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "results/s")
}

// BenchmarkTableEntryREST measures what a table's device does for every
// board over REST, with its own code: enter the result, have East-West
// confirm it, read the traveller; from one device at each of 200 tables, in
// four sections each playing a 50-table Mitchell (27 rounds of two boards,
// 100 boards: a board set holds at most 128). Without settings the lead is
// not asked for; with lead=must-comply each lead is checked against the
// deal of a set Director dealt, which scoring reads from dealing (and
// dealing records as read) for every result. b.N is the number of boards
// (results/s counts them); it reports the p50 and p99 of a board's three
// calls.
func BenchmarkTableEntryREST(b *testing.B) {
	const sections, tables, rounds, boardsPerRound = 4, 50, 27, 2
	m, err := movement.Mitchell(tables, movement.MitchellOptions{Rounds: rounds})
	if err != nil {
		b.Fatal(err)
	}
	var entrants []*movementv1.Entrant
	for _, e := range m.Entrants() {
		entrants = append(entrants, &movementv1.Entrant{Number: int32(e)})
	}
	letters := []string{"A", "B", "C", "D"}[:sections]
	for _, lead := range []bool{false, true} {
		b.Run(map[bool]string{false: "lead=off", true: "lead=must-comply"}[lead], func(b *testing.B) {
			if b.N > sections*len(m.Seatings)*boardsPerRound {
				b.Skipf("%d boards are more than the sections' %d", b.N, sections*len(m.Seatings)*boardsPerRound)
			}
			_, base := served(b)
			send := restSender(base, sections*tables)
			must := func(path, body string) []byte {
				raw, err := send("", "POST", path, body)
				if err != nil {
					b.Fatal(err)
				}
				return raw
			}
			must("/v1/events", `{"event_id":"congress","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`)
			must("/v1/events/congress/sessions", `{"session_id":1}`)
			leads := map[int]string{} // East's first card, for North's contracts
			if lead {
				var set struct {
					BoardSet struct {
						Boards []struct {
							Number int `json:"number"`
							Deal   struct {
								Pbn string `json:"pbn"`
							} `json:"deal"`
						} `json:"boards"`
					} `json:"board_set"`
				}
				if err := json.Unmarshal(must("/v1/events/congress/sessions/1/boardsets", `{"board_set_id":"main","board_set":{"first_board":1,"last_board":100}}`), &set); err != nil {
					b.Fatal(err)
				}
				for _, board := range set.BoardSet.Boards {
					deal, err := bridge.ParsePBNDeal(board.Deal.Pbn)
					if err != nil {
						b.Fatal(err)
					}
					leads[board.Number] = deal[bridge.East].Cards()[0].String()
				}
			}
			codes := map[string][]string{} // each section's codes by table
			for _, letter := range letters {
				section := "/v1/events/congress/sessions/1/sections/" + letter
				must("/v1/events/congress/sessions/1/sections", `{"section_id":"`+letter+`","section":`+protojson.Format(&movementv1.Section{Entrants: entrants})+`}`)
				must(section+":setMovement", `{"choice":`+protojson.Format(&movementv1.MovementChoice{Kind: movementv1.Kind_KIND_MITCHELL, Rounds: rounds, BoardsPerRound: boardsPerRound})+`}`)
				if lead {
					must(section+":setTerminalSettings", `{"settings":{"lead_card":"LEAD_CARD_ENTRY_MUST_COMPLY","board_set":"events/congress/sessions/1/boardsets/main"}}`)
				}
				var issued struct {
					Tokens []struct {
						Code string `json:"code"`
					} `json:"tokens"`
				}
				if err := json.Unmarshal(must(section+"/tabletokens:issue", `{}`), &issued); err != nil {
					b.Fatal(err)
				}
				for _, t := range issued.Tokens {
					codes[letter] = append(codes[letter], t.Code)
				}
			}
			// The boards in the order the tables play them: round by round,
			// the sections side by side.
			type entry struct {
				section                     string
				table, round, board, ns, ew int
			}
			var entries []entry
			for _, st := range m.Seatings {
				low, high := movement.Boards(st.Set, boardsPerRound, 1)
				for board := low; board <= high; board++ {
					for _, letter := range letters {
						entries = append(entries, entry{letter, st.Table, st.Round, board, st.NS, st.EW})
					}
				}
			}
			slices.SortStableFunc(entries, func(a, b entry) int { return a.round - b.round })
			var mu sync.Mutex
			var took []time.Duration
			b.ResetTimer()
			concurrently(b, sections*tables, func(n int64, _, _, _ int32) error {
				e := entries[n-1]
				code := codes[e.section][e.table-1]
				start := time.Now()
				_, err := send(code, "POST", "/v1/events/congress/results", fmt.Sprintf(
					`{"request_id":"r%d","result":{"section":%q,"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":10,"lead":"%s"}}}`,
					n, e.section, e.table, e.round, e.board, e.ns, e.ew, leads[e.board]))
				if err != nil {
					return err
				}
				name := fmt.Sprintf("events/congress/sessions/1/sections/%s/tables/%d/rounds/%d/boards/%d", e.section, e.table, e.round, e.board)
				if _, err := send(code, "POST", "/v1/"+name+":confirm", fmt.Sprintf(`{"request_id":"c%d","revision":1,"side":"SIDE_EAST_WEST"}`, n)); err != nil {
					return err
				}
				_, err = send(code, "GET", fmt.Sprintf("/v1/events/congress/boards/%d/traveller?section=%s", e.board, e.section), "")
				mu.Lock()
				took = append(took, time.Since(start))
				mu.Unlock()
				return err
			})
			b.StopTimer()
			slices.Sort(took)
			for _, p := range []int{50, 99} {
				b.ReportMetric(float64(took[(len(took)-1)*p/100])/float64(time.Millisecond), fmt.Sprintf("board-p%d-ms", p))
			}
		})
	}
}
