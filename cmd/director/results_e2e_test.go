package main

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridge-director/director/formats/pbn"
	"github.com/bridge-director/director/formats/usebio"
)

// TestResultFilesOverREST imports a published USEBIO file into the real
// binary, downloads every export of it over REST, and imports the USEBIO
// download back: Director agrees with itself. The PBN download carries the
// deals only once the board set is released.
func TestResultFilesOverREST(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tokens.yaml")
	os.WriteFile(cfg, []byte(`tokens:
  - {name: chief-director, token: director-secret, roles: [director]}
  - {name: table-1, token: t1-secret, roles: [terminal], tables: [events/online/sessions/1/sections/A/tables/1]}
  - {name: scoreboard, token: board-secret, roles: [public]}
`), 0o600)
	s := startDirector(t, filepath.Join(dir, "data"), "--auth-config", cfg)
	s.token = "director-secret"
	published, err := os.ReadFile("../../../shared/fixtures/scoring/usebio_realbridge_mp_pairs_21b.xml")
	if err != nil {
		t.Fatal(err)
	}
	importBody := func(event string, content []byte) string {
		return `{"event_id":"` + event + `","content":"` + base64.StdEncoding.EncodeToString(content) + `"}`
	}
	var imported struct {
		Event       string            `json:"event"`
		Results     int               `json:"results"`
		Compared    int               `json:"compared"`
		Differences []json.RawMessage `json:"differences"`
	}
	s.mustCall(t, "POST", "/v1/events:importResults", importBody("online", published), &imported)
	if imported.Event != "events/online" || imported.Results != 168 || imported.Compared != 536 || len(imported.Differences) != 0 {
		t.Fatalf("import: %+v", imported)
	}

	download := func(token, path string) (*http.Response, []byte) {
		t.Helper()
		return s.send(t, token, "GET", path, "")
	}
	const results = "/v1/events/online/sessions/1/results/"
	for file, want := range map[string]string{"online.xml": "application/xml", "online.pbn": "application/x-pbn; charset=utf-8",
		"travellers.csv": "text/csv; charset=utf-8", "standings.csv": "text/csv; charset=utf-8"} {
		resp, body := download("director-secret", results+file)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != want || !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") {
			t.Errorf("%s: %d %q %q: %.200s", file, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Content-Disposition"), body)
		}
		for _, token := range []string{"t1-secret", "board-secret"} {
			if resp, _ := download(token, results+file); resp.StatusCode != http.StatusForbidden {
				t.Errorf("%s downloading %s: %d, want 403", token, file, resp.StatusCode)
			}
		}
	}
	_, xml := download("director-secret", results+"online.xml")
	f, err := usebio.Read(bytes.NewReader(xml))
	if err != nil || len(f.Event.Sessions[0].Sections[0].Participants.Pairs) != 16 {
		t.Fatalf("the USEBIO download: %v", err)
	}
	_, standingsCSV := download("director-secret", results+"standings.csv")
	if rows, err := csv.NewReader(bytes.NewReader(standingsCSV)).ReadAll(); err != nil || len(rows) != 17 || rows[0][0] != "Section" {
		t.Errorf("standings.csv: %d rows, %v", len(rows), err)
	}
	_, travellersCSV := download("director-secret", results+"travellers.csv")
	if rows, err := csv.NewReader(bytes.NewReader(travellersCSV)).ReadAll(); err != nil || len(rows) != 169 {
		t.Errorf("travellers.csv: %d rows, %v", len(rows), err)
	}
	// The RPC's own route answers the file in JSON.
	var rpc struct {
		FileName string `json:"file_name"`
		Content  []byte `json:"content"`
	}
	s.mustCall(t, "GET", "/v1/events/online/sessions/1:exportResults?format=EXPORT_FORMAT_USEBIO", "", &rpc)
	if rpc.FileName != "online-1.xml" || !bytes.Equal(rpc.Content, xml) {
		t.Errorf("exportResults answered %q, %d bytes; want the download's %d", rpc.FileName, len(rpc.Content), len(xml))
	}

	// Deals: the set's PBN download says they are withheld until release.
	s.mustCall(t, "POST", "/v1/events/online/sessions/1/boardsets", `{"board_set_id":"main","board_set":{"first_board":1,"last_board":21}}`, nil)
	const withDeals = "/v1/events/online/sessions/1/boardsets/main/results/online.pbn"
	deals := func() (*pbn.File, string) {
		t.Helper()
		resp, body := download("director-secret", withDeals)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", withDeals, resp.StatusCode, body)
		}
		file, err := pbn.Read(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		deal, _ := file.Games[0].Value("Deal")
		return file, deal
	}
	file, deal := deals()
	if note, _ := file.Games[0].Value("Note"); deal != "?" || !strings.Contains(note, "is not released") {
		t.Errorf("before release: deal %q, note %q", deal, note)
	}
	s.mustCall(t, "POST", "/v1/events/online/sessions/1/boardsets/main:release", `{}`, nil)
	var board boardRead
	s.mustCall(t, "GET", "/v1/events/online/sessions/1/boardsets/main/boards/1", "", &board)
	if file, deal = deals(); deal == "?" || !strings.Contains(deal, strings.TrimPrefix(board.Board.Deal.Pbn, "N:")[:10]) || len(file.Games) != 21 {
		t.Errorf("after release: board 1 deal %q, want %q", deal, board.Board.Deal.Pbn)
	}

	// The download imports back with nothing to say (its figures are the
	// file's 536 and each pair's total); a terminal and the public may
	// neither import nor call the export.
	if code := s.call(t, "POST", "/v1/events:importResults", importBody("back", xml), &imported); code != http.StatusOK || imported.Compared != 552 || len(imported.Differences) != 0 {
		t.Errorf("the USEBIO download imported back: %d %+v", code, imported)
	}
	for _, token := range []string{"t1-secret", "board-secret"} {
		if resp, body := s.send(t, token, "POST", "/v1/events:importResults", importBody("refused", published)); resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s importing: %d %s, want 403", token, resp.StatusCode, body)
		}
		if resp, body := s.send(t, token, "GET", "/v1/events/online/sessions/1:exportResults?format=EXPORT_FORMAT_USEBIO", ""); resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s calling exportResults: %d %.100s, want 403", token, resp.StatusCode, body)
		}
	}
}
