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

// TestKeptAnswersAreEachCallers: an answer kept for one caller is not sent
// to another (a director's standings say who held the results, the
// public's do not), and a caller the service refuses is refused, whatever
// is kept.
func TestKeptAnswersAreEachCallers(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	d.board.set("v1", 400)
	d.board.refuse("table-3")
	if resp, _ := d.call(t, http.MethodGet, standingsPath, "Bearer director-secret", ""); resp.StatusCode != http.StatusOK {
		t.Fatalf("the director's read: status %d, want 200", resp.StatusCode)
	}
	if resp, _ := d.get(t, standingsPath, ""); resp.StatusCode != http.StatusOK {
		t.Fatalf("the public's read: status %d, want 200", resp.StatusCode)
	}
	if built, held := d.board.answersBuilt(), d.board.answersHeld(); built != 2 || held != 0 {
		t.Errorf("a director's and the public's read of one version: %d answers built, %d held; want 2 built, none held (one each)", built, held)
	}
	if resp, _ := d.call(t, http.MethodGet, standingsPath, "Bearer terminal-secret", ""); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a refused caller's read: status %d, want 403", resp.StatusCode)
	}
}

// TestPagesReadKeptAnswers: the standings page of one version is rendered
// from the answer the pages kept, the service building it once and
// checking the caller each time; a new version is read and shown.
func TestPagesReadKeptAnswers(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	const page = "/events/club-night/standings?session=1"
	d.board.set("v1", 40)
	first, body := d.get(t, page, "")
	again, second := d.get(t, page, "")
	if first.StatusCode != http.StatusOK || again.StatusCode != http.StatusOK || !bytes.Equal(body, second) {
		t.Fatalf("two reads of the page: status %d and %d, same page %v; want 200, the same", first.StatusCode, again.StatusCode, bytes.Equal(body, second))
	}
	if rows := bytes.Count(body, []byte("<tr data-pair=")); rows != 40 {
		t.Errorf("the page shows %d pairs, want 40", rows)
	}
	if built, held := d.board.answersBuilt(), d.board.answersHeld(); built != 1 || held != 1 {
		t.Errorf("two reads of the page at one version: %d answers built, %d held; want 1 and 1", built, held)
	}
	// Another caller's page is read for that caller, never from the
	// public's answer; a caller refused is refused.
	pageAs := func(authorization string) int {
		req, err := http.NewRequest(http.MethodGet, d.base+page, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", authorization)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	d.board.refuse("table-3")
	if code := pageAs("Bearer director-secret"); code != http.StatusOK || d.board.answersBuilt() != 2 {
		t.Errorf("the director's page: status %d, %d answers built; want 200 and the director's own (2 built)", code, d.board.answersBuilt())
	}
	if code := pageAs("Bearer terminal-secret"); code != http.StatusForbidden {
		t.Errorf("a refused caller's page: status %d, want 403", code)
	}
	d.board.set("v2", 30)
	if _, changed := d.get(t, page, ""); bytes.Count(changed, []byte("<tr data-pair=")) != 30 {
		t.Errorf("after a change the page shows %d pairs, want 30", bytes.Count(changed, []byte("<tr data-pair=")))
	}
	if built := d.board.answersBuilt(); built != 3 {
		t.Errorf("%d answers built after a change, want 3", built)
	}
}

// TestStandingsPageSaysProvisional: the standings of a session some venue
// has not finalised say so on the page; final ones do not.
func TestStandingsPageSaysProvisional(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	const page = "/events/club-night/standings?session=1"
	d.board.provisional = true
	d.board.set("v1", 4)
	if _, body := d.get(t, page, ""); !bytes.Contains(body, []byte("Provisional: not every venue has finalised")) {
		t.Errorf("the provisional standings' page does not say so:\n%s", body)
	}
	d.board.mu.Lock()
	d.board.provisional = false
	d.board.mu.Unlock()
	d.board.set("v2", 4)
	if _, body := d.get(t, page, ""); bytes.Contains(body, []byte("Provisional")) {
		t.Errorf("the final standings' page says they are provisional:\n%s", body)
	}
}
