package scoringservice

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/resource"
)

const fixtures = "../../../shared/fixtures/scoring"

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	content, err := os.ReadFile(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	return content
}

func (h *harness) importFile(t *testing.T, event string, content []byte, settings *scoringv1.ScoringSettings) *scoringv1.ImportResultsResponse {
	t.Helper()
	resp, err := h.client.ImportResults(context.Background(), &scoringv1.ImportResultsRequest{EventId: event, Content: content, Scoring: settings})
	if err != nil {
		t.Fatalf("import into %s: %v", event, err)
	}
	return resp
}

func (h *harness) export(t *testing.T, event string, format scoringv1.ExportFormat) *scoringv1.ExportSessionResponse {
	t.Helper()
	resp, err := h.client.ExportSession(context.Background(), &scoringv1.ExportSessionRequest{Session: "events/" + event + "/sessions/1", Format: format})
	if err != nil {
		t.Fatalf("export %s as %v: %v", event, format, err)
	}
	return resp
}

// known are the differences each published file shows, by element, and a
// check that they are the ones explained.
var known = map[string]struct {
	results, compared int
	differences       map[string]int
	explained         func(d *scoringv1.Difference) bool
	// scale is the VP scale the import is told, where the file's program
	// used another than the profile's.
	scale scoringv1.VPScale
}{
	// Bridgewebs prints contracts and tricks only: nothing to compare.
	"pbn_bridgewebs_hands_scoretable_24b.pbn": {144, 0, nil, nil, 0},
	// BriAn does not factor board 21 (five results and an average) by
	// Neuberg, and its percentages include the pairs' handicaps, which move
	// two pairs off their shared place.
	"usebio_brian_mp_pairs_24b.xml": {144, 457, map[string]int{"PERCENTAGE": 13, "PLACE": 2, "NS_MATCH_POINTS": 6, "EW_MATCH_POINTS": 6},
		func(d *scoringv1.Difference) bool { return d.Board == 0 || d.Board == 21 }, 0},
	"usebio_ebuscore_2section_neuberg_18b.xml":   {305, 985, nil, nil, 0},
	"usebio_ebuscoreteams_point_a_board_42b.xml": {336, 688, nil, nil, 0},
	// PairsScorer's two percentages that no one rounding rule gives
	// (scoring/golden_pairs_test.go): 0.01 above the sum of the matchpoints.
	"usebio_pairsscorer_2section_neuberg_avg_24b.xml": {335, 1068, map[string]int{"PERCENTAGE": 2},
		func(d *scoringv1.Difference) bool {
			return d.Section == "A" && (d.Pair == 5 && d.Published == "66.91" || d.Pair == 15 && d.Published == "54.33")
		}, 0},
	"usebio_pairsscorer_mp_pairs_22b.xml": {242, 770, nil, nil, 0},
	// Pianola took something from pairs 16 and 17 that the file does not
	// carry (scoring/golden_crossimp_test.go).
	"usebio_pianola_cross_imp_pairs_24b.xml": {192, 609, map[string]int{"TOTAL_SCORE": 2},
		func(d *scoringv1.Difference) bool { return d.Pair == 16 || d.Pair == 17 }, 0},
	"usebio_realbridge_mp_pairs_21b.xml": {168, 536, nil, nil, 0},
	// TeamsScorer converts IMPs by the EBU's discrete 20-VP scale, which
	// the import is told (scale).
	"usebio_teamsscorer_teams_imp_vp_24b.xml": {240, 380, nil, nil, scoringv1.VPScale_VP_SCALE_EBU_DISCRETE_20},
}

// TestImportFixtures imports every published file, checks that Director's
// scoring reproduces its figures but for the differences explained, and
// that its USEBIO and PBN exports import back to the same event.
func TestImportFixtures(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(fixtures, "*.*"))
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, t.TempDir())
	n := 0
	for _, p := range paths {
		name := filepath.Base(p)
		if name == "README.md" {
			continue
		}
		want, ok := known[name]
		if !ok {
			t.Errorf("%s: no known comparison", name)
			continue
		}
		n++
		event := fmt.Sprintf("fixture-%d", n)
		t.Run(name, func(t *testing.T) {
			var settings *scoringv1.ScoringSettings
			if want.scale != scoringv1.VPScale_VP_SCALE_UNSPECIFIED {
				settings = &scoringv1.ScoringSettings{Form: scoringv1.Form_FORM_TEAMS_VP, Profile: scoringv1.Profile_PROFILE_EBU, VpScale: want.scale}
			}
			got := h.importFile(t, event, readFile(t, name), settings)
			if got.Results != int32(want.results) || got.Compared != int32(want.compared) {
				t.Errorf("%d results and %d figures compared, want %d and %d", got.Results, got.Compared, want.results, want.compared)
			}
			byElement := map[string]int{}
			for _, d := range got.Differences {
				byElement[d.Element]++
				if want.explained == nil || !want.explained(d) {
					t.Errorf("unexplained difference %v", d)
				}
			}
			if fmt.Sprint(byElement) != fmt.Sprint(cmpMap(want.differences)) {
				t.Errorf("differences %v, want %v", byElement, want.differences)
			}
			t.Logf("%d results, %d figures compared, %d differ %v, notes %q", got.Results, got.Compared, len(got.Differences), byElement, got.Notes)

			formats := []scoringv1.ExportFormat{scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO}
			if !teamsForm(got.Scoring.GetForm()) {
				formats = append(formats, scoringv1.ExportFormat_EXPORT_FORMAT_PBN)
			}
			for _, format := range formats {
				file := h.export(t, event, format)
				back := event + "-" + strings.ToLower(strings.TrimPrefix(format.String(), "EXPORT_FORMAT_"))
				// PBN carries no scoring settings: the import is told them.
				again := h.importFile(t, back, file.Content, got.Scoring)
				if len(again.Differences) != 0 || again.Compared == 0 && format == scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO {
					t.Errorf("%v export imported back: %d compared, differences %v", format, again.Compared, again.Differences)
				}
				h.sameEvent(t, event, back)
			}
		})
	}
	if n != len(known) {
		t.Errorf("%d fixtures imported, %d known", n, len(known))
	}
}

func cmpMap(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}

// sameEvent checks that two events have the same settings, entrants,
// results and standings in session 1.
func (h *harness) sameEvent(t *testing.T, a, b string) {
	t.Helper()
	ctx := context.Background()
	entrants := func(event string) string {
		session, err := h.moves.GetSession(ctx, &movementv1.GetSessionRequest{Name: "events/" + event + "/sessions/1"})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, letter := range session.GetSession().GetSections() {
			name := resource.Section{Event: event, Session: 1, Section: letter}.String()
			sec, err := h.moves.GetSection(ctx, &movementv1.GetSectionRequest{Name: name})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range sec.GetSection().GetEntrants() {
				out = append(out, fmt.Sprintf("%s %d %q %v", letter, e.GetNumber(), e.GetName(), e.GetPlayers()))
			}
		}
		return strings.Join(out, "\n")
	}
	if ea, eb := entrants(a), entrants(b); ea != eb {
		t.Errorf("entrants differ:\n%s\n--- back:\n%s", ea, eb)
	}
	results := func(event string) []string {
		ks, err := h.svc.scored(ctx, resource.Event{Event: event}, 1)
		if err != nil {
			t.Fatal(err)
		}
		field, settings := ks.scoredField()
		score := field.Score()
		out := []string{fmt.Sprint(settings)}
		for _, l := range score.Lines {
			r := proto.Clone(storedOf(l)).(*scoringv1.Result)
			r.Name, r.Table, r.Revision, r.EnteredBy, r.UpdateTime, r.Etag = "", 0, 0, "", nil, ""
			if !teamsForm(settings.GetForm()) {
				r.Round = 0
			}
			out = append(out, fmt.Sprintf("%v %v %v", r, l.NSPoints, l.EWPoints))
		}
		slices.Sort(out[1:])
		for _, st := range score.Standings {
			out = append(out, fmt.Sprintf("%s %d %v %v %v %d %s", st.Section, st.Pair, st.Direction, st.Score, st.Percentage, st.Boards, st.Place))
		}
		return out
	}
	if ra, rb := results(a), results(b); !slices.Equal(ra, rb) {
		for i := range min(len(ra), len(rb)) {
			if ra[i] != rb[i] {
				t.Errorf("results or standings differ, first at %d:\n%s\n--- back:\n%s", i, ra[i], rb[i])
				return
			}
		}
		t.Errorf("%d lines and standings, back %d", len(ra), len(rb))
	}
}
