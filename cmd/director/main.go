// Command director runs Director: every service in one process by default,
// gRPC on 127.0.0.1:9090 and REST on 127.0.0.1:8080, data in ./data.
//
// Usage:
//
//	director [serve] [flags]
//	director check [--data dir]
//	director dd [-o FILE | --in-place] [--workers N] FILE.pbn
//	director backup [--server ADDR] [--token T] [--out FILE]
//	director restore [--data dir] [--force] FILE
//	director restore [--data dir] --finish
//	director export [--server ADDR] [--token T] --event ID [--out FILE]
//	director import [--server ADDR] [--token T] FILE
//
// dd adds each board's double-dummy table and par to a PBN file. backup
// copies every store of a running Director into one archive, and restore
// puts a backup's stores into a data directory; export and import carry one
// event, from every service, between running Directors.
//
// Every flag can also be set by an environment variable, named in its help.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"

	dealingservice "github.com/bridge-director/director/services/dealing"
	"github.com/bridge-director/director/services/gateway"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	rulingsservice "github.com/bridge-director/director/services/rulings"
	scoringservice "github.com/bridge-director/director/services/scoring"
)

// opener opens one service over the data directory.
type opener func(dataDir string) (platform.Service, error)

// services are the services director can run, by name.
var services = map[string]opener{
	"dealing":  func(dir string) (platform.Service, error) { return dealingservice.Open(dir) },
	"movement": func(dir string) (platform.Service, error) { return movementservice.Open(dir) },
	"rulings":  func(dir string) (platform.Service, error) { return rulingsservice.Open(dir) },
	"scoring":  func(dir string) (platform.Service, error) { return scoringservice.Open(dir) },
}

// routes register the REST routes of each service, which the gateway
// serves whether the service runs in its process or elsewhere.
var routes = map[string]gateway.RouteFunc{
	"dealing":  dealingservice.RegisterRoutes,
	"movement": movementservice.RegisterRoutes,
	"rulings":  rulingsservice.RegisterRoutes,
	"scoring":  scoringservice.RegisterRoutes,
}

// gatewayOnly is the --services value of a process that runs no service:
// only the REST gateway and the web pages, in front of services that run
// elsewhere (--peer).
const gatewayOnly = "gateway"

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "director:", err)
		os.Exit(1)
	}
}

// config is what the command line and the environment say.
type config struct {
	grpcAddr, httpAddr, healthAddr, dataDir, authConfig, logFormat, services, peers, corsOrigins string

	maxBody int64
	tls     platform.TLSFiles
	// venues makes this Director a federation or a venue (venues.go).
	venues venueConfig
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	if len(args) > 0 && args[0] == "serve" {
		args = args[1:]
	}
	var c config
	fs := flag.NewFlagSet("director", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, `Usage: director [serve] [flags]: run Director (the flags below)
   or: director check | dd | backup | restore | export | import [flags]: see director <command> --help

`)
		fs.PrintDefaults()
	}
	str := func(p *string, name, env, def, help string) {
		if v, ok := os.LookupEnv(env); ok {
			def = v
		}
		fs.StringVar(p, name, def, help+" ($"+env+")")
	}
	str(&c.grpcAddr, "grpc-addr", "DIRECTOR_GRPC_ADDR", "127.0.0.1:9090", "address of the gRPC server")
	str(&c.httpAddr, "http-addr", "DIRECTOR_HTTP_ADDR", "127.0.0.1:8080", "address of the REST gateway")
	str(&c.healthAddr, "health-addr", "DIRECTOR_HEALTH_ADDR", "", "address of a plaintext gRPC server answering grpc.health.v1 only, for probes that speak no TLS (Kubernetes); none when empty")
	str(&c.dataDir, "data", "DIRECTOR_DATA", "data", "directory of the services' bbolt files")
	str(&c.authConfig, "auth-config", "DIRECTOR_AUTH_CONFIG", "", "YAML file of bearer tokens and their roles; without it every caller is an administrator (development only)")
	str(&c.logFormat, "log-format", "DIRECTOR_LOG_FORMAT", "text", "log format: text or json")
	str(&c.services, "services", "DIRECTOR_SERVICES", strings.Join(serviceNames(), ","), "comma-separated services to run, or "+gatewayOnly+" for the REST gateway alone in front of services elsewhere (--peer)")
	str(&c.peers, "peer", "DIRECTOR_PEERS", "", "where services that run elsewhere listen, comma-separated: movement=host:9090")
	str(&c.corsOrigins, "cors-origins", "DIRECTOR_CORS_ORIGINS", "", "comma-separated origins whose web pages may call the REST API (https://club.example.org); none: same origin only")
	str(&c.tls.Cert, "tls-cert", "DIRECTOR_TLS_CERT", "", "PEM certificate chain; with --tls-key, gRPC and REST speak TLS only")
	str(&c.tls.Key, "tls-key", "DIRECTOR_TLS_KEY", "", "PEM private key of --tls-cert")
	str(&c.tls.ClientCA, "tls-client-ca", "DIRECTOR_TLS_CLIENT_CA", "", "PEM CA whose client certificates identify other Director services (mutual TLS)")
	str(&c.tls.PeerCA, "peer-ca", "DIRECTOR_PEER_CA", "", "PEM CA of the peers' certificates; with it peers are dialled over TLS, presenting --tls-cert")
	maxBody := fmt.Sprint(gateway.DefaultMaxBody)
	str(&maxBody, "max-body", "DIRECTOR_MAX_BODY", maxBody, "largest REST request body in bytes")
	c.venues.flags(str)
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q: the commands are serve, check, dd, backup, restore, export and import", fs.Arg(0))
	}
	n, err := strconv.ParseInt(maxBody, 10, 64)
	if err != nil || n <= 0 {
		return c, fmt.Errorf("--max-body %q: want a number of bytes above 0", maxBody)
	}
	c.maxBody = n
	return c, c.venues.check(c.services)
}

func serviceNames() []string {
	var names []string
	for n := range services {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func run(ctx context.Context, args []string, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "check" {
		return check(args[1:], os.Stdout, stderr)
	}
	if len(args) > 0 && args[0] == "dd" {
		return dd(ctx, args[1:], os.Stdin, os.Stdout, os.Stderr)
	}
	if len(args) > 0 {
		if command, ok := dataCommands[args[0]]; ok {
			if err := command(ctx, args[1:], stderr); !errors.Is(err, flag.ErrHelp) {
				return err
			}
			return nil
		}
	}
	c, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	// What the flags say is checked whole before anything is opened.
	names, err := parseServices(c.services)
	if err != nil {
		return err
	}
	peers, err := parsePeers(c.peers)
	if err != nil {
		return err
	}
	if len(names) == 0 && len(peers) == 0 {
		return fmt.Errorf("--services %s runs the REST gateway alone: say where the services run with --peer (movement=host:9090,...)", gatewayOnly)
	}
	logger, err := newLogger(c.logFormat, stderr)
	if err != nil {
		return err
	}
	// What services log outside a request (migrations, their outboxes) goes
	// where and as the requests' lines go.
	slog.SetDefault(logger)
	auth := platform.DevelopmentAuthenticator()
	if c.authConfig != "" {
		if auth, err = platform.LoadAuthConfig(c.authConfig); err != nil {
			return err
		}
	}
	// A restore cut short leaves some stores of a backup and some from
	// before: serving them would mix two moments of the data.
	if err := unfinishedRestore(c.dataDir); err != nil {
		return err
	}
	var running []platform.Service
	closeAll := func() {
		for _, s := range running {
			s.Close()
		}
	}
	for _, name := range names {
		s, err := services[name](c.dataDir)
		if err != nil {
			closeAll()
			return fmt.Errorf("opening %s: %w", name, err)
		}
		running = append(running, s)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Without the movement service here, its peer checks table tokens.
	var tableTokens platform.TableTokens
	if _, ok := peers["movement"]; ok {
		tableTokens = &movementservice.RemoteTableTokens{}
	}
	stopVenues, err := c.venues.start(ctx, c.dataDir, c.tls, running, logger)
	if err != nil {
		closeAll()
		return err
	}
	defer stopVenues()
	// The gateway alone keeps nothing: it needs no data directory.
	dataDir := c.dataDir
	if len(running) == 0 {
		dataDir = ""
	}
	return platform.Serve(ctx, platform.Config{
		GRPCAddr:   c.grpcAddr,
		HTTPAddr:   c.httpAddr,
		HealthAddr: c.healthAddr,
		DataDir:    dataDir,
		Auth:       auth,
		Logger:     logger,
		Peers:      peers,
		REST:       gateway.Options{MaxBody: c.maxBody, Origins: splitList(c.corsOrigins), Routes: routes}.Handler,
		TLS:        c.tls,

		TableTokens: tableTokens,
	}, running...)
}

// splitList reads a comma-separated list, skipping empty items.
func splitList(s string) []string {
	var items []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	return items
}

// parseServices reads the --services value: service names, each once, or
// gatewayOnly alone, which is no service.
func parseServices(s string) ([]string, error) {
	var names []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		switch _, known := services[name]; {
		case name == gatewayOnly:
			if strings.TrimSpace(s) != gatewayOnly {
				return nil, fmt.Errorf("--services %q: %s runs no service and stands alone; name services, or %s", s, gatewayOnly, gatewayOnly)
			}
			return nil, nil
		case !known:
			return nil, fmt.Errorf("--services %q: unknown service %q: director runs %s, or %s for the REST gateway alone", s, name, strings.Join(serviceNames(), ", "), gatewayOnly)
		case slices.Contains(names, name):
			return nil, fmt.Errorf("--services %q names %s twice", s, name)
		}
		names = append(names, name)
	}
	return names, nil
}

// parsePeers reads "movement=host:9090,dealing=host2:9090".
func parsePeers(s string) (map[string]string, error) {
	peers := map[string]string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		name, addr, ok := strings.Cut(p, "=")
		if _, known := services[name]; !ok || !known || addr == "" {
			return nil, fmt.Errorf("peer %q: want service=host:port, the service one of %s", p, strings.Join(serviceNames(), ", "))
		}
		peers[name] = addr
	}
	return peers, nil
}

func newLogger(format string, w io.Writer) (*slog.Logger, error) {
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, nil)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, nil)), nil
	}
	return nil, fmt.Errorf("log format %q: use text or json", format)
}
