package venues

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// selfSigned is a certificate for 127.0.0.1, and a pool that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "federation"},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

func TestVenuesConnectOverTLSOnly(t *testing.T) {
	cert, pool := selfSigned(t)
	hub, err := StartHub(HubConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Venues: testVenues,
		TLS: &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Shutdown)
	url := strings.Replace(hub.ClientURL(), "nats://", "tls://", 1)
	// The federation's own consumers connect in process.
	a := openApplier(t)
	runFederationWith(t, hub, a, hub.InProcess())
	feed := openFeed(t)
	feed.add(t, 50)
	runRelayWith(t, url, feed, nats.Secure(&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}))
	a.waitMark(t, "north/inc1/e", 50, 20*time.Second)
	// Without TLS, a venue cannot connect and its password is not sent.
	if nc, err := nats.Connect(strings.Replace(url, "tls://", "nats://", 1), nats.UserInfo("north", "n-pw"), nats.NoReconnect()); err == nil {
		nc.Close()
		t.Error("a venue connected to the federation's NATS without TLS")
	}
}
