package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/nats-io/nats.go"

	dealingservice "github.com/bridge-director/director/services/dealing"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	scoringservice "github.com/bridge-director/director/services/scoring"
	"github.com/bridge-director/director/services/venues"
)

// venueConfig says whether this Director is a federation, a venue, or
// neither (many venues, one event: services/venues).
type venueConfig struct {
	// A federation: the embedded NATS's address, or an external NATS,
	// and the venues it takes.
	natsListen, natsURL, natsVenues string
	// A venue: its id and the federation's NATS.
	venue, federation string
	// The NATS credentials: the venue's, or the federation's on an
	// external NATS.
	natsUser, natsPassword string
	// natsReplicas is the replication of the federation's streams.
	natsReplicas string
}

func (v *venueConfig) flags(str func(p *string, name, env, def, help string)) {
	str(&v.natsListen, "nats-listen", "DIRECTOR_NATS_LISTEN", "", "as a federation, run NATS for the venues at this address (0.0.0.0:4222), over TLS with --tls-cert; needs --nats-venues")
	str(&v.natsURL, "nats-url", "DIRECTOR_NATS_URL", "", "as a federation, use this external NATS (nats://host:4222,...) instead of running one, with --nats-user and --nats-password")
	str(&v.natsVenues, "nats-venues", "DIRECTOR_NATS_VENUES", "", "as a federation, the file of the venues it takes: a venue id, its NATS password and the ids of the events it plays a line")
	str(&v.venue, "venue", "DIRECTOR_VENUE", "", "as a venue, its id (a-z, 0-9, '-'); with --federation, its feed is relayed there")
	str(&v.federation, "federation", "DIRECTOR_FEDERATION", "", "as a venue, the federation's NATS (nats://host:4222, or tls://host:4222 when it has a certificate, checked against --peer-ca when given)")
	str(&v.natsUser, "nats-user", "DIRECTOR_NATS_USER", "", "the NATS user: a venue's (default its --venue id), or the federation's on --nats-url")
	str(&v.natsPassword, "nats-password", "DIRECTOR_NATS_PASSWORD", "", "the NATS password of --nats-user")
	str(&v.natsReplicas, "nats-replicas", "DIRECTOR_NATS_REPLICAS", "1", "as a federation on --nats-url, how many of the cluster's servers keep each stream (1 to 5)")
}

// check refuses flags that do not make a federation or a venue.
func (v *venueConfig) check(services string) error {
	federation := v.natsListen != "" || v.natsURL != ""
	venue := v.venue != "" || v.federation != ""
	switch {
	case !federation && !venue:
		if v.natsVenues != "" {
			return errors.New("--nats-venues: give --nats-listen or --nats-url too")
		}
		return nil
	case federation && venue:
		return errors.New("a Director is a federation (--nats-listen, --nats-url) or a venue (--venue, --federation), not both")
	case v.natsListen != "" && v.natsURL != "":
		return errors.New("--nats-listen runs NATS here and --nats-url uses one elsewhere: give one")
	case federation && v.natsVenues == "":
		return errors.New("a federation needs --nats-venues, the file of the venues it takes")
	case v.natsURL != "" && (v.natsUser == "" || v.natsPassword == ""):
		return errors.New("--nats-url needs the federation's --nats-user and --nats-password")
	case venue && (v.venue == "" || v.federation == ""):
		return errors.New("a venue needs both --venue and --federation")
	case venue && v.natsPassword == "":
		return errors.New("a venue needs --nats-password, its password at the federation")
	}
	if n, err := strconv.Atoi(v.natsReplicas); err != nil || n < 1 || n > 5 || (n > 1 && v.natsURL == "") {
		return fmt.Errorf("--nats-replicas %q: want 1 to 5, and above 1 only with --nats-url (the embedded NATS is one server)", v.natsReplicas)
	}
	if venue {
		if err := venues.CheckVenueID(v.venue); err != nil {
			return fmt.Errorf("--venue: %w", err)
		}
	}
	for _, s := range strings.Split(services, ",") {
		if strings.TrimSpace(s) == "scoring" {
			return nil
		}
	}
	return errors.New("a federation or a venue runs the scoring service, whose feed it relays or applies: add scoring to --services")
}

// start starts what the flags ask for: NATS and the applier of a
// federation, or a venue's relay, over the scoring service of running. It
// returns what stops them and waits for them.
func (v *venueConfig) start(ctx context.Context, dataDir string, files platform.TLSFiles, running []platform.Service, log *slog.Logger) (func(), error) {
	var scoring *scoringservice.Service
	// The board sets, the registry and the events with their sessions go
	// to the venues when the dealing and movement services run here too,
	// at the federation and at the venue.
	var dealing *dealingservice.Service
	var movement *movementservice.Service
	for _, s := range running {
		switch s := s.(type) {
		case *scoringservice.Service:
			scoring = s
		case *dealingservice.Service:
			dealing = s
		case *movementservice.Service:
			movement = s
		}
	}
	if scoring == nil || (v.natsListen == "" && v.natsURL == "" && v.venue == "") {
		return func() {}, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	if v.venue != "" {
		// The federation's certificate is checked against --peer-ca when
		// given, the system's roots otherwise (tls://host:port).
		var opts []nats.Option
		if files.PeerCA != "" {
			opts = append(opts, nats.RootCAs(files.PeerCA))
		}
		r := &venues.Relay{Venue: v.venue, URL: v.federation, User: v.natsUser, Password: v.natsPassword, Feed: scoring, Logger: log, Options: opts}
		if r.User == "" {
			r.User = v.venue
		}
		in := &venues.Inbound{Venue: v.venue, URL: v.federation, User: r.User, Password: v.natsPassword, Logger: log, Options: opts,
			Appliers: map[string]venues.Applier{"": scoring}}
		if dealing != nil {
			in.Appliers["dealing"] = dealing
		}
		if movement != nil {
			in.Appliers["registry"] = movement
			in.Appliers["events"] = movement.EventsFromFederation()
		}
		go func() {
			defer close(done)
			var wg sync.WaitGroup
			wg.Go(func() {
				if err := in.Run(ctx); err != nil {
					log.Error("the federation's changes for this venue are no longer applied", "error", err)
				}
			})
			if err := r.Run(ctx); err != nil {
				log.Error("the relay to the federation stopped", "error", err)
			}
			wg.Wait()
		}()
		log.Info("relaying this venue's feed to the federation", "venue", v.venue, "federation", v.federation)
		return func() { cancel(); <-done }, nil
	}
	vs, err := venues.ReadVenues(v.natsVenues)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("--nats-venues: %w", err)
	}
	replicas, _ := strconv.Atoi(v.natsReplicas)
	f := &venues.Federation{Replicas: replicas, URL: v.natsURL, User: v.natsUser, Password: v.natsPassword, Applier: scoring, Logger: log,
		Outboxes: map[string]func(string) venues.Feed{"": func(venue string) venues.Feed { return scoring.ToVenue(venue) }}}
	// A venue is sent the events it plays alone, and their board sets,
	// which are secret until released.
	plays := map[string][]string{}
	for _, venue := range vs {
		plays[venue.ID] = venue.Events
	}
	if dealing != nil {
		dealing.ServeVenues()
		f.Outboxes["dealing"] = func(venue string) venues.Feed { return venues.OnlyEvents(dealing.ToVenue(venue), plays[venue]) }
	}
	if movement != nil {
		movement.ServeVenues()
		f.Outboxes["registry"] = func(venue string) venues.Feed { return movement.ToVenue(venue) }
		f.Outboxes["events"] = func(venue string) venues.Feed { return venues.OnlyEvents(movement.EventsToVenue(venue), plays[venue]) }
	}
	for _, venue := range vs {
		f.Venues = append(f.Venues, venue.ID)
	}
	var hub *venues.Hub
	if v.natsListen != "" {
		cfg := venues.HubConfig{Listen: v.natsListen, StoreDir: filepath.Join(dataDir, "nats"), Venues: vs}
		// With Director's certificate, the venues connect over TLS only.
		if files.Cert != "" && files.Key != "" {
			pair, err := tls.LoadX509KeyPair(files.Cert, files.Key)
			if err != nil {
				cancel()
				return nil, fmt.Errorf("NATS TLS: %w", err)
			}
			cfg.TLS = &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}
		}
		hub, err = venues.StartHub(cfg)
		if err != nil {
			cancel()
			return nil, err
		}
		f.URL, f.User, f.Password = hub.ClientURL(), venues.FederationUser, hub.Password()
		f.Options = []nats.Option{hub.InProcess()}
		log.Info("NATS for the venues listening", "addr", hub.Addr().String(), "venues", len(vs))
	}
	go func() {
		defer close(done)
		if err := f.Run(ctx); err != nil {
			log.Error("the federation's applier stopped", "error", err)
		}
	}()
	return func() {
		cancel()
		<-done
		if hub != nil {
			hub.Shutdown()
		}
	}, nil
}
