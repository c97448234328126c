package usebio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fixtures = "../../../shared/fixtures/scoring"

func readFixture(t *testing.T, name string) *File {
	t.Helper()
	f, err := os.Open(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := Read(f)
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return file
}

// counts is what a file holds, summed over its sessions and sections.
type counts struct {
	sessions, sections, pairs, teams, teamPairs, boards, lines, matches, matchBoards, matchLines int
}

func countFile(f *File) counts {
	var c counts
	for _, s := range f.Event.Sessions {
		c.sessions++
		for _, sec := range s.Sections {
			c.sections++
			c.pairs += len(sec.Participants.Pairs)
			c.teams += len(sec.Participants.Teams)
			for _, t := range sec.Participants.Teams {
				c.teamPairs += len(t.Pairs)
			}
			c.boards += len(sec.Boards)
			for _, b := range sec.Boards {
				c.lines += len(b.Lines)
			}
			c.matches += len(sec.Matches)
			for _, m := range sec.Matches {
				c.matchBoards += len(m.Boards)
				for _, b := range m.Boards {
					c.matchLines += len(b.Lines)
				}
			}
		}
	}
	return c
}

// TestReadFixtures reads every published file and checks the counts of elements,
// taken from the files themselves.
func TestReadFixtures(t *testing.T) {
	tests := []struct {
		file    string
		version string
		program string
		want    counts
	}{
		{"usebio_brian_mp_pairs_24b.xml", "1.0", "BriAn",
			counts{sessions: 1, sections: 1, pairs: 13, boards: 24, lines: 144}},
		{"usebio_ebuscore_2section_neuberg_18b.xml", "1.2", "EBUScore Pairs",
			counts{sessions: 1, sections: 2, pairs: 35, boards: 36, lines: 305}},
		{"usebio_ebuscoreteams_point_a_board_42b.xml", "1.2", "EBUScoreTeams",
			counts{sessions: 1, sections: 1, teams: 8, teamPairs: 16, matches: 28, matchBoards: 168, matchLines: 336}},
		{"usebio_pairsscorer_2section_neuberg_avg_24b.xml", "1.2", "PairsScorer",
			counts{sessions: 1, sections: 2, pairs: 32, boards: 48, lines: 335}},
		{"usebio_pairsscorer_mp_pairs_22b.xml", "1.2", "PairsScorer",
			counts{sessions: 1, sections: 1, pairs: 22, boards: 22, lines: 242}},
		{"usebio_pianola_cross_imp_pairs_24b.xml", "1.2", "Pianola",
			counts{sessions: 1, sections: 1, pairs: 17, boards: 24, lines: 192}},
		{"usebio_realbridge_mp_pairs_21b.xml", "1.2", "RealBridge",
			counts{sessions: 1, sections: 1, pairs: 16, boards: 21, lines: 168}},
		{"usebio_teamsscorer_teams_imp_vp_24b.xml", "1.2", "TeamsScorer",
			counts{sessions: 1, sections: 1, teams: 10, teamPairs: 20, matches: 40, matchBoards: 120, matchLines: 240}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			f := readFixture(t, tt.file)
			if f.Version != tt.version || f.Event.ProgramName != tt.program {
				t.Errorf("version %q program %q, want %q %q", f.Version, f.Event.ProgramName, tt.version, tt.program)
			}
			if got := countFile(f); got != tt.want {
				t.Errorf("counts\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
	all, err := filepath.Glob(filepath.Join(fixtures, "*.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range all {
		if !seen[filepath.Base(path)] {
			t.Errorf("fixture %s is not checked", filepath.Base(path))
		}
	}
}

// TestReadPairsDetail spot-checks values of a two-section pairs file.
func TestReadPairsDetail(t *testing.T) {
	f := readFixture(t, "usebio_pairsscorer_2section_neuberg_avg_24b.xml")
	e := f.Event
	if e.Type != "MP_PAIRS" || e.Date != "14/12/2015" || e.WinnerType != "2" || e.Description != "Sample Multi-Section Event" {
		t.Errorf("event header: %+v", e)
	}
	s := e.Sessions[0]
	if s.ID != "1" || s.Sections[0].ID != "A" || s.Sections[1].ID != "B" {
		t.Fatalf("session %q sections %q %q", s.ID, s.Sections[0].ID, s.Sections[1].ID)
	}
	p := s.Sections[0].Participants.Pairs[0]
	if p.Number != "1" || p.Direction != "NS" || p.Percentage != "45.42" || p.Place != "11" {
		t.Errorf("first pair: %+v", p)
	}
	if len(p.Players) != 2 || p.Players[0].Name != "Player 1" || p.Players[0].Rateable != "Y" || p.Players[0].ClubID != "271" {
		t.Errorf("first pair's players: %+v", p.Players)
	}
	var artificial []TravellerLine
	for _, b := range s.Sections[1].Boards {
		for _, l := range b.Lines {
			if strings.HasPrefix(l.Score, "A") {
				artificial = append(artificial, l)
			}
		}
	}
	want := TravellerLine{NSPair: "22", EWPair: "32", Score: "A5050", NSMatchPoints: "13", EWMatchPoints: "13"}
	if len(artificial) != 1 || artificial[0] != want {
		t.Errorf("artificial lines: %+v, want [%+v]", artificial, want)
	}
}

// TestReadOneLevelFile checks a USEBIO 1.0 file that puts PARTICIPANTS and BOARD
// straight under EVENT and MASTER_POINTS_AWARDED straight under PAIR.
func TestReadOneLevelFile(t *testing.T) {
	f := readFixture(t, "usebio_brian_mp_pairs_24b.xml")
	sec := f.Event.Sessions[0].Sections[0]
	if f.Event.Sessions[0].ID != "" || sec.ID != "" {
		t.Errorf("supplied session %q section %q, want empty IDs", f.Event.Sessions[0].ID, sec.ID)
	}
	p := sec.Participants.Pairs[0]
	if p.Number != "1" || p.Percentage != "62.01923" || p.Handicap != "0.0" || p.MasterPointsAwarded != "24" {
		t.Errorf("first pair: %+v", p)
	}
	l := sec.Boards[0].Lines[0]
	if sec.Boards[0].Number != "1" || l.Contract == "" || l.NSMatchPoints == "" {
		t.Errorf("board 1 line 1: %+v", l)
	}
}

// TestReadTeams spot-checks a multiple-teams file: teams, team pairs and the first
// match, board and both rooms.
func TestReadTeams(t *testing.T) {
	f := readFixture(t, "usebio_teamsscorer_teams_imp_vp_24b.xml")
	if f.Event.BoardScoringMethod != "IMPS" || f.Event.MatchScoringMethod != "VPS" {
		t.Errorf("methods %q %q", f.Event.BoardScoringMethod, f.Event.MatchScoringMethod)
	}
	sec := f.Event.Sessions[0].Sections[0]
	team := sec.Participants.Teams[0]
	if team.ID != "1" || team.TotalScore != "55" || team.WinsOrDraws != "3" || team.Place != "10" {
		t.Errorf("team 1: %+v", team)
	}
	if team.Pairs[0].Number != "1-1-2" || team.Pairs[0].BoardsPlayed != "24" || team.Pairs[0].PairIMPs != "-20.99" {
		t.Errorf("team 1 pair 1: %+v", team.Pairs[0])
	}
	m := sec.Matches[0]
	if m.Round != "1" || m.Team != "1" || m.OpposingTeam != "3" || m.StartBoard != "1" || m.EndBoard != "3" ||
		m.TeamScore != "12" || m.OpposingTeamScore != "8" || len(m.Boards) != 3 {
		t.Errorf("match 1: %+v", m)
	}
	b := m.Boards[0]
	wantOpen := TravellerLine{Direction: "NS", NSPair: "1-1-2", EWPair: "3-3-4", Contract: "3NT", PlayedBy: "E",
		Tricks: "11", Score: "-460", NSCrossIMPs: "-1.57", EWCrossIMPs: "1.57"}
	if b.Number != "1" || b.IMPs != "0" || len(b.Lines) != 2 || b.Lines[0] != wantOpen || b.Lines[1].Direction != "EW" {
		t.Errorf("match 1 board 1: %+v", b)
	}
}

func TestReadPointABoard(t *testing.T) {
	f := readFixture(t, "usebio_ebuscoreteams_point_a_board_42b.xml")
	sec := f.Event.Sessions[0].Sections[0]
	if sec.Participants.Teams[0].Name != "HOLLIES" || sec.Participants.Teams[0].MasterPoints.Awarded != "158" {
		t.Errorf("team 1: %+v", sec.Participants.Teams[0])
	}
	for _, m := range sec.Matches {
		for _, b := range m.Boards {
			if b.TeamPoints == "" || b.OpposingTeamPoints == "" {
				t.Fatalf("round %s board %s: no point-a-board points", m.Round, b.Number)
			}
		}
	}
}

// TestReadLatin1 checks that ISO-8859-1 bytes become the right runes.
func TestReadLatin1(t *testing.T) {
	doc := "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?>\n<USEBIO Version=\"1.2\"><CLUB><CLUB_NAME>Caf\xe9 M\xfcnster \xa3</CLUB_NAME></CLUB></USEBIO>"
	f, err := Read(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if f.Club.Name != "Café Münster £" {
		t.Errorf("club name %q", f.Club.Name)
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{"empty", "", "no USEBIO element"},
		{"other root", "<PBN/>", "expected element type <USEBIO>"},
		{"version 2", `<USEBIO Version="2.0"/>`, `Version "2.0"`},
		{"no version", `<USEBIO/>`, `Version ""`},
		{"charset", `<?xml version="1.0" encoding="koi8-r"?><USEBIO Version="1.2"/>`, `"koi8-r" is not supported`},
		{"truncated", `<USEBIO Version="1.2"><EVENT>`, "unexpected EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.doc))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read error %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestParseNumbers(t *testing.T) {
	if v, err := ParseInt("SCORE", " -620 "); err != nil || v != -620 {
		t.Errorf("ParseInt -620 = %d, %v", v, err)
	}
	if v, err := ParseFloat("PERCENTAGE", "53.40"); err != nil || v != 53.40 {
		t.Errorf("ParseFloat 53.40 = %v, %v", v, err)
	}
	if _, err := ParseInt("SCORE", "A5050"); err == nil || err.Error() != `usebio: SCORE "A5050": not a whole number` {
		t.Errorf("ParseInt A5050 error %v", err)
	}
	for _, bad := range []string{"", "x", "NaN", "Inf", "1e999"} {
		if _, err := ParseFloat("NS_MATCH_POINTS", bad); err == nil || !strings.Contains(err.Error(), "NS_MATCH_POINTS") {
			t.Errorf("ParseFloat(%q) error %v", bad, err)
		}
	}
}
