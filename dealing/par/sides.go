package par

import (
	"cmp"
	"slices"

	"github.com/bridge-director/director/bridge"
)

// SidesPar returns the par of a deal as DDS's Par finds it, once with
// North-South starting the bidding and once with East-West starting. The two
// are nearly always the same; they differ when both sides can make the same
// highest contract, which the side that bids first takes. Both scores are from
// North-South's view.
//
// This is Matthew Kidd's method (ACBLmerge) as DDS has it. The starting side
// bids its best-scoring contract, then each side in turn improves on the
// standing contract for itself, by a higher making contract or a doubled
// sacrifice, until neither can; the search is run again without each strain
// found so far while it reaches the same score, so that every par contract is
// found. A making par contract is shown with every level that scores the same
// (Level and Result give the lowest and how many above it), unless a lower level
// would give the opponents a sacrifice worth making or a contract of their own
// that outbids it.
func SidesPar(t bridge.DDTable, vul bridge.Vulnerability) (nsFirst, ewFirst Par, err error) {
	if err := validate(t, vul); err != nil {
		return Par{}, Par{}, err
	}
	ns, ew := search(t, vul, bridge.NorthSouth), search(t, vul, bridge.EastWest)
	if ns.score == 0 {
		return Par{}, Par{}, nil
	}
	results := [2]Par{shown(t, vul, ns, ns), shown(t, vul, ew, ns)}
	dropOutbid(&results)
	return results[0], results[1], nil
}

// standing is the contract to beat in the search, with the score so far from
// the starting side's view.
type standing struct {
	bid    bool // false before anyone has bid
	strain bridge.Strain
	tricks int // the tricks it needs: 6 before anyone has bid
	score  int
	down   int // the undertricks when it is a doubled sacrifice
}

// outrankedBy reports whether a contract in strain needing as many tricks
// bids over s.
func (s standing) outrankedBy(strain bridge.Strain) bool { return s.bid && strain > s.strain }

// found is a par contract the search found: its strain and the tricks it needs
// at the level reached in the bidding.
type found struct {
	strain bridge.Strain
	tricks int
}

// searched is the outcome of the search for one starting side.
type searched struct {
	start bridge.Side
	score int // from the starting side's view
	down  int // the undertricks when par is a doubled sacrifice
	found []found
}

// search runs the bidding with start bidding first.
func search(t bridge.DDTable, vul bridge.Vulnerability, start bridge.Side) searched {
	out := searched{start: start}
	left := slices.Clone(bridge.DDStrains[:])
	for {
		cur := bidding(t, vul, start, left)
		if len(out.found) == 0 {
			out.score, out.down = cur.score, cur.down
			if cur.score == 0 {
				return out
			}
		} else if cur.score != out.score {
			return out
		}
		out.found = append(out.found, found{cur.strain, cur.tricks})
		left = slices.DeleteFunc(left, func(s bridge.Strain) bool { return s == cur.strain })
		if len(left) == 0 {
			return out
		}
	}
}

// bidding alternates between the sides, start first, each improving on the
// standing contract for itself in the strains left, until one cannot (after
// both have had a turn).
func bidding(t bridge.DDTable, vul bridge.Vulnerability, start bridge.Side, left []bridge.Strain) standing {
	cur := standing{tricks: 6}
	for turn := 0; ; turn++ {
		if !improve(t, vul, start, turn%2 == 1, left, &cur) && turn > 0 {
			return cur
		}
	}
}

// improve lets one side improve on the standing contract for itself: the
// starting side, or its opponents when second. It reports whether it did.
func improve(t bridge.DDTable, vul bridge.Vulnerability, start bridge.Side, second bool, left []bridge.Strain, cur *standing) bool {
	side := start
	if second {
		side = start.Opponents()
	}
	vulnerable := vul.IsVulnerable(side)
	prev := *cur

	// The strains in the order they are tried, which decides between equal
	// scores: by what they are worth against the standing contract, best
	// first, then NT, S, H, D, C. A strain that cannot outbid it is worth a
	// sacrifice of the tricks it falls short. (DDS ranks one that falls short by
	// none at +100, among the part-scores; since such a strain can only
	// sacrifice a level higher, for at least 100, where no part-score worth less
	// is still to be bid, the order found is the same.)
	type option struct {
		strain bridge.Strain
		tricks int
		worth  int
	}
	options := make([]option, 0, len(left))
	for _, s := range left {
		o := option{strain: s, tricks: best(t, side, s)}
		if short := prev.tricks - o.tricks; short < 0 || short == 0 && prev.outrankedBy(s) {
			o.worth = made(o.tricks-6, s, vulnerable)
		} else {
			o.worth = -penalty(short, vulnerable)
		}
		options = append(options, o)
	}
	slices.SortStableFunc(options, func(x, y option) int { return cmp.Compare(y.worth, x.worth) })

	improved := false
	for _, o := range options {
		var score, down int
		if o.tricks > cur.tricks || o.tricks == cur.tricks && cur.outrankedBy(o.strain) {
			score = made(o.tricks-6, o.strain, vulnerable)
		} else {
			// A sacrifice over the contract standing when the turn began: at
			// its level in a higher strain, else a level up (none above 7NT).
			down = prev.tricks - o.tricks
			if !prev.outrankedBy(o.strain) {
				if prev.tricks == 13 {
					continue
				}
				down++
			}
			if down <= 0 {
				continue
			}
			score = -penalty(down, vulnerable)
		}
		if second {
			score = -score
		}
		if second && score < cur.score || !second && score > cur.score {
			improved = true
			*cur = standing{bid: true, strain: o.strain, tricks: o.tricks + down, score: score, down: down}
		}
	}
	return improved
}

// shown turns the search for one starting side into the par contracts as DDS
// shows them. ns is the search with North-South starting: DDS takes the
// defenders' vulnerability, when it lowers a making contract, from the side
// that scores plus there, for both starts.
func shown(t bridge.DDTable, vul bridge.Vulnerability, r, ns searched) Par {
	p := Par{Score: r.score}
	if r.start == bridge.EastWest {
		p.Score = -r.score
	}
	if r.down > 0 {
		sacrificer := r.start
		if r.score > 0 {
			sacrificer = r.start.Opponents()
		}
		sacrifices := slices.Clone(r.found)
		slices.SortStableFunc(sacrifices, func(x, y found) int { return cmp.Compare(y.strain, x.strain) })
		for _, f := range sacrifices {
			p.Contracts = append(p.Contracts, Contract{
				Contract:  bridge.Contract{Level: f.tricks - 6, Strain: f.strain, Doubling: bridge.Doubled},
				Declarers: declarers(t, sacrificer, f.strain),
				Result:    -r.down,
			})
		}
		return p
	}

	declarer := r.start
	if r.score < 0 {
		declarer = r.start.Opponents()
	}
	opp := declarer.Opponents()
	// The opponents' own best contract: their most tricks, in the highest
	// strain among equals.
	oppTricks, oppStrain := 0, bridge.NoTrump
	for _, s := range bridge.DDStrains {
		if n := best(t, opp, s); n > oppTricks {
			oppTricks, oppStrain = n, s
		}
	}
	nsDeclarer := bridge.EastWest
	if ns.score > 0 {
		nsDeclarer = bridge.NorthSouth
	}
	defendersVul := vul.IsVulnerable(nsDeclarer.Opponents())
	worth := max(r.score, -r.score)

	for _, f := range r.found {
		outbid := oppStrain > f.strain // their strain outbids ours at the same level
		lower := f.tricks - oppTricks
		if outbid {
			lower--
		}
		// Not so low that their best contract, doubled, costs less than par.
		for ; lower > 0; lower-- {
			down := f.tricks - lower - oppTricks
			if !outbid {
				down++
			}
			if worth < penalty(down, defendersVul) {
				break
			}
		}
		// When they bid first, not so low that they can take the par strain at
		// that level cheaply.
		for inStrain := best(t, opp, f.strain); lower > 0 && r.score < 0; lower-- {
			if down := f.tricks - lower - inStrain; down > 0 && penalty(down, defendersVul) >= worth {
				break
			}
		}
		lower = max(0, min(lower, sameScoreLevels(f.tricks-6, f.strain, vul.IsVulnerable(declarer))))
		p.Contracts = append(p.Contracts, Contract{
			Contract:  bridge.Contract{Level: f.tricks - 6 - lower, Strain: f.strain},
			Declarers: declarers(t, declarer, f.strain),
			Result:    lower,
		})
	}
	return p
}

// dropOutbid removes, as DDS does, the contracts of each start's par that are
// bid lower than the other side's highest contract in the other start's par
// (which can only happen when the two pars differ). results holds the
// North-South start first.
func dropOutbid(results *[2]Par) {
	var highest [2]*Contract
	for start, side := range []bridge.Side{bridge.NorthSouth, bridge.EastWest} {
		for i, c := range results[start].Contracts {
			if c.Declarers[0].Side() == side && (highest[start] == nil || below(*highest[start], c)) {
				highest[start] = &results[start].Contracts[i]
			}
		}
	}
	if highest[0] == nil || highest[1] == nil {
		return
	}
	limits := [2]Contract{*highest[1], *highest[0]}
	for start := range results {
		results[start].Contracts = slices.DeleteFunc(results[start].Contracts, func(c Contract) bool {
			return below(c, limits[start])
		})
	}
}

// below reports whether par contract c is bid lower than d, taking a making
// contract at the level of the tricks it makes.
func below(c, d Contract) bool {
	lc, ld := c.Contract.Level+max(c.Result, 0), d.Contract.Level+max(d.Result, 0)
	return lc < ld || lc == ld && c.Contract.Strain < d.Contract.Strain
}
