package platform

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"os"
	"slices"
	"time"

	"golang.org/x/net/netutil"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	reflectionalphapb "google.golang.org/grpc/reflection/grpc_reflection_v1alpha"
)

// Service is one Director service as Serve runs it. Its REST routes are
// registered by the REST facade (gateway.Routed), not by Serve.
type Service interface {
	Name() string                         // e.g. "scoring"; also its name in grpc.health.v1
	RegisterGRPC(s grpc.ServiceRegistrar) // once on the public server and once on the in-process connection
	Policy() Policy
	// Store is the service's store, which keeps the answers to its
	// methods' request IDs.
	Store() *Store
	Close() error
}

// A Preparer is a service with work to do once its peers are connected and
// before it reports SERVING, such as scoring what it keeps in memory.
type Preparer interface {
	Prepare(ctx context.Context) error
}

// Config says where Serve listens and how it checks callers.
type Config struct {
	GRPCAddr string // e.g. "localhost:9090"; port 0 picks a free port
	HTTPAddr string // the REST gateway, e.g. "localhost:8080"
	DataDir  string // where the services keep their files; Serve creates it
	// Auth checks tokens; nil means DevelopmentAuthenticator.
	Auth   *Authenticator
	Logger *slog.Logger // nil means slog.Default()
	// REST builds what HTTPAddr serves, once the services can be called in
	// process (gateway.Options.Handler builds the REST facade). Required.
	REST func(ctx context.Context, b Backend) (http.Handler, error)
	// HealthAddr, if set, is the address of a second gRPC server, always
	// plaintext, that answers grpc.health.v1 and nothing else: for probes
	// that speak no TLS (Kubernetes' gRPC probes) when GRPCAddr speaks TLS
	// only. It tells what the health service of GRPCAddr tells.
	HealthAddr string
	// Listening, if set, is called with the bound addresses once both
	// listeners are open (useful with port 0).
	Listening func(Addrs)
	// Peers gives the gRPC address of each service that runs in another
	// process ("movement" → "10.0.0.7:9090"), for the services that call it
	// and for the REST facade, which serves the routes of those services too.
	// A service may not both run here and be a peer. With tokens required, peers need mutual TLS (all four TLS files).
	Peers map[string]string
	// ShutdownTimeout bounds the graceful part of shutdown (default 10s).
	ShutdownTimeout time.Duration
	// TLS names the certificate files; without them both listeners speak
	// plaintext.
	TLS TLSFiles
	// TableTokens checks table tokens when no service of this process
	// keeps them (one that is a TableTokens); a Caller, it is connected to
	// its peer like the services. Serve remembers what it answers for
	// CachedTableTokensTime.
	TableTokens TableTokens
}

// Backend is what Config.REST builds its handler on: the services Serve
// runs, the services that run elsewhere (Config.Peers), the connection that
// calls both (the in-process connection through the interceptors for the
// first, the peers' connections for the others: routedConn), the
// interceptors' authenticator (so that a caller has one rate, over REST and
// gRPC alike) and the server's logger.
type Backend struct {
	Services []Service
	// Elsewhere names the services that run in other processes, sorted.
	Elsewhere []string
	Conn      grpc.ClientConnInterface
	Auth      *Authenticator
	Logger    *slog.Logger
}

// Addrs are the addresses Serve listens on; Health is nil without
// Config.HealthAddr.
type Addrs struct {
	GRPC, HTTP, Health net.Addr
}

// maxHealthConns bounds the connections of the health server: a few
// probes.
const maxHealthConns = 16

// Serve runs the services on one public gRPC server, and what Config.REST
// builds (the REST facade) on the HTTP listener, until ctx is cancelled,
// then shuts down gracefully and closes the services. The REST facade and
// the services that call each other reach the services through the
// in-process connection (inprocess.go), which calls their handlers through
// the same interceptors. It returns nil after a clean
// shutdown. Serve closes the services before it returns, whatever happened.
func Serve(ctx context.Context, cfg Config, services ...Service) (err error) {
	defer func() {
		for _, s := range services {
			if cerr := s.Close(); cerr != nil {
				err = errors.Join(err, fmt.Errorf("close %s: %w", s.Name(), cerr))
			}
		}
	}()
	cfg = withDefaults(cfg)
	log := cfg.Logger
	if cfg.GRPCAddr == "" || cfg.HTTPAddr == "" {
		return errors.New("serve: both the gRPC and the HTTP address are required")
	}
	if cfg.REST == nil {
		return errors.New("serve: nothing to serve over HTTP (Config.REST)")
	}
	if cfg.DataDir != "" {
		if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
			return fmt.Errorf("serve: data directory: %w", err)
		}
	}
	policy, err := unionPolicy(services)
	if err != nil {
		return err
	}
	if err := checkServices(services); err != nil {
		return err
	}
	for _, s := range services {
		if addr, ok := cfg.Peers[s.Name()]; ok {
			return fmt.Errorf("serve: %s runs in this process and is also said to run at %s (--peer %s=%s): keep one", s.Name(), addr, s.Name(), addr)
		}
	}
	if err := cfg.TLS.checkMutual(cfg.Peers, cfg.Auth); err != nil {
		return err
	}
	tlsConfig, err := cfg.TLS.serverConfig()
	if err != nil {
		return err
	}
	peerCreds, err := cfg.TLS.peerCredentials()
	if err != nil {
		return err
	}
	if cfg.Auth.Development() {
		log.Warn("DEVELOPMENT MODE: authentication is off and every caller is a federation admin; " +
			"to require tokens, start with an auth config file listing them (tokens: [{name, token or token_sha256, roles, events}])")
	}

	grpcLis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		return fmt.Errorf("serve: gRPC listener: %w", err)
	}
	httpLis, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		grpcLis.Close()
		return fmt.Errorf("serve: HTTP listener: %w", err)
	}
	var healthLis net.Listener
	if cfg.HealthAddr != "" {
		if healthLis, err = net.Listen("tcp", cfg.HealthAddr); err != nil {
			grpcLis.Close()
			httpLis.Close()
			return fmt.Errorf("serve: health listener: %w", err)
		}
	}
	addrs := Addrs{GRPC: grpcLis.Addr(), HTTP: httpLis.Addr()}
	if healthLis != nil {
		addrs.Health = healthLis.Addr()
		healthLis = netutil.LimitListener(healthLis, maxHealthConns)
	}
	grpcLis = netutil.LimitListener(grpcLis, maxGRPCConns)
	httpLis = netutil.LimitListener(httpLis, maxHTTPConns)

	stores := MethodStores(services...)
	public := slices.Concat(ServerOptions(log, cfg.Auth, policy, stores), messageOptions, keepaliveOptions, []grpc.ServerOption{grpc.MaxConcurrentStreams(maxStreams)})
	if tlsConfig != nil {
		public = append(public, grpc.Creds(credentials.NewTLS(tlsConfig)))
	}
	grpcServer := grpc.NewServer(public...)
	// One in-process connection serves the REST facade and the services
	// that call each other in this process.
	local := NewInProcess(log, cfg.Auth, policy, stores)
	healthServer := health.NewServer()
	for _, srv := range []grpc.ServiceRegistrar{grpcServer, local} {
		healthpb.RegisterHealthServer(srv, healthServer)
		for _, s := range services {
			s.RegisterGRPC(srv)
		}
	}
	registerAdmin(services, grpcServer, local)
	reflection.Register(grpcServer)
	var remoteTables TableTokens // checked by a peer, connected below
	if own := localTableTokens(services); own != nil {
		cfg.Auth.UseTableTokens(own)
	} else if cfg.TableTokens != nil {
		remoteTables = cfg.TableTokens
		cfg.Auth.UseTableTokens(CachedTableTokens(remoteTables, time.Now))
	}
	preparing := markServing(healthServer, services)
	serveErrs := make(chan error, 3)
	go func() { serveErrs <- grpcServer.Serve(grpcLis) }()
	healthOnly := grpc.NewServer(keepaliveOptions...)
	healthpb.RegisterHealthServer(healthOnly, healthServer)
	if healthLis != nil {
		go func() { serveErrs <- healthOnly.Serve(healthLis) }()
	}
	stopAll := func() {
		httpLis.Close()
		grpcServer.Stop()
		healthOnly.Stop()
		local.Stop()
	}

	remote, err := dialPeers(cfg.Peers, peerCreds)
	if err != nil {
		stopAll()
		return err
	}
	defer closeAll(slices.Collect(maps.Values(remote)))
	if err := connectPeers(services, remoteTables, local, remote); err != nil {
		stopAll()
		return err
	}
	go prepare(ctx, healthServer, preparing, log)
	rest, err := cfg.REST(ctx, Backend{Services: services, Elsewhere: slices.Sorted(maps.Keys(remote)),
		Conn: newRoutedConn(local, services, remote), Auth: cfg.Auth, Logger: log})
	if err != nil {
		stopAll()
		return fmt.Errorf("serve: %w", err)
	}
	httpServer := newHTTPServer(rest)
	if tlsConfig != nil {
		httpServer.TLSConfig = tlsConfig.Clone()
		go func() { serveErrs <- httpServer.ServeTLS(httpLis, "", "") }()
	} else {
		go func() { serveErrs <- httpServer.Serve(httpLis) }()
	}

	log.Info("director listening", "grpc", addrs.GRPC.String(), "http", addrs.HTTP.String(), "health", cfg.HealthAddr, "data_dir", cfg.DataDir, "tls", tlsConfig != nil)
	warnCleartextTokens(log, cfg.Auth, tlsConfig != nil, addrs.GRPC, addrs.HTTP)
	if cfg.Listening != nil {
		cfg.Listening(addrs)
	}

	var failure error
	select {
	case <-ctx.Done():
		log.Info("shutting down")
	case failure = <-serveErrs:
		log.Error("server failed, shutting down", "error", failure)
	}
	healthServer.Shutdown()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := httpServer.Shutdown(shutdownCtx); err != nil {
		log.Warn("HTTP shutdown did not finish in time", "error", err)
	}
	stopGRPC(shutdownCtx, grpcServer, log)
	healthOnly.Stop()
	local.Stop()
	if !local.Wait(shutdownCtx) {
		log.Warn("in-process calls still running at the shutdown deadline are cancelled")
		local.Kill()
	}
	return failure
}

func withDefaults(cfg Config) Config {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Auth == nil {
		cfg.Auth = DevelopmentAuthenticator()
	}
	if cfg.ShutdownTimeout <= 0 {
		cfg.ShutdownTimeout = 10 * time.Second
	}
	return cfg
}

// unionPolicy merges the services' policies and opens health and reflection
// to everyone.
func unionPolicy(services []Service) (Policy, error) {
	policy := Policy{}
	for _, sd := range []grpc.ServiceDesc{
		healthpb.Health_ServiceDesc,
		reflectionpb.ServerReflection_ServiceDesc,
		reflectionalphapb.ServerReflection_ServiceDesc,
	} {
		maps.Copy(policy, publicPolicy(sd))
	}
	maps.Copy(policy, adminPolicy())
	for _, s := range services {
		for method, rule := range s.Policy() {
			if _, dup := policy[method]; dup {
				return nil, fmt.Errorf("serve: method %s is in the access policy of %s and of another service", method, s.Name())
			}
			policy[method] = rule
		}
	}
	return policy, nil
}

// stopGRPC lets running calls finish until ctx is done, then cuts them off.
func stopGRPC(ctx context.Context, s *grpc.Server, log *slog.Logger) {
	stopped := make(chan struct{})
	go func() {
		s.GracefulStop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-ctx.Done():
		log.Warn("gRPC calls still running at the shutdown deadline; stopping them")
		s.Stop()
		<-stopped
	}
}

// markServing reports every service SERVING but those that must prepare
// first, which it returns; while any is preparing, the server as a whole
// (health service "") is NOT_SERVING.
func markServing(h *health.Server, services []Service) map[string]Preparer {
	preparing := map[string]Preparer{}
	for _, s := range services {
		if p, ok := s.(Preparer); ok {
			preparing[s.Name()] = p
			h.SetServingStatus(s.Name(), healthpb.HealthCheckResponse_NOT_SERVING)
			continue
		}
		h.SetServingStatus(s.Name(), healthpb.HealthCheckResponse_SERVING)
	}
	if len(preparing) > 0 {
		h.SetServingStatus("", healthpb.HealthCheckResponse_NOT_SERVING)
	}
	return preparing
}

// prepare runs each service's Prepare until it succeeds (a peer may not be
// up yet), waiting longer after each failure, and reports the service
// SERVING when it has; the server is SERVING once all have.
func prepare(ctx context.Context, h *health.Server, preparing map[string]Preparer, log *slog.Logger) {
	for name, p := range preparing {
		wait := time.Second
		for {
			start := time.Now()
			err := p.Prepare(ctx)
			if err == nil {
				log.Info("service ready", "service", name, "took", time.Since(start).Round(time.Millisecond))
				h.SetServingStatus(name, healthpb.HealthCheckResponse_SERVING)
				break
			}
			log.Warn("service not ready yet; trying again", "service", name, "error", err, "again_in", wait)
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			wait = min(2*wait, 30*time.Second)
		}
	}
	if len(preparing) > 0 {
		h.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	}
}
