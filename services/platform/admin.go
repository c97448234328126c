package platform

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"

	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
)

// maxImportBytes bounds the records of one event an import holds in memory
// before it writes them (and so what an export makes): an event of a
// national field with a week of sessions is a few megabytes. A variable
// for the tests.
var maxImportBytes = 256 << 20

// eventOwner is the service that owns events: nothing is exported or
// imported of an event it does not hold.
const eventOwner = "movement"

// adminPolicy opens the admin API to federation admins only. A store holds
// every event's records, so its list and its copy are for a token limited
// to no event or table; an export and an import act on the event they name,
// at every table.
func adminPolicy() Policy {
	admin := []Role{RoleFederationAdmin}
	return Policy{
		"/bridge.admin.v1.AdminService/ListStores":  {Roles: admin, EveryEvent: true},
		"/bridge.admin.v1.AdminService/BackupStore": {Roles: admin, EveryEvent: true},
		"/bridge.admin.v1.AdminService/ExportEvent": {Roles: admin, Resources: []string{"event"}, WholeEvent: true},
		"/bridge.admin.v1.AdminService/ImportEvent": {Roles: admin, Resources: []string{"event"}, WholeEvent: true},
	}
}

// admin serves AdminService over the stores of the services of one
// process.
type admin struct {
	adminv1.UnimplementedAdminServiceServer
	services []Service
}

// NewAdmin returns the AdminService of services and its access policy, for
// Serve and for tests that run services over bufconn.
func NewAdmin(services ...Service) (adminv1.AdminServiceServer, Policy) {
	return &admin{services: services}, adminPolicy()
}

func (a *admin) names() []string {
	var names []string
	for _, s := range a.services {
		names = append(names, s.Name())
	}
	return names
}

func (a *admin) service(name string) (Service, error) {
	for _, s := range a.services {
		if s.Name() == name {
			return s, nil
		}
	}
	return nil, errNoService(name, a.names())
}

// ListStores lists the stores in the order a backup copies them
// (copyOrder).
func (a *admin) ListStores(ctx context.Context, _ *adminv1.ListStoresRequest) (*adminv1.ListStoresResponse, error) {
	resp := &adminv1.ListStoresResponse{}
	for _, s := range copyOrder(a.services) {
		info, err := storeInfo(s.Name(), s.Store())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Store().File(), err)
		}
		resp.Stores = append(resp.Stores, info)
	}
	return resp, nil
}

func (a *admin) BackupStore(req *adminv1.BackupStoreRequest, stream adminv1.AdminService_BackupStoreServer) error {
	s, err := a.service(req.GetService())
	if err != nil {
		return err
	}
	return backupStore(s.Name(), s.Store(), stream)
}

// copyOrder orders services as a backup copies their stores, one after
// another: each before the services it calls (Caller), so that the sender
// of a change through the outbox is copied before its receiver (rulings
// before scoring, scoring before movement), and movement, which owns the
// events, last. A copy taken later holds more, so a restore never has a
// sender that says a change was delivered when its receiver lacks it; a
// delivery made between the two copies is made again after a restore, with
// the request id of the first (Enqueue), and the receiver answers it from
// the answer it kept then, without applying it twice. Services neither
// calls keep their order by name.
func copyOrder(services []Service) []Service {
	byName := map[string]Service{}
	var names []string
	for _, s := range services {
		byName[s.Name()] = s
		names = append(names, s.Name())
	}
	slices.Sort(names)
	// called[n] counts the services here that call n and are not placed.
	called := map[string]int{}
	for _, s := range services {
		if c, ok := s.(Caller); ok {
			for _, p := range c.Peers() {
				if _, here := byName[p]; here && p != s.Name() {
					called[p]++
				}
			}
		}
	}
	var out []Service
	placed := map[string]bool{}
	for len(out) < len(names) {
		next := ""
		for _, n := range names {
			if !placed[n] && called[n] == 0 {
				next = n
				break
			}
		}
		if next == "" {
			// Services that call each other: the rest by name.
			for _, n := range names {
				if !placed[n] {
					next = n
					break
				}
			}
		}
		placed[next] = true
		out = append(out, byName[next])
		if c, ok := byName[next].(Caller); ok {
			for _, p := range c.Peers() {
				if _, here := byName[p]; here && p != next {
					called[p]--
				}
			}
		}
	}
	return out
}

// eventID reads "events/<id>" from the field event.
func eventID(name string) (string, error) {
	id, ok := strings.CutPrefix(name, "events/")
	if !ok || !ValidID(id) {
		return "", FieldError("event", fmt.Sprintf("want an event's name, events/{event}, got %q", name))
	}
	return id, nil
}

func (a *admin) ExportEvent(req *adminv1.ExportEventRequest, stream adminv1.AdminService_ExportEventServer) error {
	id, err := eventID(req.GetEvent())
	if err != nil {
		return err
	}
	if _, err := a.service(eventOwner); err != nil {
		return FailedPrecondition(fmt.Sprintf("this Director does not run the %s service, which owns %s, so it cannot export the event whole (it runs %v): export from a Director that runs every service", eventOwner, req.GetEvent(), a.names()))
	}
	// Every store's records are read before any is sent: an archive is of
	// an event its owner holds, and no larger than an import takes.
	type part struct {
		service string
		version int32
		entries []*adminv1.StoreEntry
	}
	var parts []part
	var elsewhere []string
	owned := false
	total := 0
	for _, s := range a.services {
		ar, ok := s.(EventArchiver)
		if !ok {
			continue
		}
		entries, version, err := exportEvent(s.Store(), eventBuckets(ar), id)
		if _, ok := status.FromError(err); err != nil && !ok {
			return fmt.Errorf("export of %s from %s: %w", req.GetEvent(), s.Store().File(), err)
		}
		if err != nil {
			return err
		}
		switch {
		case s.Name() == eventOwner:
			owned = len(entries) > 0
		case len(entries) > 0:
			elsewhere = append(elsewhere, s.Store().File())
		}
		total += entriesSize(entries...)
		parts = append(parts, part{service: s.Name(), version: version, entries: entries})
	}
	switch {
	case !owned && len(elsewhere) == 0:
		return NotFound("event", req.GetEvent())
	case !owned:
		return FailedPrecondition(fmt.Sprintf("the %s service does not hold %s, though %s hold records of it: an archive is of an event its owner knows (an event of an older Director that %s has not taken yet, say); export it once %s holds it", eventOwner, req.GetEvent(), strings.Join(elsewhere, ", "), eventOwner, eventOwner))
	case total > maxImportBytes:
		return FailedPrecondition(fmt.Sprintf("the records of %s are %d MiB, and an import takes at most %d MiB: no Director could import the archive, so none is made", req.GetEvent(), (total+(1<<20)-1)>>20, maxImportBytes>>20))
	}
	for _, p := range parts {
		// Every store is sent, an empty one too, so that the archive
		// says which stores it was taken from.
		batch := &adminv1.ExportEventResponse{Service: p.service, SchemaVersion: p.version}
		size := 0
		for _, e := range p.entries {
			if n := entriesSize(e); size+n > backupChunk && len(batch.Entries) > 0 {
				if err := stream.Send(batch); err != nil {
					return err
				}
				batch, size = &adminv1.ExportEventResponse{Service: p.service, SchemaVersion: p.version}, 0
			}
			batch.Entries = append(batch.Entries, e)
			size += entriesSize(e)
		}
		if err := stream.Send(batch); err != nil {
			return err
		}
	}
	return nil
}

// imported is what an import stream brought for one store.
type imported struct {
	service Service
	version int32
	entries []*adminv1.StoreEntry
	records int64
}

func (a *admin) ImportEvent(stream adminv1.AdminService_ImportEventServer) error {
	var event, id string
	var order []*imported
	byService := map[string]*imported{}
	size := 0
	for {
		req, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if event == "" {
			if id, err = eventID(req.GetEvent()); err != nil {
				return err
			}
			event = req.GetEvent()
		} else if req.GetEvent() != event {
			return FieldError("event", fmt.Sprintf("every message of an import names the same event: %q, then %q", event, req.GetEvent()))
		}
		in := byService[req.GetService()]
		if in == nil {
			s, err := a.service(req.GetService())
			if err != nil {
				return err
			}
			if _, ok := s.(EventArchiver); !ok {
				return FieldError("service", fmt.Sprintf("the %s service keeps no event's records", s.Name()))
			}
			in = &imported{service: s, version: req.GetSchemaVersion()}
			byService[req.GetService()] = in
			order = append(order, in)
		}
		if size += entriesSize(req.GetEntries()...); size > maxImportBytes {
			return FieldError("entries", fmt.Sprintf("an import holds at most %d MiB of records", maxImportBytes>>20))
		}
		in.entries = append(in.entries, req.GetEntries()...)
	}
	if event == "" {
		return FieldError("event", "an import needs at least one message, naming the event")
	}
	if owner := byService[eventOwner]; owner == nil || len(owner.entries) == 0 {
		return FieldError("service", fmt.Sprintf("the archive holds no records of the %s service, which owns %s: nothing is made under an event its owner does not know; export the event from a Director that runs the %s service", eventOwner, event, eventOwner))
	}
	// An export holds a part for every store it was taken from, an empty
	// one too: an archive without this Director's part of a store was taken
	// where that service did not run (one process of a split deployment),
	// and would make the event here without its records of that store.
	for _, svc := range a.services {
		if _, ok := svc.(EventArchiver); ok && byService[svc.Name()] == nil {
			return FieldError("service", fmt.Sprintf("the archive holds no part of the %s service: it was exported from a Director that does not run it (one process of a split deployment), and %s would be made here without its %s records; export it from a Director that runs every service, such as one started on the restored backups of every process", svc.Name(), event, svc.Name()))
		}
	}
	// Everything is checked, in every store, before anything is written.
	for _, in := range order {
		s := in.service.Store()
		have, err := s.SchemaVersion()
		if err != nil {
			return err
		}
		if int(in.version) != have {
			return FailedPrecondition(fmt.Sprintf("%s: the records come from a store at schema version %d and this one is at %d; import them with the Director version that exported them, then upgrade", s.File(), in.version, have))
		}
		buckets := eventBuckets(in.service.(EventArchiver))
		if in.records, err = checkImport(s.File(), buckets, id, in.entries); err != nil {
			return err
		}
		if err := s.View(func(tx *bbolt.Tx) error { return refuseHeld(s, tx, buckets, event, id) }); err != nil {
			return err
		}
	}
	// The event's owner is written last, so that the event is known, and
	// can be acted on, only once every other store holds its records.
	slices.SortStableFunc(order, func(a, b *imported) int {
		return cmp.Compare(boolInt(a.service.Name() == eventOwner), boolInt(b.service.Name() == eventOwner))
	})
	// Each store's records are one transaction. If a later store's fail,
	// or a store's work after the import, the stores already written lose
	// the event again, so that the import leaves nothing behind and can be
	// tried again.
	var written []*imported
	undo := func(cause error) error {
		var kept []string
		for i := len(written) - 1; i >= 0; i-- {
			if err := removeEvent(written[i].service, id); err != nil {
				kept = append(kept, fmt.Sprintf("%s (%v)", written[i].service.Store().File(), err))
			}
		}
		if len(kept) > 0 {
			return fmt.Errorf("%w; and removing the records already imported failed in %s: they hold part of %s, so remove it there (or restore a backup) before importing it again", cause, strings.Join(kept, ", "), event)
		}
		if len(written) > 0 {
			return fmt.Errorf("%w; nothing of %s is kept: the records imported into %s were removed again", cause, event, storeFiles(written))
		}
		return fmt.Errorf("%w; nothing of %s is kept", cause, event)
	}
	for _, in := range order {
		s := in.service.Store()
		buckets := eventBuckets(in.service.(EventArchiver))
		err := s.batch(func(tx *bbolt.Tx) error {
			if err := refuseHeld(s, tx, buckets, event, id); err != nil {
				return err
			}
			return writeEntries(tx, in.entries)
		})
		if err != nil {
			return undo(fmt.Errorf("import of %s into %s: %w", event, s.File(), err))
		}
		written = append(written, in)
	}
	for _, in := range order {
		if im, ok := in.service.(EventImporter); ok {
			if err := im.EventImported(stream.Context(), event); err != nil {
				return undo(fmt.Errorf("import of %s into %s: %w", event, in.service.Store().File(), err))
			}
		}
	}
	resp := &adminv1.ImportEventResponse{}
	for _, in := range order {
		resp.Stores = append(resp.Stores, &adminv1.ImportedStore{Service: in.service.Name(), Records: in.records})
	}
	return stream.SendAndClose(resp)
}

// removeEvent removes every record of event id from the store of s, in one
// transaction: what an import wrote there, and whatever was made under the
// event since (an import makes an event no store held).
func removeEvent(s Service, id string) error {
	return s.Store().batch(func(tx *bbolt.Tx) error {
		for _, eb := range eventBuckets(s.(EventArchiver)) {
			top := tx.Bucket([]byte(eb.Bucket))
			if top == nil {
				continue
			}
			var keys [][]byte
			c := top.Cursor()
			for k, _ := c.Seek(eb.seek(id)); k != nil && bytes.HasPrefix(k, eb.seek(id)); k, _ = c.Next() {
				if eb.ofEvent(id, k) {
					keys = append(keys, bytes.Clone(k))
				}
			}
			for _, k := range keys {
				var err error
				if top.Bucket(k) != nil {
					err = top.DeleteBucket(k)
				} else {
					err = top.Delete(k)
				}
				if err != nil {
					return fmt.Errorf("%s/%s: %w", eb.Bucket, KeyString(k), err)
				}
			}
		}
		return nil
	})
}

// storeFiles names the stores of ins.
func storeFiles(ins []*imported) string {
	var files []string
	for _, in := range ins {
		files = append(files, in.service.Store().File())
	}
	return strings.Join(files, ", ")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// refuseHeld refuses to import event into s when s holds a record of it.
func refuseHeld(s *Store, tx *bbolt.Tx, buckets []EventBucket, event, id string) error {
	if held := eventHeld(tx, buckets, id); held != "" {
		return AlreadyExists(fmt.Sprintf("%s holds %s already (a record at %s): an import makes an event that is not there, and changes none", s.File(), event, held), nil)
	}
	return nil
}

// registerAdmin registers the AdminService of services on every server.
func registerAdmin(services []Service, servers ...grpc.ServiceRegistrar) {
	srv, _ := NewAdmin(services...)
	for _, r := range servers {
		adminv1.RegisterAdminServiceServer(r, srv)
	}
}
