package gateway

import (
	"bytes"
	"io"
	"net/http"
	"testing"
)

// get reads path over REST with If-None-Match set to held (none when "")
// and returns the answer and its body.
func (d *director) get(t *testing.T, path, held string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, d.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if held != "" {
		req.Header.Set("If-None-Match", held)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// TestVersionedReadsAreBuiltOnce: the service builds the answer of a
// version once; a second reader gets the encoded answer the gateway kept,
// and a client holding the version a 304, neither built again; a new
// version is built and sent, whatever the client held.
func TestVersionedReadsAreBuiltOnce(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	d.board.set("v1", 400) // 400 standings: over keptBodyMinimum
	first, body := d.get(t, standingsPath, "")
	etag := first.Header.Get("ETag")
	if first.StatusCode != http.StatusOK || etag == "" || len(body) < keptBodyMinimum || d.board.answersBuilt() != 1 {
		t.Fatalf("first read: status %d, ETag %q, %d bytes, %d answers built; want 200, an ETag, a kept size, one built",
			first.StatusCode, etag, len(body), d.board.answersBuilt())
	}
	if resp, again := d.get(t, standingsPath, ""); resp.StatusCode != http.StatusOK || !bytes.Equal(again, body) || resp.Header.Get("ETag") != etag {
		t.Errorf("second read: status %d, same body %v, ETag %q; want 200, the same body and %q", resp.StatusCode, bytes.Equal(again, body), resp.Header.Get("ETag"), etag)
	}
	if resp, none := d.get(t, standingsPath, etag); resp.StatusCode != http.StatusNotModified || len(none) != 0 {
		t.Errorf("read holding the version: status %d, %d bytes; want 304 and no body", resp.StatusCode, len(none))
	}
	if built := d.board.answersBuilt(); built != 1 {
		t.Errorf("%d answers built for three reads of one version; want 1", built)
	}

	d.board.set("v2", 300)
	resp, changed := d.get(t, standingsPath, etag)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") == etag || bytes.Equal(changed, body) || d.board.answersBuilt() != 2 {
		t.Errorf("read after a change, holding the old version: status %d, ETag %q (old %q), body changed %v, %d answers built; want 200, a new ETag and body, 2 built",
			resp.StatusCode, resp.Header.Get("ETag"), etag, !bytes.Equal(changed, body), d.board.answersBuilt())
	}

	d.board.set("v3", 3) // too small to keep: built for every read
	d.get(t, standingsPath, "")
	d.get(t, standingsPath, "")
	if built := d.board.answersBuilt(); built != 4 {
		t.Errorf("%d answers built after two reads of a small answer; want 4", built)
	}
}
