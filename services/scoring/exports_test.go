package scoringservice

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bridge-director/director/formats/pbn"
	"github.com/bridge-director/director/formats/resultcsv"
	"github.com/bridge-director/director/formats/usebio"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/scoring"
)

// TestExportFiles exports the RealBridge event in every format and checks
// what each file holds against the event.
func TestExportFiles(t *testing.T) {
	h := start(t, t.TempDir())
	h.importFile(t, "online", readFile(t, "usebio_realbridge_mp_pairs_21b.xml"), nil)

	x := h.export(t, "online", scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO)
	if x.FileName != "online-1.xml" || x.ContentType != "application/xml" {
		t.Errorf("USEBIO file %q %q", x.FileName, x.ContentType)
	}
	f, err := usebio.Read(bytes.NewReader(x.Content))
	if err != nil {
		t.Fatal(err)
	}
	sec := f.Event.Sessions[0].Sections[0]
	first := sec.Participants.Pairs[0]
	if f.Version != "1.3" || f.Event.WinnerType != "2" || len(sec.Participants.Pairs) != 16 || len(sec.Boards) != 21 ||
		first.Place != "1" || first.Direction == "" || len(first.Players) != 2 || !strings.HasPrefix(first.Players[0].Name, "Player ") {
		t.Errorf("USEBIO: version %q winners %q, %d pairs, %d boards, first %+v", f.Version, f.Event.WinnerType, len(sec.Participants.Pairs), len(sec.Boards), first)
	}

	p := h.export(t, "online", scoringv1.ExportFormat_EXPORT_FORMAT_PBN)
	file, err := pbn.Read(bytes.NewReader(p.Content))
	if err != nil {
		t.Fatal(err)
	}
	lines, _, err := file.Games[0].ScoreTable()
	totals, ok, terr := file.Games[0].TotalScoreTable()
	note, _ := file.Games[0].Value("Note")
	if len(file.Games) != 21 || err != nil || len(lines) != 8 || !ok || terr != nil || len(totals) != 16 ||
		!strings.Contains(note, "without deals") || len(p.Notes) != 1 || !strings.Contains(lines[0].NamesNS, " - ") {
		t.Errorf("PBN: %d games, board 1 %d lines (%v), %d totals (%v), note %q, notes %q, names %q", len(file.Games), len(lines), err, len(totals), terr, note, p.Notes, lines[0].NamesNS)
	}

	for _, c := range []struct {
		format  scoringv1.ExportFormat
		header  []string
		records int
	}{
		{scoringv1.ExportFormat_EXPORT_FORMAT_TRAVELLERS_CSV, resultcsv.TravellerColumns, 168},
		{scoringv1.ExportFormat_EXPORT_FORMAT_STANDINGS_CSV, resultcsv.StandingColumns, 16},
	} {
		got := h.export(t, "online", c.format)
		records, err := csv.NewReader(bytes.NewReader(got.Content)).ReadAll()
		if err != nil || len(records) != c.records+1 || !slices.Equal(records[0], c.header) || got.ContentType != "text/csv; charset=utf-8" {
			t.Errorf("%v: %d records (%v), header %q, type %q", c.format, len(records), err, records[0], got.ContentType)
		}
	}
	standings, _ := csv.NewReader(bytes.NewReader(h.export(t, "online", scoringv1.ExportFormat_EXPORT_FORMAT_STANDINGS_CSV).Content)).ReadAll()
	if got := standings[1]; got[1] != "1" || got[3] == "" || !strings.Contains(got[8], "Player") {
		t.Errorf("the winners' row %q", got)
	}
}

// TestExportWithoutNames exports a section whose entrants have no players:
// numbers only.
func TestExportWithoutNames(t *testing.T) {
	h := newHarness(t)
	h.submit(t, played(1, 1, 1, 1, 11, "3NT", 1, 9))
	h.submit(t, played(2, 1, 1, 2, 12, "4S", 2, 10))
	x := h.export(t, "club-night", scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO)
	if bytes.Contains(x.Content, []byte("<PLAYER")) || !bytes.Contains(x.Content, []byte("<PAIR_NUMBER>11</PAIR_NUMBER>")) {
		t.Errorf("USEBIO without names:\n%s", x.Content)
	}
	c := h.export(t, "club-night", scoringv1.ExportFormat_EXPORT_FORMAT_TRAVELLERS_CSV)
	records, err := csv.NewReader(bytes.NewReader(c.Content)).ReadAll()
	if err != nil || len(records) != 3 || records[1][15] != "" || records[1][4] != "1" {
		t.Errorf("travellers without names: %q, %v", records, err)
	}
}

func TestExportRefusals(t *testing.T) {
	h := newHarness(t)
	tests := []struct {
		req  *scoringv1.ExportSessionRequest
		code codes.Code
		text string
	}{
		{&scoringv1.ExportSessionRequest{Session: "events/club-night/sessions/1"}, codes.InvalidArgument, "EXPORT_FORMAT_USEBIO"},
		{&scoringv1.ExportSessionRequest{Session: "events/club-night", Format: scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO}, codes.InvalidArgument, "session"},
		{&scoringv1.ExportSessionRequest{Session: "events/club-night/sessions/2", Format: scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO}, codes.NotFound, "sessions/2"},
		{&scoringv1.ExportSessionRequest{Session: "events/club-night/sessions/1", Format: scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO,
			BoardSet: "events/club-night/sessions/1/boardsets/main"}, codes.InvalidArgument, "only a PBN file carries deals"},
		{&scoringv1.ExportSessionRequest{Session: "events/club-night/sessions/1", Format: scoringv1.ExportFormat_EXPORT_FORMAT_PBN,
			BoardSet: "events/other/sessions/1/boardsets/main"}, codes.InvalidArgument, "is not a board set of events/club-night/sessions/1"},
		{&scoringv1.ExportSessionRequest{Session: "events/club-night/sessions/1", Format: scoringv1.ExportFormat_EXPORT_FORMAT_PBN}, codes.FailedPrecondition, "no results to export"},
	}
	for _, tt := range tests {
		_, err := h.client.ExportSession(context.Background(), tt.req)
		wantCode(t, err, tt.code, tt.text)
	}
}

// TestImportRefusesWhole refuses files Director cannot take, naming the
// element and what is wrong, and leaves no event behind.
func TestImportRefusesWhole(t *testing.T) {
	h := start(t, t.TempDir())
	good := string(readFile(t, "usebio_pairsscorer_mp_pairs_22b.xml"))
	tests := []struct {
		name, content, text string
	}{
		{"not a file", "   ", "the file is empty"},
		{"bad XML", "<USEBIO Version=\"1.2\"><EVENT>", "usebio: XML syntax error"},
		{"method", strings.Replace(good, "<BOARD_SCORING_METHOD>MATCH_POINTS", "<BOARD_SCORING_METHOD>PATTON", 1), `BOARD_SCORING_METHOD "PATTON"`},
		{"pair number", strings.Replace(good, "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>one</NS_PAIR_NUMBER>", 1), `TRAVELLER_LINE 1: NS_PAIR_NUMBER "one": not a number from 1`},
		{"tricks", strings.Replace(strings.Replace(good, "<TRICKS>", "<TRICKS>1", 1), "<SCORE>", "<SCORE>x", 1), `TRICKS "1`},
		{"artificial", strings.Replace(good, "<SCORE>", "<SCORE>A7030", 1), `SCORE "A7030`},
		{"direction", strings.Replace(good, "<DIRECTION>NS</DIRECTION>", "<DIRECTION>N</DIRECTION>", 1), `DIRECTION "N"`},
		{"one pair twice on a board", strings.Replace(good, "<NS_PAIR_NUMBER>11</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>", 1), `session 1 section A board 1: scoring: section "A" pair 1 has two results on board 1`},
		{"pbn", "[Event \"x\"]\n[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result\"]\n1 2 4S N 14\n", `row 1: Contract "4S" Declarer "N" Result "14"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := h.client.ImportResults(context.Background(), &scoringv1.ImportResultsRequest{EventId: "refused", Content: []byte(tt.content)})
			wantCode(t, err, codes.InvalidArgument, tt.text)
			if _, err := h.moves.GetEvent(context.Background(), &movementv1.GetEventRequest{Name: "events/refused"}); status.Code(err) != codes.NotFound {
				t.Errorf("after a refused import the event is there: %v", err)
			}
		})
	}
	h.importFile(t, "taken", []byte(good), nil)
	_, err := h.client.ImportResults(context.Background(), &scoringv1.ImportResultsRequest{EventId: "taken", Content: []byte(good)})
	wantCode(t, err, codes.AlreadyExists, "events/taken exists already")
}

// TestImportAgainAnswersTheSame sends an import twice with one request id:
// the second finds everything made and answers as the first.
func TestImportAgainAnswersTheSame(t *testing.T) {
	h := start(t, t.TempDir())
	req := &scoringv1.ImportResultsRequest{RequestId: "federation-upload-7", EventId: "club", Content: readFile(t, "usebio_realbridge_mp_pairs_21b.xml")}
	first, err := h.client.ImportResults(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := h.client.ImportResults(context.Background(), req)
	if err != nil || !proto.Equal(again, first) || len(again.Differences) != 0 {
		t.Errorf("the same import again: %v, %v; want %v", again, err, first)
	}
	list, err := h.client.ListResults(context.Background(), &scoringv1.ListResultsRequest{Parent: "events/club", PageSize: 1000})
	if err != nil || len(list.Results) != 168 {
		t.Errorf("%d results after two imports, %v; want 168", len(list.GetResults()), err)
	}
}

// TestExportAndImportRoles: exports are the director's and the scorer's, an
// import a director's, for the events the director may act on.
func TestExportAndImportRoles(t *testing.T) {
	client, as := servedWithTokens(t)
	export := &scoringv1.ExportSessionRequest{Session: "events/club-night/sessions/1", Format: scoringv1.ExportFormat_EXPORT_FORMAT_STANDINGS_CSV}
	content := readFile(t, "usebio_realbridge_mp_pairs_21b.xml")
	for _, c := range []struct {
		who  string
		ctx  context.Context
		code codes.Code
	}{{"a terminal", as("t3-secret"), codes.PermissionDenied}, {"no one", context.Background(), codes.Unauthenticated}} {
		if _, err := client.ExportSession(c.ctx, export); status.Code(err) != c.code {
			t.Errorf("%s exporting: %v, want %v", c.who, err, c.code)
		}
		if _, err := client.ImportResults(c.ctx, &scoringv1.ImportResultsRequest{EventId: "club-night", Content: content}); status.Code(err) != c.code {
			t.Errorf("%s importing: %v, want %v", c.who, err, c.code)
		}
	}
	if _, err := client.ExportSession(as("director-secret"), export); err != nil {
		t.Errorf("the director exporting: %v", err)
	}
	if _, err := client.ImportResults(as("director-secret"), &scoringv1.ImportResultsRequest{EventId: "congress", Content: content}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("the club's director importing another event: %v, want PermissionDenied", err)
	}
}

// BenchmarkExportUSEBIO writes the 305 results of the EBUScore two-section
// event as USEBIO.
func BenchmarkExportUSEBIO(b *testing.B) {
	h := start(b, b.TempDir())
	content, err := os.ReadFile(filepath.Join(fixtures, "usebio_ebuscore_2section_neuberg_18b.xml"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := h.client.ImportResults(context.Background(), &scoringv1.ImportResultsRequest{EventId: "club", Content: content}); err != nil {
		b.Fatal(err)
	}
	req := &scoringv1.ExportSessionRequest{Session: "events/club/sessions/1", Format: scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO}
	for b.Loop() {
		if _, err := h.client.ExportSession(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImportUSEBIO imports the EBUScore two-section event: 2 sections,
// 35 pairs, 305 results, each submitted as a terminal's would be.
func BenchmarkImportUSEBIO(b *testing.B) {
	h := start(b, b.TempDir())
	content, err := os.ReadFile(filepath.Join(fixtures, "usebio_ebuscore_2section_neuberg_18b.xml"))
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		n++
		if _, err := h.client.ImportResults(context.Background(), &scoringv1.ImportResultsRequest{EventId: fmt.Sprintf("club-%d", n), Content: content}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestImportNamesPlayersTheRegistryLacks imports a file whose players carry
// national ids: one the registry holds is named from it, one it lacks (a
// player of another federation) is named by name alone and noted, and a
// player with neither name nor id is left out; the import is whole.
func TestImportNamesPlayersTheRegistryLacks(t *testing.T) {
	h := start(t, t.TempDir())
	if _, err := h.moves.ImportPlayers(context.Background(), &movementv1.ImportPlayersRequest{Csv: []byte("national_id,name\n1001,Anna Kowalska\n")}); err != nil {
		t.Fatal(err)
	}
	file := string(readFile(t, "usebio_realbridge_mp_pairs_21b.xml"))
	file = strings.Replace(file, "<PLAYER_NAME>Player 1</PLAYER_NAME>\n                    <NATIONAL_ID_NUMBER>0<", "<PLAYER_NAME>Anna K.</PLAYER_NAME>\n                    <NATIONAL_ID_NUMBER>1001<", 1)
	file = strings.Replace(file, "<NATIONAL_ID_NUMBER>0<", "<NATIONAL_ID_NUMBER>7777<", 1)
	file = strings.Replace(file, "<PLAYER_NAME>Player 3</PLAYER_NAME>", "<PLAYER_NAME></PLAYER_NAME>", 1)
	resp := h.importFile(t, "foreign", []byte(file), nil)
	if !slices.ContainsFunc(resp.GetNotes(), func(n string) bool {
		return strings.Contains(n, "1 national ids are not in the player registry") && strings.Contains(n, "7777")
	}) {
		t.Errorf("notes %q do not name the id the registry lacks", resp.GetNotes())
	}
	section, err := h.moves.GetSection(context.Background(), &movementv1.GetSectionRequest{Name: "events/foreign/sessions/1/sections/A"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range section.GetSection().GetEntrants()[:2] {
		for _, p := range e.GetPlayers() {
			got = append(got, p.GetName()+"/"+p.GetMemberNumber())
		}
	}
	if want := []string{"Anna Kowalska/1001", "Player 2/", "Player 4/"}; !slices.Equal(got, want) {
		t.Errorf("pairs 1 and 2 name %q, want %q", got, want)
	}
}

// TestImportWritesNamesOnOneLine imports a file whose names hold line
// breaks and tabs: they are spaces, so that the event's PBN export, whose
// tags take no line break, can be written.
func TestImportWritesNamesOnOneLine(t *testing.T) {
	h := start(t, t.TempDir())
	file := string(readFile(t, "usebio_realbridge_mp_pairs_21b.xml"))
	file = strings.Replace(file, "<PLAYER_NAME>Player 1</PLAYER_NAME>", "<PLAYER_NAME>Player&#10;\t 1 </PLAYER_NAME>", 1)
	h.importFile(t, "lines", []byte(file), nil)
	section, err := h.moves.GetSection(context.Background(), &movementv1.GetSectionRequest{Name: "events/lines/sessions/1/sections/A"})
	if err != nil {
		t.Fatal(err)
	}
	if got := section.GetSection().GetEntrants()[0].GetPlayers()[0].GetName(); got != "Player 1" {
		t.Errorf("the player is named %q, want %q", got, "Player 1")
	}
	h.export(t, "lines", scoringv1.ExportFormat_EXPORT_FORMAT_PBN)
}

// TestImportCutsLongNamesWhole imports a file whose title and a team's name
// are longer than Director keeps, in letters of two bytes: each is cut
// before the letter that would not fit, so that what is kept is UTF-8 and
// the import is whole.
func TestImportCutsLongNamesWhole(t *testing.T) {
	h := start(t, t.TempDir())
	long, latin1 := "a"+strings.Repeat("é", 150), "a"+strings.Repeat("\xe9", 150) // the file is ISO-8859-1
	file := string(readFile(t, "usebio_teamsscorer_teams_imp_vp_24b.xml"))
	file = strings.Replace(file, `TEAM_NAME = ""`, `TEAM_NAME = "`+latin1+`"`, 1)
	file = strings.Replace(file, "Multiple Teams Example Session", latin1, 1)
	h.importFile(t, "long", []byte(file), nil)
	event, err := h.moves.GetEvent(context.Background(), &movementv1.GetEventRequest{Name: "events/long"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := event.GetEvent().GetTitle(), long[:199]; got != want {
		t.Errorf("the title is %q, want %q", got, want)
	}
	section, err := h.moves.GetSection(context.Background(), &movementv1.GetSectionRequest{Name: "events/long/sessions/1/sections/A"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := section.GetSection().GetEntrants()[0].GetName(), long[:99]; got != want {
		t.Errorf("team 1 is named %q, want %q", got, want)
	}
}

// TestExportsCarryTheFouledGroup: board 1's first result is moved to group
// 1 of a fouled board (Law 87B). The travellers CSV says so in its
// FouledGroup column, USEBIO in the line's NOTES, and an import of that
// USEBIO file puts the result back in group 1.
func TestExportsCarryTheFouledGroup(t *testing.T) {
	h := start(t, t.TempDir())
	ctx := context.Background()
	h.importFile(t, "online", readFile(t, "usebio_realbridge_mp_pairs_21b.xml"), nil)
	list, err := h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/online", PageSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(list.GetResults(), func(r *scoringv1.Result) bool { return r.GetBoard() == 1 })
	fouled := list.GetResults()[i]
	if _, err := h.client.CorrectResult(ctx, &scoringv1.CorrectResultRequest{Name: fouled.GetName(), Reason: "Law 87B: fouled board",
		Result: &scoringv1.Result{FouledGroup: 1}, GroupOnly: true}); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(h.export(t, "online", scoringv1.ExportFormat_EXPORT_FORMAT_TRAVELLERS_CSV).Content)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(records[0], "FouledGroup")
	grouped := 0
	for _, rec := range records[1:] {
		if rec[col] == "" {
			continue
		}
		grouped++
		if rec[col] != "1" || rec[1] != "1" || rec[2] != strconv.Itoa(int(fouled.GetTable())) {
			t.Errorf("CSV row %q in group %q, want board 1 table %d in group 1", rec, rec[col], fouled.GetTable())
		}
	}
	if col < 0 || grouped != 1 {
		t.Errorf("CSV column %d, %d rows in a group; want one", col, grouped)
	}
	x := h.export(t, "online", scoringv1.ExportFormat_EXPORT_FORMAT_USEBIO)
	f, err := usebio.Read(bytes.NewReader(x.Content))
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, b := range f.Event.Sessions[0].Sections[0].Boards {
		for _, l := range b.Lines {
			if l.Notes != "" {
				notes = append(notes, b.Number+" "+l.NSPair+" "+l.Notes)
			}
		}
	}
	if want := []string{"1 " + strconv.Itoa(int(fouled.GetNsPair())) + " fouled board, group 1 (Law 87B)"}; !slices.Equal(notes, want) {
		t.Errorf("USEBIO notes %q, want %q", notes, want)
	}
	h.importFile(t, "again", x.Content, nil)
	again, err := h.client.ListResults(ctx, &scoringv1.ListResultsRequest{Parent: "events/again", PageSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range again.GetResults() {
		want := int32(0)
		if r.GetBoard() == 1 && r.GetNsPair() == fouled.GetNsPair() {
			want = 1
		}
		if r.GetFouledGroup() != want {
			t.Errorf("imported board %d NS %d in group %d, want %d", r.GetBoard(), r.GetNsPair(), r.GetFouledGroup(), want)
		}
	}
}

// TestFouledNoteReadsBack: the NOTES an export writes read back as the
// group; notes of another program, and groups out of range, read as none.
func TestFouledNoteReadsBack(t *testing.T) {
	for g := int32(0); g <= scoring.MaxFouledGroup; g++ {
		if got := fouledGroupOf(fouledNote(g)); got != g {
			t.Errorf("group %d reads back as %d from %q", g, got, fouledNote(g))
		}
	}
	for _, notes := range []string{"", "director called", "fouled board, group x", "fouled board, group 99 (Law 87B)", "fouled board, group -1"} {
		if got := fouledGroupOf(notes); got != 0 {
			t.Errorf("%q reads as group %d", notes, got)
		}
	}
}
