package scoring

// A fouled board (Law 87A) was played in more than one form: its cards,
// dealer or vulnerability differed between tables that should have compared
// scores. Law 87B has the director divide its results into groups by the
// form they were obtained on and rate each group separately as the
// regulations provide. A Result's FouledGroup says which: 0 for the board in
// its correct form, 1, 2 ... for each changed form.
//
// Director rates the groups so that a fouled board weighs as much as any
// other: matchpoints compare a result only within its group, and each
// group is factored by Neuberg's formula to the top of the whole board —
// the field's full board where the profile factors boards, otherwise the
// board's own results — whatever the profile says of boards short of
// results, since the board is not short but split (Law 87B: "rates each
// group separately"; the factoring is the Neuberg formula of
// reference/scoring.md §2.2, which the WBF and EBU apply to fouled boards).
//
// A group of one result has nothing to be compared with. Director gives it
// average to both sides, 50% of the top: the artificial adjusted score of
// Law 12C2(a) for contestants neither favoured nor harmed, and exactly what
// the formula gives for n = 1 (MP′ = (0 + 1)·N/1 − 1 = N − 1, half the top
// 2(N − 1)), so no rule apart is needed. The ACBL's small-group table (60%
// for a lone score, 65/55% for two) is not offered. Cross-IMPs and Butler
// compare a result only within its group too; a lone result there scores
// 0 IMPs, the average of Law 12C2(b). A team match compares its two
// tables only when both played the board in the same form; a board they
// played in different forms is average to both teams, 0 IMPs each (a tie
// at point-a-board), as a lone result is elsewhere. byForm is the one
// place that says which results share a form.

// MaxFouledGroup bounds the changed forms of one board a result may name.
const MaxFouledGroup = 20

// byForm splits the lines of a board by the form of the board each was
// obtained on (formOf gives it), in the order each form first appears. A
// board played in one form, the usual case, is returned whole, unsplit.
func byForm(lines []int, formOf func(line int) int) [][]int {
	fouled := false
	for _, i := range lines {
		if formOf(i) != formOf(lines[0]) {
			fouled = true
			break
		}
	}
	if !fouled {
		return [][]int{lines}
	}
	var forms [][]int
	index := map[int]int{}
	for _, i := range lines {
		f := formOf(i)
		k, ok := index[f]
		if !ok {
			k = len(forms)
			index[f] = k
			forms = append(forms, nil)
		}
		forms[k] = append(forms[k], i)
	}
	return forms
}
