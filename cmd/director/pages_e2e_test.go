package main

import (
	"net/http"
	"strings"
	"testing"
)

// The pages are served beside the REST API with the headers a browser
// needs to keep them safe, and the assets cacheable but never listed.
func TestPagesAndAssetsOverHTTP(t *testing.T) {
	s := startDirector(t, t.TempDir())
	get := func(path string) (*http.Response, string) {
		t.Helper()
		resp, body := s.get(t, path)
		return resp, string(body)
	}

	resp, body := get("/")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET / = %d %s, want an HTML page", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("the home page's Content-Security-Policy is %q, want own sources only and no inline script", csp)
	}
	if !strings.Contains(body, `href="/console"`) {
		t.Errorf("the home page of a new Director does not point to the console:\n%s", body)
	}

	resp, body = get("/assets/site.css")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") || !strings.Contains(body, "@media print") {
		t.Errorf("GET /assets/site.css = %d %s, want the style sheet with its print rules", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age") {
		t.Errorf("the style sheet's Cache-Control is %q, want it cacheable", cc)
	}
	for _, path := range []string{"/assets/", "/assets/missing.js", "/assets/../README.md"} {
		if resp, _ := get(path); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, resp.StatusCode)
		}
	}
	// The REST API is where it was: an unknown route is still its JSON 404.
	if resp, body := get("/v1/nothing-here"); resp.StatusCode != http.StatusNotFound || !strings.Contains(body, `"code"`) {
		t.Errorf("GET /v1/nothing-here = %d %s, want the REST API's JSON 404", resp.StatusCode, body)
	}
}
