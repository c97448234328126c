package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestExactlyOnceOverREST drives the real binary: a stale etag is 409, a
// resent erased result and a pair's second result on a board are 400 with
// what stands in the way, and results come a page at a time.
func TestExactlyOnceOverREST(t *testing.T) {
	s := startDirector(t, t.TempDir())
	clubEvent(t, s, false)
	clubNight(t, s)
	const first = `{"result":{"table":1,"round":1,"board":1,"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":11,"lead":"HK"}}}`
	var stored struct {
		Result struct {
			Name string `json:"name"`
			Etag string `json:"etag"`
		} `json:"result"`
	}
	s.mustCall(t, "POST", "/v1/events/club-night/results", first, &stored)
	name := stored.Result.Name
	if stored.Result.Etag == "" {
		t.Fatalf("result %+v has no etag", stored)
	}
	body := fmt.Sprintf(`{"reason":"trick count","etag":%q,"result":{"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":9}}}`, stored.Result.Etag)
	if code := s.call(t, "POST", "/v1/"+name+":correct", body, nil); code != http.StatusOK {
		t.Fatalf("correction with the current etag: %d", code)
	}
	var conflict struct {
		Message string `json:"message"`
	}
	if code := s.call(t, "POST", "/v1/"+name+":correct", `{"reason":"again","etag":"`+stored.Result.Etag+`","result":{"ns_pair":1,"ew_pair":4,"passed_out":{}}}`, &conflict); code != http.StatusConflict || !strings.Contains(conflict.Message, "changed since it was read") {
		t.Fatalf("a stale etag: %d %q, want 409", code, conflict.Message)
	}
	s.mustCall(t, "POST", "/v1/"+name+":erase", `{"reason":"board fouled"}`, nil)
	s.mustCall(t, "POST", "/v1/"+name+":correct", `{"reason":"as played","allow_missing":true,"result":{"ns_pair":1,"ew_pair":4,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":11,"lead":"HK"}}}`, nil)
	s.mustCall(t, "POST", "/v1/"+name+":erase", `{"reason":"board fouled after all"}`, nil)
	var refused struct {
		Message string `json:"message"`
	}
	if code := s.call(t, "POST", "/v1/events/club-night/results", first, &refused); code != http.StatusBadRequest || !strings.Contains(refused.Message, "erased by") || !strings.Contains(refused.Message, "board fouled after all") {
		t.Fatalf("the erased result resent: %d %q, want 400 saying it was erased and why", code, refused.Message)
	}
	second := `{"result":{"table":3,"round":1,"board":1,"ns_pair":3,"ew_pair":5,"passed_out":{}}}`
	if code := s.call(t, "POST", "/v1/events/club-night/results", second, &refused); code != http.StatusBadRequest || !strings.Contains(refused.Message, "already has a result on board 1") {
		t.Fatalf("a pair's second result on a board: %d %q, want 400 naming the other", code, refused.Message)
	}
	var page struct {
		Results []struct {
			Name string `json:"name"`
		} `json:"results"`
		NextPageToken string `json:"next_page_token"`
	}
	s.mustCall(t, "GET", "/v1/events/club-night/results?page_size=5", "", &page)
	if len(page.Results) != 5 || page.NextPageToken == "" {
		t.Fatalf("first page %+v: want 5 results and a token", page)
	}
	token := page.NextPageToken
	s.mustCall(t, "GET", "/v1/events/club-night/results?page_size=5&page_token="+token, "", &page)
	if len(page.Results) == 0 {
		t.Errorf("second page is empty")
	}
	if code := s.call(t, "GET", "/v1/events/club-night/results?board=2&page_token="+token, "", nil); code != http.StatusBadRequest {
		t.Errorf("a token with other filters: %d, want 400", code)
	}
}
