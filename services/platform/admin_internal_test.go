package platform

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
)

// archiveService is a service with a real store and no methods of its
// own, whose events' records sit in two buckets: calls/ by resource name
// (a bucket per section, as rulings keeps them) and results/ by event id.
type archiveService struct {
	name  string
	store *Store
}

func (s *archiveService) Name() string                       { return s.name }
func (s *archiveService) RegisterGRPC(grpc.ServiceRegistrar) {}
func (s *archiveService) Policy() Policy                     { return Policy{} }
func (s *archiveService) Store() *Store                      { return s.store }
func (s *archiveService) Close() error                       { return s.store.Close() }
func (s *archiveService) EventBuckets() []EventBucket {
	return []EventBucket{{Bucket: "calls"}, {Bucket: "results", ByID: true}}
}

var archiveMigrations = []Migration{{Version: 1, Name: "create calls and results", Apply: func(tx *bbolt.Tx) error {
	for _, b := range []string{"calls", "results"} {
		if _, err := tx.CreateBucketIfNotExists([]byte(b)); err != nil {
			return err
		}
	}
	return nil
}}}

// serveAdmin serves the admin API of a new archiveService over bufconn
// through the real interceptors.
func serveAdmin(t *testing.T, dir string) (adminv1.AdminServiceClient, *archiveService) {
	t.Helper()
	return serveAdminAt(t, filepath.Join(dir, "rulings.db"))
}

// serveAdminAt serves the admin API of an archiveService over the store
// at path, named as the file is.
func serveAdminAt(t testing.TB, path string) (adminv1.AdminServiceClient, *archiveService) {
	t.Helper()
	c, svcs := serveStores(t, DevelopmentAuthenticator(), path)
	return c, svcs[0]
}

// serveEvents serves the admin API of a movement and a rulings
// archiveService in dir, as a Director that runs both.
func serveEvents(t testing.TB, dir string) (adminv1.AdminServiceClient, *archiveService, *archiveService) {
	t.Helper()
	c, svcs := serveStores(t, DevelopmentAuthenticator(), filepath.Join(dir, "movement.db"), filepath.Join(dir, "rulings.db"))
	return c, svcs[0], svcs[1]
}

// serveStores serves the admin API of an archiveService over each store of
// paths, named as its file is, authenticating callers with auth.
func serveStores(t testing.TB, auth *Authenticator, paths ...string) (adminv1.AdminServiceClient, []*archiveService) {
	t.Helper()
	var svcs []*archiveService
	var services []Service
	for _, path := range paths {
		store, err := OpenStore(path, archiveMigrations)
		if err != nil {
			t.Fatal(err)
		}
		svc := &archiveService{name: strings.TrimSuffix(filepath.Base(path), ".db"), store: store}
		t.Cleanup(func() { store.Close() })
		svcs = append(svcs, svc)
		services = append(services, svc)
	}
	return serveServices(t, auth, services...), svcs
}

// serveServices serves the admin API of services over bufconn through the
// real interceptors.
func serveServices(t testing.TB, auth *Authenticator, services ...Service) adminv1.AdminServiceClient {
	t.Helper()
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer(ServerOptions(slog.New(slog.NewTextHandler(io.Discard, nil)), auth, adminPolicy(), nil)...)
	registerAdmin(services, srv)
	go srv.Serve(lis)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close()
		srv.Stop()
	})
	return adminv1.NewAdminServiceClient(conn)
}

// fillEvent writes n calls and n results of event id, and its feed.
func fillEvent(t *testing.T, s *Store, id string, n int) {
	t.Helper()
	err := s.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		calls, err := tx.Bucket([]byte("calls")).CreateBucketIfNotExists([]byte("events/" + id + "/sessions/1/sections/A"))
		if err != nil {
			return err
		}
		results, err := tx.Bucket([]byte("results")).CreateBucketIfNotExists([]byte(id))
		if err != nil {
			return err
		}
		for range n {
			seq, _ := calls.NextSequence()
			if err := PutMessage(calls, Uint64Key(seq), wrapperspb.String("call of "+id)); err != nil {
				return err
			}
			if err := PutMessage(results, Uint64Key(seq), wrapperspb.String("result of "+id)); err != nil {
				return err
			}
		}
		return s.AppendChange(tx, Change{Kind: 1, Name: "events/" + id + "/sessions/1/sections/A/calls/1", By: "td", Resource: wrapperspb.String(id)})
	})
	if err != nil {
		t.Fatal(err)
	}
}

func export(t *testing.T, c adminv1.AdminServiceClient, event string) ([]*adminv1.ExportEventResponse, error) {
	t.Helper()
	stream, err := c.ExportEvent(context.Background(), &adminv1.ExportEventRequest{Event: event})
	if err != nil {
		return nil, err
	}
	var out []*adminv1.ExportEventResponse
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, m)
	}
}

func importEntries(t *testing.T, c adminv1.AdminServiceClient, event string, msgs []*adminv1.ExportEventResponse) error {
	t.Helper()
	stream, err := c.ImportEvent(context.Background())
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if err := stream.Send(&adminv1.ImportEventRequest{Event: event, Service: m.GetService(), SchemaVersion: m.GetSchemaVersion(), Entries: m.GetEntries()}); err != nil {
			break
		}
	}
	_, err = stream.CloseAndRecv()
	return err
}

// TestEventImportRefuses: an event's records go from one store to another
// whole, with their buckets' sequences; the same event again, a record
// outside the event, a damaged record and another schema version are
// refused, each saying what is wrong, and write nothing.
func TestEventImportRefuses(t *testing.T) {
	from, mv, src := serveEvents(t, t.TempDir())
	for _, s := range []*Store{mv.store, src.store} {
		fillEvent(t, s, "club-night", 3)
		fillEvent(t, s, "club-night-2", 2)
	}
	msgs, err := export(t, from, "events/club-night")
	if err != nil {
		t.Fatal(err)
	}
	entries := 0
	for _, m := range msgs {
		for _, e := range m.GetEntries() {
			entries++
			if bytes.Contains(bytes.Join(append(e.GetPath(), e.GetKey()), nil), []byte("club-night-2")) {
				t.Errorf("the export of club-night holds %s", entryName(e))
			}
		}
	}
	// In each store, 2 buckets and 6 values, a feed bucket and its record.
	if entries != 20 {
		t.Errorf("exported %d entries, want 20", entries)
	}
	if _, err := export(t, from, "events/nobody"); status.Code(err) != codes.NotFound {
		t.Errorf("export of an event nobody holds: %v", err)
	}
	// A change of the event still on its way to another service holds the
	// export back; another event's does not.
	var waiting OutboxKey
	for _, subject := range []string{"events/club-night-2/sessions/1/sections/A/calls/1", "events/club-night/sessions/1/sections/A/calls/1"} {
		err := src.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) (err error) {
			waiting, err = Enqueue(tx, OutboxMessage{Peer: "scoring", Method: "/bridge.scoring.v1.ScoringService/SubmitResult", Request: newRequest(t, `{"title":"x"}`), Subject: subject, Label: "score"})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		_, err = export(t, from, "events/club-night")
		if held := status.Code(err) == codes.FailedPrecondition && strings.Contains(err.Error(), "1 changes of events/club-night waiting"); held != strings.HasPrefix(subject, "events/club-night/") {
			t.Errorf("export with a change of %s in the outbox: %v", subject, err)
		}
	}
	if err := src.store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
		return removeOutboxRecord(tx, waiting, "events/club-night/sessions/1/sections/A/calls/1", false)
	}); err != nil {
		t.Fatal(err)
	}

	to, _, dst := serveEvents(t, t.TempDir())
	refused := func(name string, change func(e []*adminv1.StoreEntry), code codes.Code, says string) {
		t.Helper()
		bad := make([]*adminv1.ExportEventResponse, len(msgs))
		var all []*adminv1.StoreEntry
		for i, m := range msgs {
			bad[i] = proto.Clone(m).(*adminv1.ExportEventResponse)
			all = append(all, bad[i].Entries...)
		}
		change(all)
		err := importEntries(t, to, "events/club-night", bad)
		if status.Code(err) != code || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want %s saying %q", name, err, code, says)
		}
	}
	refused("another event's key", func(e []*adminv1.StoreEntry) { e[0].Key = []byte("events/club-night-2/sessions/1/sections/A") },
		codes.InvalidArgument, "not one of events/club-night")
	refused("a damaged record", func(e []*adminv1.StoreEntry) { e[1].Value[len(e[1].Value)-1] ^= 1 },
		codes.InvalidArgument, "damaged")
	refused("a bucket nobody archives", func(e []*adminv1.StoreEntry) { e[0].Path = [][]byte{[]byte("idempotency")} },
		codes.InvalidArgument, "keeps no event's records")
	held := func() string {
		var held string
		dst.store.View(func(tx *bbolt.Tx) error {
			held = eventHeld(tx, eventBuckets(dst), "club-night")
			return nil
		})
		return held
	}
	if h := held(); h != "" {
		t.Fatalf("a refused import wrote %s", h)
	}
	if err := importEntries(t, to, "events/club-night", msgs); err != nil {
		t.Fatal(err)
	}
	if held() == "" {
		t.Error("the import wrote nothing")
	}
	again := importEntries(t, to, "events/club-night", msgs)
	if status.Code(again) != codes.AlreadyExists || !strings.Contains(again.Error(), "movement.db holds events/club-night already") {
		t.Errorf("a second import: %v", again)
	}
	back, err := export(t, to, "events/club-night")
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(msgs) || !proto.Equal(back[0], msgs[0]) {
		t.Errorf("exported again after the import:\n%v\nwant\n%v", back, msgs)
	}
	// The section's next call takes the number after the imported ones.
	dst.store.View(func(tx *bbolt.Tx) error {
		if seq := tx.Bucket([]byte("calls")).Bucket([]byte("events/club-night/sessions/1/sections/A")).Sequence(); seq != 3 {
			t.Errorf("the imported section's sequence is %d, want 3", seq)
		}
		return nil
	})

	other, _, _ := serveEvents(t, t.TempDir())
	var old []*adminv1.ExportEventResponse
	for _, m := range msgs {
		old = append(old, proto.Clone(m).(*adminv1.ExportEventResponse))
	}
	old[0].SchemaVersion = 7
	if err := importEntries(t, other, "events/club-night", old); status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "schema version 7") {
		t.Errorf("records of schema version 7: %v", err)
	}
}

// TestBackupStoreWhileWriting: a copy streamed while writes commit opens
// as a store, passes every check, and holds every write committed before
// it began.
func TestBackupStoreWhileWriting(t *testing.T) {
	dir := t.TempDir()
	c, svc := serveAdmin(t, dir)
	fillEvent(t, svc.store, "club-night", 500)
	var writes atomic.Int64
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			fillEvent(t, svc.store, "night-"+strings.Repeat("x", i%5+1), 50)
			writes.Add(1)
		}
	}()
	stream, err := c.BackupStore(context.Background(), &adminv1.BackupStoreRequest{Service: "rulings"})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "rulings.db")
	var copy bytes.Buffer
	var size int64
	var sum []byte
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if m.GetStore() != nil {
			size = m.GetStore().GetSize()
		}
		copy.Write(m.GetData())
		if m.GetSha256() != nil {
			sum = m.GetSha256()
		}
	}
	close(stop)
	<-stopped
	if int64(copy.Len()) != size || size == 0 || len(sum) != 32 {
		t.Fatalf("the copy is %d bytes, the server said %d, its SHA-256 %x", copy.Len(), size, sum)
	}
	if err := os.WriteFile(path, copy.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	check, err := CheckStore(path, 0)
	if err != nil || len(check.Problems) > 0 {
		t.Fatalf("the copy's check: %v %v", err, check.Problems)
	}
	if check.Records < 1000+1 {
		t.Errorf("the copy holds %d records, want the 1,001 written before it began at least", check.Records)
	}
	// A stream's error comes with its first message.
	other, err := c.BackupStore(context.Background(), &adminv1.BackupStoreRequest{Service: "scoring"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Recv(); status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), `runs no service "scoring"`) {
		t.Errorf("backup of a service this process does not run: %v", err)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, "*.backup-*")); len(leftovers) > 0 {
		t.Errorf("the backup left %v beside the store", leftovers)
	}
	t.Logf("%d writes of 100 records committed while the copy was taken", writes.Load())
}

// BenchmarkBackupStore copies a store of 100,000 records of 300 bytes, the
// size of a stored result, over gRPC: the bytes per second are the copy's.
func BenchmarkBackupStore(b *testing.B) {
	dir := b.TempDir()
	store, err := OpenStore(filepath.Join(dir, "scoring.db"), archiveMigrations)
	if err != nil {
		b.Fatal(err)
	}
	value := wrapperspb.String(strings.Repeat("r", 300))
	for batch := range 10 {
		err := store.Mutate(context.Background(), "", "", nil, nil, func(tx *bbolt.Tx) error {
			results, err := tx.Bucket([]byte("results")).CreateBucketIfNotExists([]byte("club-night"))
			if err != nil {
				return err
			}
			for i := range 10000 {
				if err := PutMessage(results, Uint64Key(uint64(batch*10000+i)), value); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	store.Close()
	c, svc := serveAdminAt(b, filepath.Join(dir, "scoring.db"))
	info, err := storeInfo("scoring", svc.store)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(info.GetSize())
	b.ResetTimer()
	for range b.N {
		stream, err := c.BackupStore(context.Background(), &adminv1.BackupStoreRequest{Service: svc.name})
		if err != nil {
			b.Fatal(err)
		}
		var n int64
		for {
			m, err := stream.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n += int64(len(m.GetData()))
		}
		if n != info.GetSize() {
			b.Fatalf("copied %d bytes of %d", n, info.GetSize())
		}
	}
}

// hookService is an archiveService with work to do after an import, which
// fails while fail is set.
type hookService struct {
	*archiveService
	fail  atomic.Bool
	calls atomic.Int64
}

func (s *hookService) EventImported(_ context.Context, event string) error {
	s.calls.Add(1)
	if s.fail.Load() {
		return errors.New("the imported results of " + event + " cannot be loaded")
	}
	return nil
}

// heldIn names the first record of event id that any of stores holds, or
// returns "".
func heldIn(t *testing.T, id string, stores ...*archiveService) string {
	t.Helper()
	for _, s := range stores {
		var held string
		s.store.View(func(tx *bbolt.Tx) error {
			held = eventHeld(tx, eventBuckets(s), id)
			return nil
		})
		if held != "" {
			return s.store.File() + ": " + held
		}
	}
	return ""
}

// TestEventImportFailsWhole: an import whose last store's records do not
// fit, or whose work after the writes fails, leaves nothing of the event in
// any store, says so, and the same event imports once the cause is gone.
func TestEventImportFailsWhole(t *testing.T) {
	from, mv, src := serveEvents(t, t.TempDir())
	fillEvent(t, mv.store, "club-night", 3)
	fillEvent(t, src.store, "club-night", 3)
	msgs, err := export(t, from, "events/club-night")
	if err != nil {
		t.Fatal(err)
	}

	// Movement's records are written last: a bucket named twice in them
	// fails their transaction after rulings' has committed.
	to, dmv, dst := serveEvents(t, t.TempDir())
	bad := make([]*adminv1.ExportEventResponse, len(msgs))
	for i, m := range msgs {
		bad[i] = proto.Clone(m).(*adminv1.ExportEventResponse)
	}
	var last *adminv1.ExportEventResponse
	for _, m := range bad {
		if m.GetService() == "movement" {
			last = m
		}
	}
	last.Entries = append(last.Entries, proto.Clone(last.Entries[0]).(*adminv1.StoreEntry))
	err = importEntries(t, to, "events/club-night", bad)
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "movement.db") ||
		!strings.Contains(err.Error(), "does not fit") || !strings.Contains(err.Error(), "removed again") {
		t.Errorf("an import whose movement records do not fit: %v", err)
	}
	if h := heldIn(t, "club-night", dmv, dst); h != "" {
		t.Fatalf("a failed import left %s", h)
	}
	if err := importEntries(t, to, "events/club-night", msgs); err != nil {
		t.Fatalf("the import again, with records that fit: %v", err)
	}
	if heldIn(t, "club-night", dst) == "" || heldIn(t, "club-night", dmv) == "" {
		t.Error("the import again wrote nothing")
	}

	// The work after the writes fails: every store loses the event again.
	dir := t.TempDir()
	var svcs []*archiveService
	for _, name := range []string{"movement", "scoring"} {
		store, err := OpenStore(filepath.Join(dir, name+".db"), archiveMigrations)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		svcs = append(svcs, &archiveService{name: name, store: store})
	}
	scoring := &hookService{archiveService: svcs[1]}
	scoring.fail.Store(true)
	hooked := serveServices(t, DevelopmentAuthenticator(), svcs[0], scoring)
	renamed := make([]*adminv1.ExportEventResponse, len(msgs))
	for i, m := range msgs {
		renamed[i] = proto.Clone(m).(*adminv1.ExportEventResponse)
		if m.GetService() == "rulings" {
			renamed[i].Service = "scoring"
		}
	}
	err = importEntries(t, hooked, "events/club-night", renamed)
	if err == nil || !strings.Contains(err.Error(), "cannot be loaded") || !strings.Contains(err.Error(), "removed again") {
		t.Errorf("an import whose loading fails: %v", err)
	}
	if h := heldIn(t, "club-night", svcs...); h != "" {
		t.Fatalf("an import whose loading failed left %s", h)
	}
	scoring.fail.Store(false)
	if err := importEntries(t, hooked, "events/club-night", renamed); err != nil {
		t.Fatalf("the import again, once loading works: %v", err)
	}
	if heldIn(t, "club-night", svcs[0]) == "" || heldIn(t, "club-night", svcs[1]) == "" {
		t.Error("the import again wrote nothing")
	}
	if n := scoring.calls.Load(); n != 2 {
		t.Errorf("scoring's work after the import ran %d times, want 2", n)
	}
}

// TestEventArchiveNeedsMovement: an event is exported only by a Director
// that runs movement and whose movement holds it, and an archive without
// movement's records is not imported.
func TestEventArchiveNeedsMovement(t *testing.T) {
	alone, rulings := serveAdmin(t, t.TempDir())
	fillEvent(t, rulings.store, "club-night", 2)
	if _, err := export(t, alone, "events/club-night"); status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "does not run the movement service") {
		t.Errorf("export from a Director without movement: %v", err)
	}

	both, mv, src := serveEvents(t, t.TempDir())
	fillEvent(t, src.store, "club-night", 2)
	if _, err := export(t, both, "events/club-night"); status.Code(err) != codes.FailedPrecondition ||
		!strings.Contains(err.Error(), "movement service does not hold events/club-night") || !strings.Contains(err.Error(), "rulings.db") {
		t.Errorf("export of an event movement does not hold: %v", err)
	}
	fillEvent(t, mv.store, "club-night", 2)
	msgs, err := export(t, both, "events/club-night")
	if err != nil {
		t.Fatal(err)
	}

	var withoutMovement []*adminv1.ExportEventResponse
	for _, m := range msgs {
		if m.GetService() != "movement" {
			withoutMovement = append(withoutMovement, m)
		}
	}
	to, dmv, dst := serveEvents(t, t.TempDir())
	err = importEntries(t, to, "events/club-night", withoutMovement)
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "no records of the movement service") {
		t.Errorf("an archive without movement's records: %v", err)
	}
	if h := heldIn(t, "club-night", dmv, dst); h != "" {
		t.Errorf("a refused import wrote %s", h)
	}
	var movementOnly []*adminv1.ExportEventResponse
	for _, m := range msgs {
		if m.GetService() == "movement" {
			movementOnly = append(movementOnly, m)
		}
	}
	err = importEntries(t, to, "events/club-night", movementOnly)
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "no part of the rulings service") {
		t.Errorf("an archive of movement's records alone, into a Director that runs rulings too: %v", err)
	}
	if h := heldIn(t, "club-night", dmv, dst); h != "" {
		t.Errorf("a refused import wrote %s", h)
	}
	if err := importEntries(t, to, "events/club-night", msgs); err != nil {
		t.Errorf("the whole archive: %v", err)
	}
}

// TestEventExportBounded: an event larger than an import takes is not
// exported, and says why.
func TestEventExportBounded(t *testing.T) {
	c, mv, rulings := serveEvents(t, t.TempDir())
	fillEvent(t, mv.store, "club-night", 10)
	fillEvent(t, rulings.store, "club-night", 100)
	defer func(n int) { maxImportBytes = n }(maxImportBytes)
	maxImportBytes = 2 << 10
	if _, err := export(t, c, "events/club-night"); status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "an import takes at most") {
		t.Errorf("export of an event larger than an import takes: %v", err)
	}
	maxImportBytes = 1 << 20
	if _, err := export(t, c, "events/club-night"); err != nil {
		t.Errorf("export of an event an import takes: %v", err)
	}
}

// TestAdminRefusesScopedTokens: a federation admin's token limited to some
// events or tables may not list or copy the stores, which hold every
// event; one limited to events exports and imports those events only, and
// one limited to tables none.
func TestAdminRefusesScopedTokens(t *testing.T) {
	auth, err := parseAuthConfig([]byte(`
tokens:
  - {name: federation, token: admin-secret, roles: [federation-admin]}
  - {name: club-admin, token: club-secret, roles: [federation-admin], events: [events/club-night]}
  - {name: table-admin, token: table-secret, roles: [federation-admin], tables: [events/club-night/sessions/1/sections/A/tables/3]}
`))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c, svcs := serveStores(t, auth, filepath.Join(dir, "movement.db"), filepath.Join(dir, "rulings.db"))
	for _, s := range svcs {
		fillEvent(t, s.store, "club-night", 2)
		fillEvent(t, s.store, "other-night", 2)
	}
	as := func(token string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
	}
	backup := func(ctx context.Context) error {
		stream, err := c.BackupStore(ctx, &adminv1.BackupStoreRequest{Service: "rulings"})
		if err != nil {
			return err
		}
		for {
			if _, err := stream.Recv(); errors.Is(err, io.EOF) {
				return nil
			} else if err != nil {
				return err
			}
		}
	}
	exportAs := func(ctx context.Context, event string) error {
		stream, err := c.ExportEvent(ctx, &adminv1.ExportEventRequest{Event: event})
		if err != nil {
			return err
		}
		for {
			if _, err := stream.Recv(); errors.Is(err, io.EOF) {
				return nil
			} else if err != nil {
				return err
			}
		}
	}
	for _, tc := range []struct {
		token, says string
	}{
		{"club-secret", "limited to events [events/club-night]"},
		{"table-secret", "tables [events/club-night/sessions/1/sections/A/tables/3]"},
	} {
		if _, err := c.ListStores(as(tc.token), &adminv1.ListStoresRequest{}); status.Code(err) != codes.PermissionDenied || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), "every event") {
			t.Errorf("ListStores with %s: %v", tc.token, err)
		}
		if err := backup(as(tc.token)); status.Code(err) != codes.PermissionDenied || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("BackupStore with %s: %v", tc.token, err)
		}
	}
	if err := exportAs(as("club-secret"), "events/other-night"); status.Code(err) != codes.PermissionDenied {
		t.Errorf("export of another event with a token limited to the club night: %v", err)
	}
	if err := exportAs(as("table-secret"), "events/club-night"); status.Code(err) != codes.PermissionDenied || !strings.Contains(err.Error(), "every table") {
		t.Errorf("export with a token limited to a table: %v", err)
	}
	if err := exportAs(as("club-secret"), "events/club-night"); err != nil {
		t.Errorf("export of its event with a token limited to the club night: %v", err)
	}
	stream, err := c.ImportEvent(as("club-secret"))
	if err != nil {
		t.Fatal(err)
	}
	stream.Send(&adminv1.ImportEventRequest{Event: "events/other-night", Service: "movement", SchemaVersion: 1})
	if _, err := stream.CloseAndRecv(); status.Code(err) != codes.PermissionDenied {
		t.Errorf("import of another event with a token limited to the club night: %v", err)
	}
	if _, err := c.ListStores(as("admin-secret"), &adminv1.ListStoresRequest{}); err != nil {
		t.Errorf("ListStores with an unlimited token: %v", err)
	}
	if err := backup(as("admin-secret")); err != nil {
		t.Errorf("BackupStore with an unlimited token: %v", err)
	}
}

// TestStaleBackupCopiesRemoved: the copy a backup was sending when its
// process died is removed, and logged, when the store next opens; the
// files beside it that are not a backup's copy stay.
func TestStaleBackupCopiesRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rulings.db")
	store, err := OpenStore(path, archiveMigrations)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	stale := path + ".backup-3141592"
	others := []string{path + ".replaced-20261204T013000Z", filepath.Join(dir, "scoring.db.backup-1")}
	for _, f := range append([]string{stale}, others...) {
		if err := os.WriteFile(f, []byte("half a copy"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	logs := &logBuffer{}
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(logs.logger())
	store, err = OpenStore(path, archiveMigrations)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the copy of a backup that did not finish is still there: %v", err)
	}
	for _, f := range others {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("opening rulings.db removed %s: %v", filepath.Base(f), err)
		}
	}
	if lines := logs.lines(t, "removed a copy left by a backup that did not finish (the process stopped while sending it)"); len(lines) != 1 || lines[0]["file"] != stale {
		t.Errorf("logged %v, want one line naming %s", lines, stale)
	}
}

// callerService is an archiveService that calls peers.
type callerService struct {
	*archiveService
	peers []string
}

func (s *callerService) Peers() []string                          { return s.peers }
func (s *callerService) Connect(string, grpc.ClientConnInterface) {}

// TestListStoresInCopyOrder: the stores are listed, and so copied by a
// backup, each before the stores of the services it calls: rulings (which
// sends adjusted scores to scoring) before scoring, scoring before
// dealing, and movement, which owns events, last.
func TestListStoresInCopyOrder(t *testing.T) {
	dir := t.TempDir()
	peers := map[string][]string{"dealing": {"movement"}, "rulings": {"movement", "scoring"}, "scoring": {"movement", "dealing"}}
	var services []Service
	for _, name := range []string{"dealing", "movement", "rulings", "scoring"} {
		store, err := OpenStore(filepath.Join(dir, name+".db"), archiveMigrations)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		svc := &archiveService{name: name, store: store}
		if p := peers[name]; p != nil {
			services = append(services, &callerService{svc, p})
		} else {
			services = append(services, svc)
		}
	}
	c := serveServices(t, DevelopmentAuthenticator(), services...)
	resp, err := c.ListStores(context.Background(), &adminv1.ListStoresRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range resp.GetStores() {
		got = append(got, s.GetFile())
	}
	if want := "rulings.db scoring.db dealing.db movement.db"; strings.Join(got, " ") != want {
		t.Errorf("ListStores lists %v, want %s", got, want)
	}
	// A split deployment's process orders what it runs alike.
	if got := copyOrder([]Service{services[3], services[1], services[2]}); got[0].Name() != "rulings" || got[1].Name() != "scoring" || got[2].Name() != "movement" {
		t.Errorf("rulings, scoring and movement are copied as %s, %s, %s", got[0].Name(), got[1].Name(), got[2].Name())
	}
}

// TestConcurrentImportsOfOneEvent: two imports of one event at once, whose
// archives list the stores in other orders, each finding the other's
// records in a store it had not written yet, leave the event whole (one of
// them succeeded) or nowhere (both failed, each undoing its own), never in
// part.
func TestConcurrentImportsOfOneEvent(t *testing.T) {
	stores := func(dir string) []string {
		return []string{filepath.Join(dir, "movement.db"), filepath.Join(dir, "rulings.db"), filepath.Join(dir, "scoring.db")}
	}
	from, src := serveStores(t, DevelopmentAuthenticator(), stores(t.TempDir())...)
	for _, s := range src {
		fillEvent(t, s.store, "club-night", 20)
	}
	msgs, err := export(t, from, "events/club-night")
	if err != nil {
		t.Fatal(err)
	}
	// The archive with movement's records last, as two Directors of
	// another version might send them: one with rulings' first, the other
	// with scoring's.
	order := func(services ...string) []*adminv1.ExportEventResponse {
		var out []*adminv1.ExportEventResponse
		for _, svc := range services {
			for _, m := range msgs {
				if m.GetService() == svc {
					out = append(out, m)
				}
			}
		}
		return out
	}
	archives := [][]*adminv1.ExportEventResponse{order("rulings", "scoring", "movement"), order("scoring", "rulings", "movement")}
	outcomes := map[int]int{}
	for round := range 40 {
		to, dst := serveStores(t, DevelopmentAuthenticator(), stores(t.TempDir())...)
		errs := make(chan error, 2)
		for _, archive := range archives {
			go func() { errs <- importEntries(t, to, "events/club-night", archive) }()
		}
		ok := 0
		for range 2 {
			err := <-errs
			switch {
			case err == nil:
				ok++
			case status.Code(err) != codes.AlreadyExists:
				t.Errorf("round %d: an import that met another: %v, want AlreadyExists", round, err)
			}
		}
		outcomes[ok]++
		switch ok {
		case 1:
			back, err := export(t, to, "events/club-night")
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			if len(back) != len(msgs) {
				t.Fatalf("round %d: %d messages exported after the import, want %d", round, len(back), len(msgs))
			}
			for i := range back {
				if !proto.Equal(back[i], msgs[i]) {
					t.Fatalf("round %d: the event is not whole after the import that succeeded", round)
				}
			}
		case 0:
			if h := heldIn(t, "club-night", dst...); h != "" {
				t.Fatalf("round %d: both imports failed, and left %s", round, h)
			}
		default:
			t.Fatalf("round %d: both imports of one event succeeded", round)
		}
	}
	t.Logf("rounds by imports that succeeded: %v", outcomes)
}
