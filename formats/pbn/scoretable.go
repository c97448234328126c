package pbn

import (
	"fmt"
	"strconv"
	"strings"
)

// ScoreLine is one row of a board's ScoreTable: one table's result. Figures
// are kept as the text the table holds, so that a reader compares them to
// the decimals the file published.
type ScoreLine struct {
	Section string
	// NS and EW are the pair (or team) numbers, PairId_NS and PairId_EW.
	NS, EW int
	// Contract, Declarer and Result (tricks taken) as the table writes them;
	// Contract is "Pass" for a passed-out board and empty for an artificial
	// score.
	Contract, Declarer, Result string
	// Lead is the opening lead, such as "SA" or "D10".
	Lead string
	// Score is North-South's score, read from Score_NS or, negated, from
	// Score_EW; an artificial score is its code, such as "A6040". Empty when
	// the table has no score columns.
	Score string
	// NSPoints and EWPoints are the MP_NS and MP_EW (or IMP_NS and IMP_EW)
	// columns.
	NSPoints, EWPoints string
	// NamesNS and NamesEW are the Names_NS and Names_EW columns.
	NamesNS, NamesEW string
}

// TotalScoreLine is one row of a TotalScoreTable: a pair's or team's place.
type TotalScoreLine struct {
	// Rank is the place as printed, "3" or "3=".
	Rank    string
	Section string
	Pair    int
	// Direction is "NS" or "EW" in a ranking with two winners, else empty.
	Direction string
	// Score is the TotalScoreMP, TotalIMP or TotalScoreVP column;
	// Percentage the TotalPercentage column.
	Score, Percentage string
	Names             string
	Boards            int
}

// Points names the unit of the figures of a score table: the MP_ or IMP_
// columns of a ScoreTable and the TotalScoreMP, TotalIMP or TotalScoreVP
// column of a TotalScoreTable.
type Points string

// The units of score tables.
const (
	Matchpoints   Points = "MP"
	IMPs          Points = "IMP"
	VictoryPoints Points = "VP"
)

func (p Points) lineColumns() (ns, ew string) { return string(p) + "_NS", string(p) + "_EW" }

func (p Points) totalColumn() string {
	switch p {
	case IMPs:
		return "TotalIMP"
	case VictoryPoints:
		return "TotalScoreVP"
	}
	return "TotalScoreMP"
}

// ScoreTableTag returns the ScoreTable tag of a board's lines, with the
// figures in the unit points (MP_NS and MP_EW, or IMP_NS and IMP_EW). The
// side that lost points writes "-" in its score column, as the tables of
// scoring programs do.
func ScoreTableTag(lines []ScoreLine, points Points) Tag {
	ns, ew := points.lineColumns()
	t := Table{Columns: []Column{{"Section", 2, 'L'}, {"PairId_NS", 3, 'R'}, {"PairId_EW", 3, 'R'}, {"Contract", 5, 'L'},
		{"Declarer", 1, 'R'}, {"Result", 2, 'R'}, {"Lead", 3, 'L'}, {"Score_NS", 6, 'R'}, {"Score_EW", 6, 'R'}, {ns, 6, 'R'}, {ew, 6, 'R'},
		{"Names_NS", 0, 0}, {"Names_EW", 0, 0}}}
	for _, l := range lines {
		scoreNS, scoreEW := l.Score, "-"
		if n, err := strconv.Atoi(l.Score); err == nil && n < 0 {
			scoreNS, scoreEW = "-", strconv.Itoa(-n)
		}
		t.Rows = append(t.Rows, []string{orDash(l.Section), strconv.Itoa(l.NS), strconv.Itoa(l.EW), orDash(l.Contract),
			orDash(l.Declarer), orDash(l.Result), orDash(l.Lead), orDash(scoreNS), scoreEW, orDash(l.NSPoints), orDash(l.EWPoints), l.NamesNS, l.NamesEW})
	}
	return t.Tag("ScoreTable")
}

// TotalScoreTableTag returns the TotalScoreTable tag of a ranking, with the
// totals in the unit points.
func TotalScoreTableTag(lines []TotalScoreLine, points Points) Tag {
	t := Table{Columns: []Column{{"Rank", 3, 'R'}, {"Section", 2, 'L'}, {"PairId", 3, 'R'}, {"Direction", 2, 'L'},
		{points.totalColumn(), 7, 'R'}, {"TotalPercentage", 6, 'R'}, {"Names", 0, 0}, {"NrBoards", 2, 'R'}}}
	for _, l := range lines {
		t.Rows = append(t.Rows, []string{l.Rank, orDash(l.Section), strconv.Itoa(l.Pair), orDash(l.Direction),
			orDash(l.Score), orDash(l.Percentage), l.Names, strconv.Itoa(l.Boards)})
	}
	return t.Tag("TotalScoreTable")
}

// orDash writes "-" for an empty figure, as score tables do.
func orDash(v string) string {
	if v == "" {
		return "-"
	}
	return v
}

// fromDash reads "-" as an empty figure.
func fromDash(v string) string {
	if v == "-" {
		return ""
	}
	return v
}

// ScoreTable reads the game's ScoreTable. It needs the PairId_NS and
// PairId_EW columns; every other column is optional, and the figures are
// read from MP_NS and MP_EW, or IMP_NS and IMP_EW. ok is false when the game
// has no ScoreTable.
func (g Game) ScoreTable() (lines []ScoreLine, ok bool, err error) {
	tag, t, ok, err := g.namedTable("ScoreTable", "PairId_NS", "PairId_EW")
	if !ok || err != nil {
		return nil, ok, err
	}
	points := Matchpoints
	if hasColumn(t, "IMP_NS") {
		points = IMPs
	}
	nsPoints, ewPoints := points.lineColumns()
	for i, r := range t.Records() {
		row := rowError(tag, i)
		l := ScoreLine{Section: fromDash(r["Section"]), Contract: fromDash(r["Contract"]), Declarer: fromDash(r["Declarer"]),
			Result: fromDash(r["Result"]), Lead: fromDash(r["Lead"]), NSPoints: fromDash(r[nsPoints]), EWPoints: fromDash(r[ewPoints]),
			NamesNS: r["Names_NS"], NamesEW: r["Names_EW"]}
		if l.NS, err = strconv.Atoi(r["PairId_NS"]); err != nil {
			return nil, true, row("PairId_NS %q is not a pair number", r["PairId_NS"])
		}
		if l.EW, err = strconv.Atoi(r["PairId_EW"]); err != nil {
			return nil, true, row("PairId_EW %q is not a pair number", r["PairId_EW"])
		}
		switch ns, ew := fromDash(r["Score_NS"]), fromDash(r["Score_EW"]); {
		case ns != "" && ew != "" && ns != "0":
			return nil, true, row("Score_NS %q and Score_EW %q: one side scores, the other is -", ns, ew)
		case ns != "":
			l.Score = ns
		case ew != "":
			n, err := strconv.Atoi(ew)
			if err != nil {
				return nil, true, row("Score_EW %q is not a score", ew)
			}
			l.Score = strconv.Itoa(-n)
		}
		lines = append(lines, l)
	}
	return lines, true, nil
}

// TotalScoreTable reads the game's TotalScoreTable. It needs the Rank and
// PairId columns; the total is read from TotalScoreMP, TotalIMP or
// TotalScoreVP, whichever the table has. ok is false when the game has none.
func (g Game) TotalScoreTable() (lines []TotalScoreLine, ok bool, err error) {
	tag, t, ok, err := g.namedTable("TotalScoreTable", "Rank", "PairId")
	if !ok || err != nil {
		return nil, ok, err
	}
	total := Matchpoints.totalColumn()
	for _, p := range []Points{IMPs, VictoryPoints} {
		if hasColumn(t, p.totalColumn()) {
			total = p.totalColumn()
		}
	}
	for i, r := range t.Records() {
		row := rowError(tag, i)
		l := TotalScoreLine{Rank: r["Rank"], Section: fromDash(r["Section"]), Direction: strings.ReplaceAll(fromDash(r["Direction"]), "-", ""),
			Score: fromDash(r[total]), Percentage: fromDash(r["TotalPercentage"]), Names: r["Names"]}
		if l.Pair, err = strconv.Atoi(r["PairId"]); err != nil {
			return nil, true, row("PairId %q is not a pair number", r["PairId"])
		}
		if nr := fromDash(r["NrBoards"]); nr != "" {
			if l.Boards, err = strconv.Atoi(nr); err != nil {
				return nil, true, row("NrBoards %q is not a number of boards", nr)
			}
		}
		lines = append(lines, l)
	}
	return lines, true, nil
}

func hasColumn(t Table, name string) bool {
	for _, c := range t.Columns {
		if c.Name == name {
			return true
		}
	}
	return false
}

// namedTable reads the table of the tag called name, which must have the
// columns need. ok is false when the game has no such tag.
func (g Game) namedTable(name string, need ...string) (tag Tag, t Table, ok bool, err error) {
	tag, ok = g.Tag(name)
	if !ok {
		return tag, t, false, nil
	}
	if t, err = tag.Table(); err != nil {
		return tag, t, true, err
	}
	for _, n := range need {
		if !hasColumn(t, n) {
			return tag, t, true, tag.errorf("the table has no %s column", n)
		}
	}
	return tag, t, true, nil
}

// rowError returns the errors about row i of a table tag.
func rowError(tag Tag, i int) func(format string, args ...any) error {
	return func(format string, args ...any) error {
		return Tag{Name: tag.Name, Line: tag.Data[i].Number}.errorf("row %d: %s", i+1, fmt.Sprintf(format, args...))
	}
}
