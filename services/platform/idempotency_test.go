package platform

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

const submitResult = "/bridge.scoring.v1.ScoringService/SubmitResult"

// submit stores the request's title as a new result and answers with the
// result's number, the way a scoring handler would.
func submit(t testing.TB, s *Store, req proto.Message) (*wrapperspb.UInt64Value, error) {
	t.Helper()
	return submitIn(t, context.Background(), s, req)
}

// submitIn is submit in the context of a call.
func submitIn(t testing.TB, ctx context.Context, s *Store, req proto.Message) (*wrapperspb.UInt64Value, error) {
	t.Helper()
	id := requestIDOf(req)
	resp := &wrapperspb.UInt64Value{}
	err := s.Mutate(ctx, submitResult, id, req, resp, func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte("results"))
		if err != nil {
			return err
		}
		n, err := b.NextSequence()
		if err != nil {
			return err
		}
		title := req.ProtoReflect().Get(requestDesc.Fields().ByName("title")).String()
		if title == "fail" {
			return FailedPrecondition("board 3 is not in play in round 2")
		}
		resp.Value = n
		return b.Put(Uint64Key(n), []byte(title))
	})
	return resp, err
}

func resultCount(t testing.TB, s *Store) int {
	t.Helper()
	n := 0
	s.View(func(tx *bbolt.Tx) error {
		if b := tx.Bucket([]byte("results")); b != nil {
			n = b.Stats().KeyN
		}
		return nil
	})
	return n
}

func TestMutateReplaysRetriedRequest(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	req := newRequest(t, `{"parent":"events/a/sessions/1","request_id":"r-1","title":"4S= by N"}`)

	first, err := submit(t, s, req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := submit(t, s, newRequest(t, `{"request_id":"r-1","title":"4S= by N","parent":"events/a/sessions/1"}`))
	if err != nil {
		t.Fatalf("retry: %v", err)
	}
	if !proto.Equal(first, again) {
		t.Errorf("retry answered %v, first answer was %v", again, first)
	}
	if n := resultCount(t, s); n != 1 {
		t.Errorf("%d results stored after a retry, want 1", n)
	}

	other, err := submit(t, s, newRequest(t, `{"parent":"events/a/sessions/1","request_id":"r-2","title":"4S= by N"}`))
	if err != nil || other.Value != first.Value+1 {
		t.Errorf("a new request_id answered %v, %v; want result %d", other, err, first.Value+1)
	}
}

// TestMutateAfterTheInterceptorLooked: Mutate trusts the interceptor's
// look-up only for the request it looked up, and a first attempt committed
// after that look-up still answers the retry, from inside the write.
func TestMutateAfterTheInterceptorLooked(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	first, err := submit(t, s, newRequest(t, `{"request_id":"r-1","title":"4S= by N"}`))
	if err != nil {
		t.Fatal(err)
	}
	looked := func(req proto.Message) context.Context {
		fp, err := fingerprint(req)
		if err != nil {
			t.Fatal(err)
		}
		return context.WithValue(context.Background(), idempotencyScopeKey{}, idempotencyScope{looked: req, fp: fp})
	}
	// Looked up before the first attempt was committed.
	retry := newRequest(t, `{"request_id":"r-1","title":"4S= by N"}`)
	again, err := submitIn(t, looked(retry), s, retry)
	if err != nil || !proto.Equal(again, first) {
		t.Errorf("a retry looked up too early: %v, %v; want the first answer %v", again, err, first)
	}
	if n := resultCount(t, s); n != 1 {
		t.Errorf("%d results stored after the retry, want 1", n)
	}
	// The look-up of one request says nothing of another.
	other := newRequest(t, `{"request_id":"r-1","title":"3NT+1 by S"}`)
	if _, err := submitIn(t, looked(retry), s, other); status.Code(err) != codes.AlreadyExists {
		t.Errorf("another request under the looked-up request's ID: %v, want AlreadyExists", err)
	}
}

func TestMutateRejectsReusedRequestID(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	if _, err := submit(t, s, newRequest(t, `{"request_id":"r-1","title":"4S= by N"}`)); err != nil {
		t.Fatal(err)
	}
	_, err := submit(t, s, newRequest(t, `{"request_id":"r-1","title":"3NT+1 by S"}`))
	if status.Code(err) != codes.AlreadyExists || status.Convert(err).Message() != "request_id r-1 was already used for a different request" {
		t.Fatalf("reused request_id: err = %v, want AlreadyExists naming r-1", err)
	}
	if n := resultCount(t, s); n != 1 {
		t.Errorf("%d results stored, want 1", n)
	}
}

func TestMutateStoresNothingWhenFnFails(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	_, err := submit(t, s, newRequest(t, `{"request_id":"r-1","title":"fail"}`))
	if status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("err = %v, want the FailedPrecondition of fn unchanged", err)
	}
	if n := resultCount(t, s); n != 0 {
		t.Errorf("%d results stored after fn failed, want 0", n)
	}
	s.View(func(tx *bbolt.Tx) error {
		if b := bucketAt(tx, idempotencyBucket, submitResult); b != nil && b.Get(idempotencyScope{}.recordKey("r-1")) != nil {
			t.Error("idempotency record stored for a failed request")
		}
		return nil
	})
	// The same request_id, now with a valid request, runs.
	resp, err := submit(t, s, newRequest(t, `{"request_id":"r-1","title":"4S= by N"}`))
	if err != nil || resp.Value == 0 {
		t.Errorf("retry after failure: %v, %v", resp, err)
	}
}

func TestMutateReplaysAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scoring.db")
	s, err := OpenStore(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req := newRequest(t, `{"request_id":"r-1","title":"4S= by N"}`)
	first, err := submit(t, s, req)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = openTestStore(t, path, nil)
	again, err := submit(t, s, req)
	if err != nil || !proto.Equal(first, again) {
		t.Fatalf("retry after restart: %v, %v; want %v", again, err, first)
	}
	if n := resultCount(t, s); n != 1 {
		t.Errorf("%d results after restart and retry, want 1", n)
	}
}

func TestMutateWithoutRequestIDAlwaysRuns(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	req := newRequest(t, `{"title":"4S= by N"}`)
	for range 3 {
		if _, err := submit(t, s, req); err != nil {
			t.Fatal(err)
		}
	}
	if n := resultCount(t, s); n != 3 {
		t.Errorf("%d results, want 3", n)
	}
}

func TestMutateHonoursCancelledContext(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := s.Mutate(ctx, submitResult, "r-1", newRequest(t, `{}`), &wrapperspb.UInt64Value{}, func(*bbolt.Tx) error {
		t.Error("fn ran with a cancelled context")
		return nil
	})
	if status.Code(err) != codes.Canceled {
		t.Errorf("err = %v, want Canceled", err)
	}
}

func TestMutateConcurrentWritesAllLand(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil, WithMaxBatch(4))
	const workers, perWorker = 16, 25
	var wg sync.WaitGroup
	var failures atomic.Int32
	seen := sync.Map{}
	for w := range workers {
		wg.Go(func() {
			for i := range perWorker {
				req := newRequest(t, fmt.Sprintf(`{"request_id":"w%d-%d","title":"board %d"}`, w, i, i))
				resp, err := submit(t, s, req)
				if err != nil {
					t.Errorf("worker %d write %d: %v", w, i, err)
					failures.Add(1)
					continue
				}
				if _, dup := seen.LoadOrStore(resp.Value, req); dup {
					t.Errorf("result number %d given twice", resp.Value)
				}
			}
			// Every worker also resends one shared request, as terminals do.
			if _, err := submit(t, s, newRequest(t, `{"request_id":"shared","title":"3NT= by E"}`)); err != nil {
				t.Errorf("shared request: %v", err)
			}
		})
	}
	wg.Wait()
	if n := resultCount(t, s); n != workers*perWorker+1 {
		t.Errorf("%d results stored, want %d", n, workers*perWorker+1)
	}
}

func TestSweepIdempotencyDeletesOldRecords(t *testing.T) {
	start := time.Date(2026, 5, 2, 19, 30, 0, 0, time.UTC)
	now := start
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil, WithClock(func() time.Time { return now }))

	old := newRequest(t, `{"request_id":"old","title":"4S= by N"}`)
	recent := newRequest(t, `{"request_id":"recent","title":"4S= by N"}`)
	if _, err := submit(t, s, old); err != nil {
		t.Fatal(err)
	}
	now = start.Add(48 * time.Hour)
	recentResp, err := submit(t, s, recent)
	if err != nil {
		t.Fatal(err)
	}

	n, err := s.SweepIdempotency(start.Add(24 * time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("SweepIdempotency = %d, %v; want 1 deleted", n, err)
	}
	if resp, _ := submit(t, s, recent); !proto.Equal(resp, recentResp) {
		t.Errorf("recent record swept: retry answered %v, want %v", resp, recentResp)
	}
	if _, err := submit(t, s, old); err != nil {
		t.Fatal(err)
	}
	if got := resultCount(t, s); got != 3 {
		t.Errorf("%d results; want 3 (the swept request ran again)", got)
	}
}

func TestFingerprintIgnoresRequestIDOnly(t *testing.T) {
	base := mustFingerprint(t, newRequest(t, `{"request_id":"a","title":"4S= by N","parent":"events/a"}`))
	if fp := mustFingerprint(t, newRequest(t, `{"request_id":"b","parent":"events/a","title":"4S= by N"}`)); string(fp) != string(base) {
		t.Error("fingerprint depends on request_id or field order")
	}
	if fp := mustFingerprint(t, newRequest(t, `{"request_id":"a","title":"4S= by N","parent":"events/b"}`)); string(fp) == string(base) {
		t.Error("fingerprint ignores a changed field")
	}
}

func mustFingerprint(t *testing.T, req proto.Message) []byte {
	t.Helper()
	fp, err := fingerprint(req)
	if err != nil {
		t.Fatal(err)
	}
	return fp
}

func TestMutateReportsCorruptRecord(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b, err := createBucketAt(tx, idempotencyBucket, submitResult)
		if err != nil {
			return err
		}
		return b.Put(idempotencyScope{}.recordKey("r-1"), []byte("short"))
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = submit(t, s, newRequest(t, `{"request_id":"r-1"}`))
	if status.Code(err) != codes.DataLoss {
		t.Errorf("err = %v, want DataLoss", err)
	}
}

// BenchmarkMutateConcurrent measures durable idempotent writes (each with
// its fsync'd commit) from 16 concurrent clients.
func BenchmarkMutateConcurrent(b *testing.B) {
	benchmarkMutate(b, openTestStore(b, filepath.Join(b.TempDir(), "scoring.db"), nil), 16)
}

// BenchmarkMutateSequential measures one client waiting for each write.
func BenchmarkMutateSequential(b *testing.B) {
	benchmarkMutate(b, openTestStore(b, filepath.Join(b.TempDir(), "scoring.db"), nil), 1)
}

func benchmarkMutate(b *testing.B, s *Store, clients int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	for range clients {
		wg.Go(func() {
			for i := next.Add(1); i <= int64(b.N); i = next.Add(1) {
				req := newRequest(b, fmt.Sprintf(`{"request_id":"r-%d","title":"board %d"}`, i, i%36+1))
				if _, err := submit(b, s, req); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "writes/s")
}

func TestMutateOnAClosedStoreIsUnavailable(t *testing.T) {
	s, err := OpenStore(filepath.Join(t.TempDir(), "scoring.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := s.Close(); err != nil {
		t.Errorf("closing twice: %v", err)
	}
	_, err = submit(t, s, newRequest(t, `{"title":"4S= by N"}`))
	if status.Code(err) != codes.Unavailable {
		t.Errorf("Mutate on a closed store: err = %v, want Unavailable", err)
	}
}

func TestStoreSweepsOldAnswersInTheBackground(t *testing.T) {
	start := time.Date(2026, 5, 2, 19, 30, 0, 0, time.UTC)
	var now atomic.Int64
	now.Store(start.UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()) }
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil, WithClock(clock), WithRetention(24*time.Hour, time.Millisecond))
	if _, err := submit(t, s, newRequest(t, `{"request_id":"monday","title":"4S= by N"}`)); err != nil {
		t.Fatal(err)
	}
	records := func() int {
		n := 0
		s.View(func(tx *bbolt.Tx) error {
			return tx.Bucket([]byte(idempotencyBucket)).ForEachBucket(func(m []byte) error {
				n += tx.Bucket([]byte(idempotencyBucket)).Bucket(m).Stats().KeyN
				return nil
			})
		})
		return n
	}
	if records() != 1 {
		t.Fatalf("%d answers kept after one request, want 1", records())
	}
	now.Store(start.Add(48 * time.Hour).UnixNano())
	for range 500 {
		if records() == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the two-day-old answer was not swept (%d kept)", records())
}

// TestMutateKeysAreScopedToCallerAndEvent: a request ID is the caller's in
// the event the request names; another caller's (or another event's) use of
// it is a new request, neither a conflict nor a replay.
func TestMutateKeysAreScopedToCallerAndEvent(t *testing.T) {
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	as := func(caller, event string) context.Context {
		return context.WithValue(context.Background(), idempotencyScopeKey{}, idempotencyScope{caller: caller, event: event})
	}
	write := func(ctx context.Context, title string) (uint64, error) {
		req := newRequest(t, `{"request_id":"r-1","title":"`+title+`"}`)
		resp := &wrapperspb.UInt64Value{}
		err := s.Mutate(ctx, submitResult, "r-1", req, resp, func(tx *bbolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists([]byte("results"))
			if err != nil {
				return err
			}
			resp.Value, err = b.NextSequence()
			return err
		})
		return resp.Value, err
	}
	first, err := write(as("table-1", "events/a"), "4S= by N")
	if err != nil {
		t.Fatal(err)
	}
	if again, err := write(as("table-1", "events/a"), "4S= by N"); err != nil || again != first {
		t.Errorf("the same caller's retry: %d, %v; want the first answer %d", again, err, first)
	}
	if _, err := write(as("table-1", "events/a"), "3NT by S"); status.Code(err) != codes.AlreadyExists {
		t.Errorf("the same caller's other request: %v, want AlreadyExists", err)
	}
	other, err := write(as("table-2", "events/a"), "3NT by S")
	if err != nil || other == first {
		t.Errorf("another caller's request: %d, %v; want a new answer", other, err)
	}
	elsewhere, err := write(as("table-1", "events/b"), "4S= by N")
	if err != nil || elsewhere == first || elsewhere == other {
		t.Errorf("the same caller in another event: %d, %v; want a new answer", elsewhere, err)
	}
}

// scoreDesc serves TestService's Score as a scoring handler would: each new
// request stores a result through Mutate, answered with its number.
func scoreDesc(s *Store) *grpc.ServiceDesc {
	return &grpc.ServiceDesc{
		ServiceName: testService,
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{{
			MethodName: "Score",
			Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
				in := dynamicpb.NewMessage(requestDesc)
				if err := dec(in); err != nil {
					return nil, err
				}
				return interceptor(ctx, in, &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + testService + "/Score"}, func(ctx context.Context, req any) (any, error) {
					resp := &wrapperspb.StringValue{}
					err := s.Mutate(ctx, "/"+testService+"/Score", requestIDOf(in), in, resp, func(tx *bbolt.Tx) error {
						b, err := tx.CreateBucketIfNotExists([]byte("results"))
						if err != nil {
							return err
						}
						n, err := b.NextSequence()
						resp.Value = fmt.Sprint(n)
						return err
					})
					return resp, err
				})
			},
		}},
	}
}

// TestServiceCallsHaveTheirOwnRequestIDs: a service calling on a user's
// behalf does not share the user's request IDs. A user who sends the
// request ID that the outbox will derive neither makes the service's call
// a conflict nor has it answered with the user's answer; the service's
// retry is answered from its own record.
func TestServiceCallsHaveTheirOwnRequestIDs(t *testing.T) {
	store := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil)
	conn := NewInProcess((&logBuffer{}).logger(), testAuthenticator(t), testPolicy,
		map[string]*Store{"/" + testService + "/Score": store})
	conn.RegisterService(scoreDesc(store), struct{}{})
	call := func(ctx context.Context, title string) (string, error) {
		resp := &wrapperspb.StringValue{}
		err := conn.Invoke(ctx, "/"+testService+"/Score", newRequest(t, `{"parent":"events/club-night","request_id":"penalty-1f2e","title":"`+title+`"}`), resp)
		return resp.GetValue(), err
	}
	user := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer director-secret")
	service := WithServiceIdentity(context.Background(), "rulings", "club-director")

	planted, err := call(user, "a penalty of the director's own")
	if err != nil {
		t.Fatal(err)
	}
	delivered, err := call(service, "the ruling's penalty")
	if err != nil || delivered == planted {
		t.Fatalf("the service's call under the user's request ID: %q, %v; want a new answer (the user's was %q)", delivered, err, planted)
	}
	if again, err := call(service, "the ruling's penalty"); err != nil || again != delivered {
		t.Errorf("the service's retry: %q, %v; want its first answer %q", again, err, delivered)
	}
	if again, err := call(user, "a penalty of the director's own"); err != nil || again != planted {
		t.Errorf("the user's retry: %q, %v; want their first answer %q", again, err, planted)
	}
}

// TestSweepGoesAChunkAtATime: a sweep of more records than one chunk looks
// at deletes every old and damaged one across the chunks and keeps every
// recent one, and no chunk looks at more than sweepChunkSize records.
func TestSweepGoesAChunkAtATime(t *testing.T) {
	start := time.Date(2026, 5, 2, 19, 30, 0, 0, time.UTC)
	now := start
	s := openTestStore(t, filepath.Join(t.TempDir(), "scoring.db"), nil, WithClock(func() time.Time { return now }))
	const perMethod = sweepChunkSize + sweepChunkSize/2
	methods := []string{submitResult, "/bridge.scoring.v1.ScoringService/ApplyPenalty"}
	write := func(from, to int) {
		t.Helper()
		err := s.batch(func(tx *bbolt.Tx) error {
			for _, m := range methods {
				for i := from; i < to; i++ {
					key := []byte(fmt.Sprintf("events/a\x00table-1\x00r-%05d", i))
					if err := s.putRecord(tx, m, key, make([]byte, 32), wrapperspb.UInt64(uint64(i))); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	write(0, perMethod/2) // a week old
	now = start.Add(7 * 24 * time.Hour)
	write(perMethod/2, perMethod) // today
	err := s.batch(func(tx *bbolt.Tx) error {
		return bucketAt(tx, idempotencyBucket, submitResult).Put([]byte("events/a\x00table-1\x00r-damaged"), []byte("short"))
	})
	if err != nil {
		t.Fatal(err)
	}

	// One chunk at a time, as the sweep runs them.
	var from sweepPos
	total, chunks := 0, 0
	for {
		var n int
		var next sweepPos
		if err := s.batch(func(tx *bbolt.Tx) error {
			var err error
			n, next, err = sweepChunk(tx, start.Add(24*time.Hour).UnixNano(), from, sweepChunkSize)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if n > sweepChunkSize {
			t.Fatalf("one chunk deleted %d records, more than the %d it may look at", n, sweepChunkSize)
		}
		total, chunks = total+n, chunks+1
		if next.method == nil {
			break
		}
		from = next
	}
	if want := 2*(perMethod/2) + 1; total != want {
		t.Errorf("deleted %d records, want the %d old and damaged ones", total, want)
	}
	if want := (2*perMethod + 1 + sweepChunkSize - 1) / sweepChunkSize; chunks != want {
		t.Errorf("%d chunks for %d records, want %d", chunks, 2*perMethod+1, want)
	}
	s.View(func(tx *bbolt.Tx) error {
		for _, m := range methods {
			if n := bucketAt(tx, idempotencyBucket, m).Stats().KeyN; n != perMethod-perMethod/2 {
				t.Errorf("%s keeps %d records, want the %d of today", m, n, perMethod-perMethod/2)
			}
		}
		return nil
	})

	// And the sweep itself, over what is left: nothing more is old.
	if n, err := s.SweepIdempotency(start.Add(24 * time.Hour)); err != nil || n != 0 {
		t.Errorf("a second sweep deleted %d, %v; want 0", n, err)
	}
	if n, err := s.SweepIdempotency(now.Add(time.Hour)); err != nil || n != 2*(perMethod-perMethod/2) {
		t.Errorf("sweeping today's records deleted %d, %v; want %d across the chunks", n, err, 2*(perMethod-perMethod/2))
	}
}

// BenchmarkSweepChunk measures one chunk of a sweep that deletes every
// record it looks at, the longest a chunk holds the writer, with its commit.
func BenchmarkSweepChunk(b *testing.B) {
	start := time.Date(2026, 5, 2, 19, 30, 0, 0, time.UTC)
	s := openTestStore(b, filepath.Join(b.TempDir(), "scoring.db"), nil, WithClock(func() time.Time { return start }))
	for range b.N {
		b.StopTimer()
		err := s.batch(func(tx *bbolt.Tx) error {
			for i := range sweepChunkSize {
				if err := s.putRecord(tx, submitResult, []byte(fmt.Sprintf("events/a\x00table-1\x00r-%05d", i)), make([]byte, 32), wrapperspb.UInt64(uint64(i))); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if n, err := s.SweepIdempotency(start.Add(time.Hour)); err != nil || n != sweepChunkSize {
			b.Fatalf("swept %d, %v", n, err)
		}
	}
}
