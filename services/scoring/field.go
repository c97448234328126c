package scoringservice

import (
	"fmt"
	"strconv"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/scoring"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
)

// field is one session of an event scored by the scoring library: what the
// standings, travellers and scorecards are read from.
type field struct {
	event     *scoringv1.ScoringSettings
	results   []*scoringv1.Result
	standings []*scoringv1.Standing
	// lines holds what each result earned, in the order of results.
	lines []*scoringv1.TravellerLine
	// top is the matchpoint top of each board, by section and board.
	top map[string]map[int32]float64
	// tops is the sum of the tops of each pair's boards (matchpoints).
	tops map[standingKey]float64
	// problems are the boards left out because their results cannot be
	// scored.
	problems []*scoringv1.BoardProblem
}

func profileOf(e *scoringv1.ScoringSettings) scoring.Profile {
	switch e.GetProfile() {
	case scoringv1.Profile_PROFILE_ACBL:
		return scoring.ACBL
	case scoringv1.Profile_PROFILE_EBU:
		return scoring.EBU
	}
	return scoring.WBF
}

// scoreField scores the results of one session of an event by its form. A
// board whose stored results cannot be scored (they contradict each other,
// which a director must correct) is left out and reported in problems; every
// other board counts.
func scoreField(e *scoringv1.ScoringSettings, results []*scoringv1.Result) (*field, error) {
	f, err := scoreResults(e, results)
	if err == nil {
		return f, nil
	}
	var good []*scoringv1.Result
	var problems []*scoringv1.BoardProblem
	for _, board := range byBoard(e, results) {
		if _, err := scoreResults(e, board); err != nil {
			r := board[0]
			problems = append(problems, &scoringv1.BoardProblem{Session: r.GetSession(), Section: r.GetSection(), Board: r.GetBoard(), Problem: err.Error()})
			continue
		}
		good = append(good, board...)
	}
	if f, err = scoreResults(e, good); err != nil {
		return nil, platform.FailedPrecondition("the results cannot be scored until they are corrected: " + err.Error())
	}
	f.problems = problems
	return f, nil
}

// byBoard groups results by the board they were played on (in each section,
// or across the field when the event scores across it), in slot order.
func byBoard(e *scoringv1.ScoringSettings, results []*scoringv1.Result) [][]*scoringv1.Result {
	type boardKey struct {
		section string
		board   int32
	}
	index := map[boardKey]int{}
	var out [][]*scoringv1.Result
	for _, r := range results {
		k := boardKey{r.GetSection(), r.GetBoard()}
		if e.GetAcrossField() {
			k.section = ""
		}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], r)
	}
	return out
}

// scoreResults scores results by the event's form, or says why it cannot.
func scoreResults(e *scoringv1.ScoringSettings, results []*scoringv1.Result) (*field, error) {
	f := &field{event: e, results: results, top: map[string]map[int32]float64{}, tops: map[standingKey]float64{}}
	var err error
	switch e.GetForm() {
	case scoringv1.Form_FORM_MATCHPOINTS:
		err = f.matchpoint()
	case scoringv1.Form_FORM_CROSS_IMPS, scoringv1.Form_FORM_BUTLER:
		err = f.imps()
	case scoringv1.Form_FORM_TEAMS_VP, scoringv1.Form_FORM_TEAMS_POINT_A_BOARD:
		err = f.teams()
	default:
		err = fmt.Errorf("form %v cannot be scored", e.GetForm())
	}
	return f, err
}

// toDomain converts a stored result to a traveller line of the scoring
// library.
func toDomain(r *scoringv1.Result) scoring.Result {
	d := scoring.Result{Section: r.GetSection(), Board: int(r.GetBoard()), NS: int(r.GetNsPair()), EW: int(r.GetEwPair()), NSScore: int(r.GetNsScore())}
	switch o := r.Outcome.(type) {
	case *scoringv1.Result_NotPlayed:
		d.Kind = scoring.NotPlayed
	case *scoringv1.Result_Artificial:
		d.Kind = scoring.Artificial
		d.NSAdjust = adjustmentOf(o.Artificial.GetNorthSouth())
		d.EWAdjust = adjustmentOf(o.Artificial.GetEastWest())
	case *scoringv1.Result_Assigned:
		switch k := o.Assigned.GetKind().(type) {
		case *scoringv1.AssignedScore_Split:
			d.Kind = scoring.Split
			d.EWScore = int(k.Split.GetEwScore())
		case *scoringv1.AssignedScore_Weighted:
			d.Kind = scoring.Weighted
			var sum int32
			for _, p := range k.Weighted.GetParts() {
				sum += p.GetWeight()
			}
			for _, p := range k.Weighted.GetParts() {
				d.Weights = append(d.Weights, scoring.WeightedScore{Weight: 100 * float64(p.GetWeight()) / float64(sum), NSScore: int(p.GetNsScore())})
			}
		}
	}
	return d
}

func adjustmentOf(a scoringv1.Adjustment) scoring.Adjustment {
	switch a {
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE_PLUS:
		return scoring.AveragePlus
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE:
		return scoring.Average
	case scoringv1.Adjustment_ADJUSTMENT_AVERAGE_MINUS:
		return scoring.AverageMinus
	}
	return scoring.NoAdjustment
}

func (f *field) matchpoint() error {
	in := make([]scoring.Result, len(f.results))
	for i, r := range f.results {
		in[i] = toDomain(r)
	}
	scored, err := scoring.ScorePairs(in, scoring.PairsOptions{
		Profile:     profileOf(f.event),
		AcrossField: f.event.GetAcrossField(),
		TwoWinners:  f.event.GetTwoWinners(),
	})
	if err != nil {
		return err
	}
	for i, l := range scored.Lines {
		r := f.results[i]
		line := &scoringv1.TravellerLine{Result: r, NsPoints: l.NSMatchpoints, EwPoints: l.EWMatchpoints}
		if l.Top > 0 {
			line.NsPercentage = round2(100 * l.NSMatchpoints / l.Top)
			line.EwPercentage = round2(100 * l.EWMatchpoints / l.Top)
			f.setTop(r.GetSection(), r.GetBoard(), l.Top)
			ns, ew := standingKey{section: r.GetSection(), pair: r.GetNsPair()}, standingKey{section: r.GetSection(), pair: r.GetEwPair()}
			if f.event.GetTwoWinners() {
				ns.direction, ew.direction = typev1.Side_SIDE_NORTH_SOUTH, typev1.Side_SIDE_EAST_WEST
			}
			f.tops[ns] += l.Top
			f.tops[ew] += l.Top
		}
		f.lines = append(f.lines, line)
	}
	for _, p := range scored.Pairs {
		st := &scoringv1.Standing{
			Section: p.Section, Pair: int32(p.Pair), Score: p.Matchpoints, Percentage: p.Percentage,
			BoardsPlayed: int32(p.Boards), Rank: int32(p.Rank), Place: p.Place,
		}
		if f.event.GetTwoWinners() {
			st.Direction = bridgepb.Side(p.Direction)
		}
		f.standings = append(f.standings, st)
	}
	return nil
}

func (f *field) setTop(section string, board int32, top float64) {
	if f.top[section] == nil {
		f.top[section] = map[int32]float64{}
	}
	f.top[section][board] = top
}

// pairKey names a pair in the IMP and teams scorers, which take strings.
func pairKey(section string, pair int32) string { return section + "/" + strconv.Itoa(int(pair)) }

// imps scores cross-IMP and Butler pairs: every result with a North-South
// score is IMPed (played, passed out, assigned), an artificial adjusted score
// gives each side the profile's IMPs (Law 12C2(b)); weighted and split scores
// are listed with no IMPs.
func (f *field) imps() error {
	type boardKey struct {
		section string
		board   int32
	}
	var order []boardKey
	lines := map[boardKey][]int{}
	profile := profileOf(f.event)
	f.lines = make([]*scoringv1.TravellerLine, len(f.results))
	for i, r := range f.results {
		f.lines[i] = &scoringv1.TravellerLine{Result: r}
		if !hasNSScore(r) && r.GetArtificial() == nil {
			continue
		}
		k := boardKey{r.GetSection(), r.GetBoard()}
		if f.event.GetAcrossField() {
			k.section = ""
		}
		if lines[k] == nil {
			order = append(order, k)
		}
		lines[k] = append(lines[k], i)
	}
	in := make([]scoring.IMPBoard, len(order))
	for bi, k := range order {
		in[bi].Board = int(k.board)
		for _, i := range lines[k] {
			r := f.results[i]
			line := scoring.IMPLine{NS: pairKey(r.GetSection(), r.GetNsPair()), EW: pairKey(r.GetSection(), r.GetEwPair()), Score: int(r.GetNsScore())}
			if a := r.GetArtificial(); a != nil {
				imps, err := scoring.ArtificialTeamIMPs(adjustmentOf(a.GetNorthSouth()), adjustmentOf(a.GetEastWest()), profile)
				if err != nil {
					return err
				}
				line.Artificial = &imps
			}
			in[bi].Lines = append(in[bi].Lines, line)
		}
	}
	opt := scoring.IMPPairsOptions{Method: scoring.CrossIMPScoring}
	if f.event.GetForm() == scoringv1.Form_FORM_BUTLER {
		opt.Method = scoring.ButlerScoring
		opt.Butler = profile.ButlerOptions()
	}
	scored, err := scoring.ScoreIMPPairs(in, opt)
	if err != nil {
		return err
	}
	for bi, k := range order {
		for li, i := range lines[k] {
			ns := scored.Boards[bi][li]
			f.lines[i].NsPoints, f.lines[i].EwPoints = round2(ns), round2(-ns)
			if a := in[bi].Lines[li].Artificial; a != nil {
				f.lines[i].EwPoints = float64(a.Away)
			}
		}
	}
	for _, p := range scored.Pairs {
		section, number := splitPairKey(p.Pair)
		f.standings = append(f.standings, &scoringv1.Standing{
			Section: section, Pair: number, Score: p.Total, BoardsPlayed: int32(p.Played),
			Rank: int32(p.Place.Rank), Place: p.Place.String(),
		})
	}
	return nil
}

// hasNSScore reports whether a result carries one North-South score to IMP.
func hasNSScore(r *scoringv1.Result) bool {
	switch r.Outcome.(type) {
	case *scoringv1.Result_Played, *scoringv1.Result_PassedOut:
		return true
	case *scoringv1.Result_Assigned:
		_, ok := r.GetAssigned().GetKind().(*scoringv1.AssignedScore_NsScore)
		return ok
	}
	return false
}

func splitPairKey(k string) (string, int32) {
	for i := len(k) - 1; i >= 0; i-- {
		if k[i] == '/' {
			n, _ := strconv.Atoi(k[i+1:])
			return k[:i], int32(n)
		}
	}
	return "", 0
}

func round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}
