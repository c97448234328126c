package scoringservice

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

const fixtures = "../../../shared/fixtures/scoring"

func importFixture(t *testing.T, h *harness, event, name string) *scoringv1.ImportResultsResponse {
	t.Helper()
	content, err := os.ReadFile(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := h.client.ImportResults(context.Background(), &scoringv1.ImportResultsRequest{EventId: event, Content: content})
	if err != nil {
		t.Fatalf("import %s: %v", name, err)
	}
	return resp
}

func TestImportFixturesShow(t *testing.T) {
	h := start(t, t.TempDir())
	paths, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	for i, p := range paths {
		if filepath.Ext(p) == ".md" {
			continue
		}
		resp := importFixture(t, h, fmt.Sprintf("f%d", i), filepath.Base(p))
		t.Logf("%s: %d sessions %d sections %d entrants %d results, %d compared, %d differ, notes %q", filepath.Base(p), resp.Sessions, resp.Sections, resp.Entrants, resp.Results, resp.Compared, len(resp.Differences), resp.Notes)
		for j, d := range resp.Differences {
			if j < 40 {
				t.Logf("  %v", d)
			}
		}
	}
}
