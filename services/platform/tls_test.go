package platform

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// testCA is a certificate authority made for one test.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	file string // the CA certificate as PEM
	dir  string
}

func newTestCA(t *testing.T, name string) *testCA {
	t.Helper()
	ca := &testCA{dir: t.TempDir()}
	ca.cert, ca.key = ca.issue(t, &x509.Certificate{
		Subject:               pkix.Name{CommonName: name},
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}, nil, nil)
	ca.file = ca.write(t, name+"-ca.pem", "CERTIFICATE", ca.cert.Raw)
	return ca
}

// issue signs template with parent (itself when parent is nil).
func (ca *testCA) issue(t *testing.T, template *x509.Certificate, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template.SerialNumber = big.NewInt(time.Now().UnixNano())
	template.NotBefore, template.NotAfter = time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	if parent == nil {
		parent, parentKey = template, key
	}
	der, err := x509.CreateCertificate(rand.Reader, template, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert, key
}

func (ca *testCA) write(t *testing.T, name, kind string, der []byte) string {
	t.Helper()
	file := filepath.Join(ca.dir, name)
	if err := os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// leaf issues a certificate for 127.0.0.1 that serves and authenticates,
// and returns its certificate and key files.
func (ca *testCA) leaf(t *testing.T, name string) (certFile, keyFile string) {
	t.Helper()
	cert, key := ca.issue(t, &x509.Certificate{
		Subject:     pkix.Name{CommonName: name},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
	}, ca.cert, ca.key)
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return ca.write(t, name+".pem", "CERTIFICATE", cert.Raw), ca.write(t, name+"-key.pem", "EC PRIVATE KEY", der)
}

// who asks the Identity service which service principal the call has.
func who(ctx context.Context, conn grpc.ClientConnInterface) (string, error) {
	resp := &wrapperspb.StringValue{}
	err := conn.Invoke(ctx, whoMethod, dynamicpb.NewMessage(requestDesc), resp)
	return resp.GetValue(), err
}

func dialWith(t *testing.T, addr string, creds credentials.TransportCredentials) *grpc.ClientConn {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(creds))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func TestServeOverTLS(t *testing.T) {
	ca := newTestCA(t, "director")
	serverCert, serverKey := ca.leaf(t, "server")
	rulingsCert, rulingsKey := ca.leaf(t, "rulings")
	rs := startServe(t, testAuthenticator(t), func(c *Config) {
		c.TLS = TLSFiles{Cert: serverCert, Key: serverKey, ClientCA: ca.file}
	})
	pool := x509.NewCertPool()
	pool.AddCert(ca.cert)

	// HTTP over TLS, and nothing in clear.
	https := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true}}
	resp, err := https.Get("https://" + rs.addrs.HTTP.String() + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /healthz over HTTPS: %v %v", resp, err)
	}
	resp.Body.Close()
	if resp.ProtoMajor != 2 {
		t.Errorf("HTTPS answered over %s, want HTTP/2", resp.Proto)
	}
	if resp, err := http.Get("http://" + rs.addrs.HTTP.String() + "/healthz"); err == nil && resp.StatusCode == http.StatusOK {
		t.Error("plain HTTP served the TLS listener")
	}

	// gRPC over TLS: a verified client certificate makes the call a
	// service's; the identity metadata alone does not.
	rulings, err := TLSFiles{Cert: rulingsCert, Key: rulingsKey, PeerCA: ca.file}.peerCredentials()
	if err != nil {
		t.Fatal(err)
	}
	anonymous, err := TLSFiles{PeerCA: ca.file}.peerCredentials()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	withCert := dialWith(t, rs.addrs.GRPC.String(), rulings)
	withoutCert := dialWith(t, rs.addrs.GRPC.String(), anonymous)
	if got, err := healthpb.NewHealthClient(withoutCert).Check(ctx, &healthpb.HealthCheckRequest{}); err != nil || got.Status != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("health over TLS: %v %v", got, err)
	}
	for _, c := range []struct {
		name string
		conn *grpc.ClientConn
		ctx  context.Context
		want string
	}{
		{"certificate and identity", withCert, WithServiceIdentity(ctx, "rulings", ""), "service:rulings"},
		{"certificate, identity, on behalf", withCert, WithServiceIdentity(ctx, "rulings", "chief-director"), "chief-director"},
		{"certificate without identity", withCert, ctx, "nobody"},
		{"identity without certificate", withoutCert, WithServiceIdentity(ctx, "rulings", "chief-director"), "nobody"},
	} {
		if got, err := who(c.ctx, c.conn); err != nil || got != c.want {
			t.Errorf("%s: %q %v, want %q", c.name, got, err, c.want)
		}
	}

	// A certificate from another CA is refused, and plaintext gets nowhere.
	stranger := newTestCA(t, "stranger")
	strangerCert, strangerKey := stranger.leaf(t, "rulings")
	forgedPair, err := tls.LoadX509KeyPair(strangerCert, strangerKey)
	if err != nil {
		t.Fatal(err)
	}
	forged := credentials.NewTLS(&tls.Config{RootCAs: pool, GetClientCertificate: func(*tls.CertificateRequestInfo) (*tls.Certificate, error) {
		return &forgedPair, nil // presented although the server does not ask for its CA
	}})
	if got, err := who(WithServiceIdentity(ctx, "rulings", ""), dialWith(t, rs.addrs.GRPC.String(), forged)); err == nil {
		t.Errorf("a certificate of another CA was served: %q", got)
	}
	if got, err := who(WithServiceIdentity(ctx, "rulings", ""), dialWith(t, rs.addrs.GRPC.String(), insecure.NewCredentials())); err == nil {
		t.Errorf("plaintext gRPC was served over the TLS listener: %q", got)
	}
}

func TestInProcessCallsAreInternal(t *testing.T) {
	// The same interceptors and the same service over an in-memory pipe,
	// as a test or a proxy would open it, are not internal: only the
	// in-process connection is.
	policy := publicPolicy(identityDesc)
	internal := NewInProcess((&logBuffer{}).logger(), testAuthenticator(t), policy, nil)
	internal.RegisterService(&identityDesc, struct{}{})
	plain := bufconn.Listen(1 << 16)
	srv := grpc.NewServer(ServerOptions((&logBuffer{}).logger(), testAuthenticator(t), policy, nil)...)
	srv.RegisterService(&identityDesc, struct{}{})
	go srv.Serve(plain)
	t.Cleanup(srv.Stop)
	outside, err := grpc.NewClient("passthrough:///plain",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return plain.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer outside.Close()

	ctx := context.Background()
	for _, c := range []struct {
		name string
		conn grpc.ClientConnInterface
		ctx  context.Context
		want string
	}{
		{"in process as a service", internal, WithServiceIdentity(ctx, "rulings", ""), "service:rulings"},
		{"in process on behalf of a user", internal, WithServiceIdentity(ctx, "rulings", "chief-director"), "chief-director"},
		{"in process without identity", internal, ctx, "nobody"},
		{"outside with identity", outside, WithServiceIdentity(ctx, "rulings", "chief-director"), "nobody"},
	} {
		if got, err := who(c.ctx, c.conn); err != nil || got != c.want {
			t.Errorf("%s: %q %v, want %q", c.name, got, err, c.want)
		}
	}
}

func TestServicePrincipalIsFederationAdmin(t *testing.T) {
	md := metadata.Pairs(serviceHeader, "rulings", onBehalfOfHeader, "chief-director")
	ctx := peer.NewContext(metadata.NewIncomingContext(context.Background(), md), &peer.Peer{AuthInfo: inProcessAuth{}})
	p, ok := servicePrincipal(ctx)
	if !ok || p.Name != "chief-director" || len(p.Roles) != 1 || p.Roles[0] != RoleFederationAdmin || len(p.Events) != 0 {
		t.Errorf("service principal %+v, %v; want chief-director as federation admin of every event", p, ok)
	}
	if _, ok := servicePrincipal(metadata.NewIncomingContext(context.Background(), md)); ok {
		t.Error("a call without a peer is a service")
	}
}

func TestClearTokensWarning(t *testing.T) {
	warned := func(rs *runningServer) bool { return len(rs.logs.lines(t, clearTokensWarning)) > 0 }
	if rs := startServe(t, testAuthenticator(t), func(c *Config) { c.HTTPAddr = "0.0.0.0:0" }); !warned(rs) {
		t.Error("no warning with tokens, no TLS and a listener on every interface")
	}
	if rs := startServe(t, testAuthenticator(t)); warned(rs) {
		t.Error("a warning on loopback")
	}
	if rs := startServe(t, nil, func(c *Config) { c.HTTPAddr = "0.0.0.0:0" }); warned(rs) {
		t.Error("a warning in development mode, which has no tokens to leak")
	}
	ca := newTestCA(t, "director")
	cert, key := ca.leaf(t, "server")
	if rs := startServe(t, testAuthenticator(t), func(c *Config) {
		c.HTTPAddr, c.GRPCAddr = "0.0.0.0:0", "0.0.0.0:0"
		c.TLS = TLSFiles{Cert: cert, Key: key}
	}); warned(rs) {
		t.Error("a warning with TLS")
	}
}

func TestTLSFilesErrors(t *testing.T) {
	ca := newTestCA(t, "director")
	cert, key := ca.leaf(t, "server")
	for _, c := range []struct {
		files TLSFiles
		want  string
	}{
		{TLSFiles{Cert: cert}, "--tls-key"},
		{TLSFiles{ClientCA: ca.file}, "--tls-cert"},
		{TLSFiles{Cert: cert, Key: filepath.Join(ca.dir, "missing.pem")}, "missing.pem"},
		{TLSFiles{Cert: cert, Key: key, ClientCA: key}, "holds no PEM certificate"},
	} {
		if _, err := c.files.serverConfig(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error naming %s", c.files, err, c.want)
		}
	}
	if _, err := (TLSFiles{PeerCA: filepath.Join(ca.dir, "nope.pem")}).peerCredentials(); err == nil || !strings.Contains(err.Error(), "nope.pem") {
		t.Errorf("missing peer CA: %v", err)
	}
}

// TestSplitDeploymentNeedsMutualTLS: a process that calls peers elsewhere
// with tokens required does not start without the mutual TLS its services
// need to prove themselves to each other, and names the flags missing.
func TestSplitDeploymentNeedsMutualTLS(t *testing.T) {
	ca := newTestCA(t, "director")
	cert, key := ca.leaf(t, "scoring")
	serve := func(auth *Authenticator, files TLSFiles) error {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		cfg := Config{GRPCAddr: "127.0.0.1:0", HTTPAddr: "127.0.0.1:0", DataDir: t.TempDir(), Auth: auth, Logger: (&logBuffer{}).logger(),
			Peers: map[string]string{"movement": "127.0.0.1:1"}, TLS: files, REST: healthOverHTTP,
			Listening: func(Addrs) { cancel() }}
		return Serve(ctx, cfg, &testScoring{policy: coveringPolicy()})
	}
	err := serve(testAuthenticator(t), TLSFiles{})
	for _, flag := range []string{"--tls-cert", "--tls-key", "--tls-client-ca", "--peer-ca", "missing --tls-cert, --tls-key, --tls-client-ca, --peer-ca"} {
		if err == nil || !strings.Contains(err.Error(), flag) {
			t.Errorf("peers and tokens without TLS: %v, want an error naming %s", err, flag)
		}
	}
	if err := serve(testAuthenticator(t), TLSFiles{Cert: cert, Key: key, PeerCA: ca.file}); err == nil || !strings.Contains(err.Error(), "(missing --tls-client-ca)") {
		t.Errorf("without a client CA: %v, want an error naming --tls-client-ca", err)
	}
	if err := serve(testAuthenticator(t), TLSFiles{Cert: cert, Key: key, ClientCA: ca.file, PeerCA: ca.file}); err != nil {
		t.Errorf("with mutual TLS: %v", err)
	}
	if err := serve(nil, TLSFiles{}); err != nil {
		t.Errorf("development mode, which has no tokens: %v", err)
	}
}
