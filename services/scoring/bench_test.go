package scoringservice

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protojson"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/gateway"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// served is the scoring service behind the real server, beside the movement
// service it asks for schedules, as the director binary runs them: gRPC and
// REST on loopback, fresh bbolt files, every write fsynced.
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
		}, svc, moves)
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
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	post := func(path, body string) error {
		resp, err := client.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("POST %s: status %d", path, resp.StatusCode)
		}
		return nil
	}
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
