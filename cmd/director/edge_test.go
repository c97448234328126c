package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestEdgeOfTheRealBinary checks what the running binary answers a caller
// who sends too much, the wrong kind of body or the wrong method.
func TestEdgeOfTheRealBinary(t *testing.T) {
	s := startDirector(t, t.TempDir(), "--max-body", "1024")
	send := func(method, contentType, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, s.base+"/v1/events", strings.NewReader(body))
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	event := `{"event_id":"club-night","event":{"title":"` + strings.Repeat("x", 100) + `","scoring":{"form":"FORM_MATCHPOINTS"}}}`
	if resp := send("POST", "application/json", strings.Replace(event, "x", strings.Repeat("x", 2000), 1)); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over --max-body: %d, want 413", resp.StatusCode)
	}
	if resp := send("POST", "application/x-www-form-urlencoded", event); resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("a form post: %d, want 415", resp.StatusCode)
	}
	if resp := send("DELETE", "", ""); resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, POST" {
		t.Errorf("DELETE /v1/events: %d Allow %q, want 405 Allow GET, POST", resp.StatusCode, resp.Header.Get("Allow"))
	}
	if resp := send("POST", "application/json", event+`{"event_id":"smuggled"}`); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a second JSON value after the first: %d, want 400", resp.StatusCode)
	}
	if resp := send("POST", "application/json; charset=utf-8", event); resp.StatusCode != http.StatusOK {
		t.Errorf("a JSON body within the cap: %d, want 200", resp.StatusCode)
	}
	s.stop(t)
}
