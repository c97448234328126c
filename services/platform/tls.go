package platform

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"

	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
)

// TLSFiles name the PEM files of transport security. With Cert and Key,
// both listeners speak TLS only. Terminals and browsers authenticate with
// tokens; other Director services with client certificates, verified against
// ClientCA when it is given (a certificate is asked for, not required).
type TLSFiles struct {
	Cert, Key string // the server's certificate chain and private key
	ClientCA  string // the CA of the client certificates of other services
	// PeerCA is the CA the certificates of peers (Config.Peers) must chain
	// to; with it peers are dialled over TLS, presenting Cert and Key as
	// the client certificate when they are given.
	PeerCA string
}

// serverConfig returns the TLS configuration of the listeners, or nil
// without a certificate.
func (f TLSFiles) serverConfig() (*tls.Config, error) {
	if f.Cert == "" && f.Key == "" {
		if f.ClientCA != "" {
			return nil, errors.New("serve: a client CA needs the server's own certificate and key (--tls-cert, --tls-key)")
		}
		return nil, nil
	}
	cert, err := f.keyPair()
	if err != nil {
		return nil, err
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	if f.ClientCA != "" {
		if cfg.ClientCAs, err = loadPool(f.ClientCA); err != nil {
			return nil, err
		}
		cfg.ClientAuth = tls.VerifyClientCertIfGiven
	}
	return cfg, nil
}

// peerCredentials are the transport credentials for dialling peers.
func (f TLSFiles) peerCredentials() (credentials.TransportCredentials, error) {
	if f.PeerCA == "" {
		return insecure.NewCredentials(), nil
	}
	pool, err := loadPool(f.PeerCA)
	if err != nil {
		return nil, err
	}
	cfg := &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	if f.Cert != "" || f.Key != "" {
		cert, err := f.keyPair()
		if err != nil {
			return nil, err
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	return credentials.NewTLS(cfg), nil
}

// checkMutual refuses a split deployment that requires tokens without the
// mutual TLS its services need: over the network a call is believed to be a
// service's only with a verified client certificate, so without one a peer
// refuses every outbox delivery (the user who made the change is not on the
// line to send a token), and the tokens forwarded to peers would cross the
// network in clear. peers are the services this process calls elsewhere.
func (f TLSFiles) checkMutual(peers map[string]string, auth *Authenticator) error {
	if len(peers) == 0 || auth.Development() {
		return nil
	}
	var missing []string
	for _, file := range []struct{ value, flag string }{
		{f.Cert, "--tls-cert"}, {f.Key, "--tls-key"}, {f.ClientCA, "--tls-client-ca"}, {f.PeerCA, "--peer-ca"},
	} {
		if file.value == "" {
			missing = append(missing, file.flag)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("serve: services in other processes (--peer) with tokens required (an auth config) must prove themselves "+
		"to each other over mutual TLS: give every process --tls-cert, --tls-key, --tls-client-ca and --peer-ca (missing %s)", strings.Join(missing, ", "))
}

func (f TLSFiles) keyPair() (tls.Certificate, error) {
	if f.Cert == "" || f.Key == "" {
		return tls.Certificate{}, errors.New("serve: TLS needs both a certificate and its key (--tls-cert and --tls-key)")
	}
	cert, err := tls.LoadX509KeyPair(f.Cert, f.Key)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("serve: TLS certificate %s with key %s: %w", f.Cert, f.Key, err)
	}
	return cert, nil
}

func loadPool(file string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("serve: CA file: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("serve: CA file %s holds no PEM certificate", file)
	}
	return pool, nil
}

const clearTokensWarning = "TOKENS IN CLEAR: Director listens beyond loopback without TLS, so bearer tokens cross the network " +
	"readable by anyone on it; give it a certificate (--tls-cert, --tls-key) or listen on loopback behind a TLS proxy"

// warnCleartextTokens warns when bearer tokens would cross the network
// unencrypted: tokens are required, there is no TLS, and a listener is
// reachable from other machines.
func warnCleartextTokens(log *slog.Logger, auth *Authenticator, tlsOn bool, addrs ...net.Addr) {
	if auth.Development() || tlsOn {
		return
	}
	for _, a := range addrs {
		if tcp, ok := a.(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
			log.Warn(clearTokensWarning, "addr", a.String())
		}
	}
}
