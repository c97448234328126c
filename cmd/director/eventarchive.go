package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"google.golang.org/protobuf/encoding/protodelim"

	"github.com/bridge-director/director/formats/archive"
	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
)

// An event's archive holds one file a store, <service>.entries: the
// ExportEventResponse messages of that store, each preceded by its length
// as a varint (protodelim), as the server sent them.

// maxEntriesMessage bounds one message read from an event's archive.
const maxEntriesMessage = 8 << 20

// maxEntriesFile bounds one store's file of an event's archive, which an
// import reads into memory: a Director imports at most 256 MiB of an
// event's records, and the messages around them add a little.
const maxEntriesFile = 272 << 20

// eventName reads an event's id or name ("club-night", "events/club-night").
func eventName(s string) (string, error) {
	id := strings.TrimPrefix(s, "events/")
	if id == "" || strings.Contains(id, "/") {
		return "", fmt.Errorf("--event %q: want an event's id, like club-night", s)
	}
	return "events/" + id, nil
}

// exportEvent runs "director export": every record of one event in every
// store of the running Director, as one archive.
func exportEvent(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("director export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	r := remoteFlags(fs)
	event := fs.String("event", "", "the event to export (its id)")
	out := fs.String("out", "", "archive to write (default <event>-<UTC time>.tar.gz)")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("export: unexpected argument %q", rest[0])
	}
	if *event == "" {
		return errors.New("export: --event names the event to export")
	}
	name, err := eventName(*event)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	now := time.Now().UTC()
	if *out == "" {
		*out = strings.TrimPrefix(name, "events/") + "-" + now.Format("20060102T150405Z") + ".tar.gz"
	}
	if err := notThere(*out); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	client, ctx, closeConn, err := r.dial(ctx)
	if err != nil {
		return err
	}
	defer closeConn()
	stream, err := client.ExportEvent(ctx, &adminv1.ExportEventRequest{Event: name})
	if err != nil {
		return r.callError("export of "+name, err)
	}
	staging, err := os.MkdirTemp(filepath.Dir(*out), ".director-export-")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.RemoveAll(staging)
	files := map[string]*bytes.Buffer{}
	versions := map[string]int{}
	records := map[string]int{}
	var order []string
	for {
		msg, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return r.callError("export of "+name, err)
		}
		svc := msg.GetService()
		if files[svc] == nil {
			files[svc], versions[svc] = &bytes.Buffer{}, int(msg.GetSchemaVersion())
			order = append(order, svc)
		}
		if _, err := protodelim.MarshalTo(files[svc], msg); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		for _, e := range msg.GetEntries() {
			if !e.GetBucket() {
				records[svc]++
			}
		}
	}
	m := archive.Manifest{Format: archive.Format, Kind: archive.KindEvent, Director: directorVersion(), Created: now, Event: name}
	for _, svc := range order {
		f := archive.File{Name: svc + ".entries", Service: svc, SchemaVersion: versions[svc], Size: int64(files[svc].Len())}
		sum := sha256.Sum256(files[svc].Bytes())
		f.SHA256 = hex.EncodeToString(sum[:])
		if err := os.WriteFile(filepath.Join(staging, f.Name), files[svc].Bytes(), 0o600); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		m.Files = append(m.Files, f)
		fmt.Fprintf(stderr, "export: %s: %d records (%s)\n", svc, records[svc], bytesText(f.Size))
	}
	if err := writeArchive(*out, m, staging); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	fmt.Fprintf(stderr, "export: wrote %s: %s from %d stores\n", *out, name, len(m.Files))
	var missing []string
	for _, svc := range serviceNames() {
		if !slices.Contains(order, svc) {
			missing = append(missing, svc)
		}
	}
	if len(missing) > 0 {
		fmt.Fprintf(stderr, "export: %s runs no %s service: the archive lacks the event's records there, and a Director that runs them refuses it; to carry the whole event out of a split deployment, restore every process's backup into one data directory and export from a Director on it\n",
			r.server, strings.Join(missing, ", "))
	}
	return nil
}

// readEventArchive reads an event's archive whole and checks it: the
// manifest, every file's SHA-256, and that every message in a file is of
// its store and the archive's event.
func readEventArchive(path string) (archive.Manifest, map[string][]*adminv1.ExportEventResponse, error) {
	in, err := os.Open(path)
	if err != nil {
		return archive.Manifest{}, nil, err
	}
	defer in.Close()
	byService := map[string][]*adminv1.ExportEventResponse{}
	isEvent := func(m archive.Manifest) error {
		if m.Kind != archive.KindEvent {
			return errors.New("it is a backup of every store, not an export of one event: bring it back with director restore")
		}
		for _, f := range m.Files {
			if f.Size > maxEntriesFile {
				return fmt.Errorf("%s: %s, and an import takes at most %s of a store's records", f.Name, bytesText(f.Size), bytesText(maxEntriesFile))
			}
		}
		return nil
	}
	// Each file is read whole and its SHA-256 checked before a record of it
	// is read, so that a damaged archive says so rather than what its
	// damage does to the records.
	raw := map[string][]byte{}
	m, err := archive.ReadWith(in, isEvent, func(f archive.File, r io.Reader) error {
		if !strings.HasSuffix(f.Name, ".entries") {
			return errors.New("an event's archive holds only records (*.entries)")
		}
		data, err := io.ReadAll(r)
		raw[f.Name] = data
		return err
	})
	if err != nil {
		return m, nil, err
	}
	for _, f := range m.Files {
		msgs, err := readEntries(bytes.NewReader(raw[f.Name]), f.Service)
		if err != nil {
			return m, nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		byService[f.Service] = msgs
	}
	return m, byService, nil
}

// readEntries reads the messages of one store's file.
func readEntries(r io.Reader, service string) ([]*adminv1.ExportEventResponse, error) {
	br := bufio.NewReader(r)
	var msgs []*adminv1.ExportEventResponse
	for i := 1; ; i++ {
		msg := &adminv1.ExportEventResponse{}
		err := protodelim.UnmarshalOptions{MaxSize: maxEntriesMessage}.UnmarshalFrom(br, msg)
		if errors.Is(err, io.EOF) {
			return msgs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("message %d: %v", i, err)
		}
		if msg.GetService() != service {
			return nil, fmt.Errorf("message %d is of the %s service's store, in the file of %s", i, msg.GetService(), service)
		}
		msgs = append(msgs, msg)
	}
}

// importEvent runs "director import": it checks an event's archive whole,
// then sends it to the running Director, which refuses an event it holds
// already.
func importEvent(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("director import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	r := remoteFlags(fs)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return errors.New("import: give one event's archive: director import [--server ADDR] [--token T] FILE")
	}
	m, byService, err := readEventArchive(rest[0])
	if err != nil {
		return fmt.Errorf("import: %s: %w; nothing imported", rest[0], err)
	}
	client, ctx, closeConn, err := r.dial(ctx)
	if err != nil {
		return err
	}
	defer closeConn()
	stream, err := client.ImportEvent(ctx)
	if err != nil {
		return r.callError("import of "+m.Event, err)
	}
	for _, f := range m.Files {
		msgs := byService[f.Service]
		if len(msgs) == 0 {
			msgs = []*adminv1.ExportEventResponse{{Service: f.Service, SchemaVersion: int32(f.SchemaVersion)}}
		}
		for _, msg := range msgs {
			err := stream.Send(&adminv1.ImportEventRequest{Event: m.Event, Service: f.Service, SchemaVersion: msg.GetSchemaVersion(), Entries: msg.GetEntries()})
			if err != nil {
				break // the server's answer says why
			}
		}
	}
	resp, err := stream.CloseAndRecv()
	if err != nil {
		return r.callError("import of "+m.Event, err)
	}
	for _, s := range resp.GetStores() {
		fmt.Fprintf(stderr, "import: %s: %d records\n", s.GetService(), s.GetRecords())
	}
	fmt.Fprintf(stderr, "import: %s imported into %s from %s (exported %s by Director %s)\n", m.Event, r.server, rest[0], m.Created.Format(time.RFC3339), m.Director)
	return nil
}
