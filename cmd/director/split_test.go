package main

import (
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
	"testing"
	"time"
)

// testPKI is a certificate authority made for one test, and the files of
// the certificates it issued.
type testPKI struct {
	dir    string
	cert   *x509.Certificate
	key    *ecdsa.PrivateKey
	caFile string
	serial int64
}

func newTestPKI(t *testing.T) *testPKI {
	t.Helper()
	p := &testPKI{dir: t.TempDir()}
	p.cert, p.key = p.issue(t, &x509.Certificate{Subject: pkix.Name{CommonName: "director test CA"}, IsCA: true,
		BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign})
	p.caFile = p.write(t, "ca.pem", "CERTIFICATE", p.cert.Raw)
	return p
}

// issue signs template with the CA (itself, while it has none).
func (p *testPKI) issue(t *testing.T, template *x509.Certificate) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p.serial++
	template.SerialNumber = big.NewInt(p.serial)
	template.NotBefore, template.NotAfter = time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	parent, parentKey := p.cert, p.key
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

func (p *testPKI) write(t *testing.T, name, kind string, der []byte) string {
	t.Helper()
	file := filepath.Join(p.dir, name)
	if err := os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// flags issues a certificate for 127.0.0.1 that serves and authenticates,
// and returns the four TLS flags of a process of a split deployment.
func (p *testPKI) flags(t *testing.T, name string) []string {
	t.Helper()
	cert, key := p.issue(t, &x509.Certificate{Subject: pkix.Name{CommonName: name}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}})
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return []string{"--tls-cert", p.write(t, name+".pem", "CERTIFICATE", cert.Raw), "--tls-key", p.write(t, name+"-key.pem", "EC PRIVATE KEY", der),
		"--tls-client-ca", p.caFile, "--peer-ca", p.caFile}
}

// client trusts the CA's server certificates.
func (p *testPKI) client() *http.Client {
	pool := x509.NewCertPool()
	pool.AddCert(p.cert)
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
}

// splitDeployment runs the real binary twice, as a split deployment with
// the token director-secret of a director, and mutual TLS: movement,
// dealing and scoring in the first process, rulings in the second.
func splitDeployment(t *testing.T) (main, rulings *server) {
	t.Helper()
	dir := t.TempDir()
	tokens := filepath.Join(dir, "tokens.yaml")
	if err := os.WriteFile(tokens, []byte("tokens:\n- {name: chief-director, token: director-secret, roles: [director]}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pki := newTestPKI(t)
	main = launch(t, "https", pki.client(), filepath.Join(dir, "main"),
		append([]string{"--auth-config", tokens, "--services", "movement,dealing,scoring"}, pki.flags(t, "main")...)...)
	rulings = launch(t, "https", pki.client(), filepath.Join(dir, "rulings"),
		append([]string{"--auth-config", tokens, "--services", "rulings", "--peer", "movement=" + main.grpc + ",scoring=" + main.grpc}, pki.flags(t, "rulings")...)...)
	return main, rulings
}

// TestSplitDeploymentDeliversRulings runs the real binary twice, as a split
// deployment with tokens and mutual TLS: movement and scoring in one
// process, rulings in the other. A ruling applied in the rulings process
// reaches scoring: over the network its delivery proves itself a service
// with rulings' client certificate.
func TestSplitDeploymentDeliversRulings(t *testing.T) {
	scoring, rulings := splitDeployment(t)
	scoring.token, rulings.token = "director-secret", "director-secret"

	scoring.mustCall(t, "POST", "/v1/events", `{"event_id":"club-night","event":{"scoring":{"form":"FORM_MATCHPOINTS"}}}`, nil)
	scoring.mustCall(t, "POST", "/v1/events/club-night/sessions", `{"session_id":1}`, nil)
	scoring.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections", `{"section_id":"A","section":{"entrants":[
		{"number":1},{"number":2},{"number":3},{"number":4},{"number":5},{"number":6}]}}`, nil)
	var call struct {
		Call struct {
			Name            string `json:"name"`
			State           string `json:"state"`
			Result          string `json:"result"`
			DeliveryPending bool   `json:"delivery_pending"`
			DeliveryError   string `json:"delivery_error"`
		} `json:"call"`
	}
	rulings.mustCall(t, "POST", "/v1/events/club-night/sessions/1/sections/A/calls",
		`{"call":{"table":3,"round":1,"board":1,"called_by":"SEAT_SOUTH","description":"East opened 1S before North, the dealer, called"}}`, &call)
	name := call.Call.Name
	rule := `{"irregularity":{"kind":"KIND_CALL_OUT_OF_ROTATION","offender":"SEAT_EAST","call":"1S"},"answers":{}}`
	rulings.mustCall(t, "POST", "/v1/"+name+":rule", rule, &call)
	if call.Call.State != "STATE_RULED" {
		t.Fatalf("the ruling did not complete: %+v", call)
	}
	rulings.mustCall(t, "POST", "/v1/"+name+":apply", `{"reason":"the board could not be played","adjusted_score":{
		"ns_pair":3,"ew_pair":6,"artificial":{"north_south":"ADJUSTMENT_AVERAGE_PLUS","east_west":"ADJUSTMENT_AVERAGE_MINUS"}}}`, &call)
	for range 500 {
		if !call.Call.DeliveryPending {
			break
		}
		time.Sleep(20 * time.Millisecond)
		rulings.mustCall(t, "GET", "/v1/"+name, "", &call)
	}
	const result = "events/club-night/sessions/1/sections/A/tables/3/rounds/1/boards/1"
	if call.Call.State != "STATE_APPLIED" || call.Call.Result != result || call.Call.DeliveryError != "" {
		t.Fatalf("applied: %+v; want the adjusted score delivered to scoring\nrulings:\n%s", call, rulings.logs)
	}
	var history struct {
		Revisions []struct {
			ChangedBy string `json:"changed_by"`
		} `json:"revisions"`
	}
	scoring.mustCall(t, "GET", "/v1/"+result+"/history", "", &history)
	if len(history.Revisions) != 1 || history.Revisions[0].ChangedBy != "chief-director" {
		t.Errorf("scoring holds %+v: want the adjusted score once, entered on chief-director's behalf", history)
	}
}
