// Package venues carries a multi-venue event between each venue's Director
// and the federation's over NATS JetStream, as integration.md §3.5 has it:
// the federation runs NATS (Hub, embedded; or an external cluster), each
// venue's Director is a NATS client allowed to publish only its own
// venue's subjects, and
//
//   - a venue's Relay publishes each record of its change feed to the
//     federation's stream, with a JetStream publish acknowledgement, and
//     moves its cursor only once the record is acknowledged, so that a
//     venue cut off from the federation loses nothing and catches up when
//     the link is back;
//   - the federation's Federation reads each venue's records with a
//     durable consumer per venue and hands them to an Applier, which
//     applies each once by (venue, incarnation, sequence) with its
//     high-water mark in one transaction; records it has applied are
//     acknowledged, the rest (a gap, a record it cannot take yet) are
//     delivered again;
//   - the federation's changes for a venue go the other way the same
//     way: its changes to the venue's results (a director's correction or
//     erasure at the federation) under federation.<venue>, its board sets
//     under federation.<venue>.dealing, its player registry under
//     federation.<venue>.registry and its events and their sessions under
//     federation.<venue>.events, each from a queue written in the
//     transaction of the change; the federation relays them to its stream
//     FEDERATION, and the venue's Inbound reads them from a durable
//     consumer the federation made for it, and applies each once.
//
// The envelope: subject venue.<venue>.event.<event>.session.<session>.<kind>
// (session 0 for a change of the event itself), a heartbeat on
// venue.<venue>.event.<event>.heartbeat; header Nats-Msg-Id
// <venue>:<incarnation>:<event>:<sequence> (the stream's own de-duplication,
// within its window), Director-Incarnation, and Director-Last (the last
// record of the venue's feed of the event); payload the bridge.type.v1.Change
// the gRPC feed gives. The federation takes the venue from the subject,
// which the venue's credentials bind it to, never from a header.
//
// The package knows nothing of bridge: Feed and Applier are what the
// scoring, dealing and movement services offer a venue and a federation.
package venues

import (
	"bytes"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"github.com/bridge-director/director/services/platform"
)

// Stream is the federation's stream of every venue's records.
const Stream = "VENUES"

// FederationStream is the federation's stream of its changes for the
// venues, each venue's under federation.<venue>.
const FederationStream = "FEDERATION"

// inboundConsumer is the durable consumer a venue reads its federation's
// changes from.
func inboundConsumer(venue string) string { return "to-" + venue }

// FederationUser is the NATS user the federation's own Director connects
// to its embedded NATS as.
const FederationUser = "federation"

// Venue is one venue's NATS account at the federation.
type Venue struct {
	// ID names the venue in its subjects: 1 to 63 of a-z, 0-9 and '-'.
	ID string
	// Password is the venue's NATS password.
	Password string
	// Events are the ids of the events the venue plays: it is sent their
	// board sets, secret until released, and no other event's.
	Events []string
}

// ReadVenues reads a file of venues, one a line: the venue's id, its NATS
// password and the ids of the events it plays, separated by blanks; blank
// lines and lines beginning with # are skipped.
func ReadVenues(path string) ([]Venue, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var vs []Venue
	seen := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			return nil, fmt.Errorf("%s:%d: want a venue's id, its password and the events it plays, separated by blanks", path, i+1)
		}
		for _, e := range f[2:] {
			if !platform.ValidID(e) {
				return nil, fmt.Errorf("%s:%d: event id %q is not 1 to 63 of a-z, 0-9 and '-'", path, i+1, e)
			}
		}
		if err := CheckVenueID(f[0]); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		if seen[f[0]] {
			return nil, fmt.Errorf("%s:%d: venue %q is listed twice", path, i+1, f[0])
		}
		if f[0] == FederationUser {
			return nil, fmt.Errorf("%s:%d: %q is the federation's own user; name the venue otherwise", path, i+1, f[0])
		}
		seen[f[0]] = true
		vs = append(vs, Venue{ID: f[0], Password: f[1], Events: f[2:]})
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("%s lists no venue", path)
	}
	return vs, nil
}

// CheckVenueID refuses an id that cannot name a venue in a NATS subject.
func CheckVenueID(id string) error {
	if !platform.ValidID(id) {
		return fmt.Errorf("venue id %q is not 1 to 63 of a-z, 0-9 and '-'", id)
	}
	return nil
}

// HubConfig says how the federation runs its embedded NATS.
type HubConfig struct {
	// Listen is the address venues connect to (host:port; port 0 picks one).
	Listen string
	// StoreDir is JetStream's directory.
	StoreDir string
	// Venues are the venues that may connect.
	Venues []Venue
	// TLS, when set, is the server's TLS: venues then connect over TLS
	// only (tls://host:port), and their passwords never cross the network
	// in the clear.
	TLS *tls.Config
}

// Hub is the federation's embedded NATS server, with JetStream.
type Hub struct {
	srv *server.Server
	// password is the federation's own user's, made at each start.
	password string
	// leaf is the server's TLS certificate (DER), nil without TLS.
	leaf []byte
}

// StartHub starts the embedded NATS server. Each venue's user may publish
// only its own venue's subjects and subscribe only to its own inboxes
// (InboxPrefix), where its publish acknowledgements come; the federation's
// own user may do anything. The server advertises no other address (a
// venue behind a proxy or NAT keeps to the address it was given).
func StartHub(cfg HubConfig) (*Hub, error) {
	host, portText, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("--nats-listen %q: %v", cfg.Listen, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("--nats-listen %q: the port is not a number from 0 to 65535", cfg.Listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	if err := os.MkdirAll(cfg.StoreDir, 0o700); err != nil {
		return nil, err
	}
	h := &Hub{password: rand.Text()}
	users := []*server.User{{Username: FederationUser, Password: h.password}}
	for _, v := range cfg.Venues {
		users = append(users, &server.User{Username: v.ID, Password: v.Password, Permissions: venuePermissions(v.ID)})
	}
	opts := &server.Options{
		ServerName: "director-federation",
		Host:       host,
		Port:       port,
		JetStream:  true,
		StoreDir:   filepath.Clean(cfg.StoreDir),
		Users:      users,
		NoSigs:     true,
		NoLog:      true,
		// Venues connect to the address they were given, never to one the
		// server would advertise.
		Cluster: server.ClusterOpts{NoAdvertise: true},
	}
	if cfg.TLS != nil {
		if len(cfg.TLS.Certificates) == 0 || len(cfg.TLS.Certificates[0].Certificate) == 0 {
			return nil, errors.New("NATS TLS: no certificate")
		}
		opts.TLS, opts.TLSConfig, opts.TLSTimeout = true, cfg.TLS, 2
		h.leaf = cfg.TLS.Certificates[0].Certificate[0]
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("starting NATS: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, errors.New("NATS did not start listening within 10s on " + cfg.Listen)
	}
	h.srv = srv
	return h, nil
}

// venuePermissions let a venue publish its own subjects, read its own
// consumer of the federation's changes, and read the answers sent to its
// own inboxes.
func venuePermissions(id string) *server.Permissions {
	cons := FederationStream + "." + inboundConsumer(id)
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			"venue." + id + ".>",
			"$JS.API.CONSUMER.INFO." + cons,
			"$JS.API.CONSUMER.MSG.NEXT." + cons,
			"$JS.ACK." + cons + ".>",
			"$JS.ACK.*.*." + cons + ".>",
		}},
		Subscribe: &server.SubjectPermission{Allow: []string{InboxPrefix(id) + ".>"}},
	}
}

// InboxPrefix is the prefix of a venue's inboxes.
func InboxPrefix(venue string) string { return "_INBOX_" + venue }

// InProcess is the option that connects a client of the federation's own
// to the server in process, without the network. With TLS the handshake
// is made all the same: the client takes the server's own certificate, the
// very bytes, whatever name it carries.
func (h *Hub) InProcess() nats.Option {
	return func(o *nats.Options) error {
		if err := nats.InProcessServer(h.srv)(o); err != nil {
			return err
		}
		if h.leaf == nil {
			return nil
		}
		return nats.Secure(&tls.Config{
			MinVersion: tls.VersionTLS12,
			// Checked below against the one certificate this server has.
			InsecureSkipVerify: true,
			VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
				if len(raw) == 0 || !bytes.Equal(raw[0], h.leaf) {
					return errors.New("the in-process NATS presented another certificate than its own")
				}
				return nil
			},
		})(o)
	}
}

// ClientURL is the address NATS listens on for clients.
func (h *Hub) ClientURL() string { return h.srv.ClientURL() }

// Addr is the address NATS listens on.
func (h *Hub) Addr() net.Addr { return h.srv.Addr() }

// Password is the federation's own user's password.
func (h *Hub) Password() string { return h.password }

// Shutdown stops the server.
func (h *Hub) Shutdown() {
	h.srv.Shutdown()
	h.srv.WaitForShutdown()
}
