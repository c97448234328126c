package rulings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bridge-director/director/bridge"
)

// leadOutOfTurn rules on a lead by the wrong player: the opening lead (Law
// 54), a later lead by a defender (53, 56) or by declarer from the wrong
// hand or at a defender's turn (55).
func (st *playStep) leadOutOfTurn() (err error) {
	off, c := st.irr.Offender, st.irr.Card
	if _, mid := st.s.current(); mid {
		return fmt.Errorf("rulings: lead out of turn: a trick is in progress, so %s did not lead; a defender playing before his partner is a premature play (Law 57)", off.Name())
	}
	if off == st.s.OnLead() {
		return fmt.Errorf("rulings: lead out of turn: it is %s's turn to lead", off.Name())
	}
	if err := st.checkHolds(off, c); err != nil {
		return err
	}
	defer func() {
		if err == nil {
			err = st.leadStillRestricted()
		}
	}()
	switch {
	case len(st.s.tricks) == 0 && !st.s.IsDefender(off):
		st.leads = leadNow
		st.cite("54E", "24")
		st.say("A member of the declaring side cannot make the opening lead: Law 24 applies to %s, exposed during the auction period, and it goes back to the hand of declarer or dummy without rectification.", c.Symbol())
		return nil
	case len(st.s.tricks) == 0:
		err = st.openingLeadOutOfTurn()
	case st.s.IsDefender(off):
		err = st.defenderLeadOutOfTurn()
	default:
		err = st.declarerLeadOutOfTurn()
	}
	return err
}

// RestrictLead records a lead restriction in force from an earlier ruling
// (Laws 26B, 50D2) for the lead rulings to apply, from its From (the next
// lead, when zero). One on a member of the declaring side has lapsed (Law
// 26B binds only a defender), and one the play recorded has spent (Binds)
// is not kept.
func (s *PlayState) RestrictLead(r Restriction) error {
	switch {
	case !r.Kind.IsLead():
		return fmt.Errorf("rulings: play: %s is not a lead restriction", r.Describe())
	case !r.Seat.Valid():
		return fmt.Errorf("rulings: play: lead restriction on %d, not a seat", r.Seat)
	case len(r.Suits) == 0:
		return fmt.Errorf("rulings: play: a lead restriction on %s names no suit", r.Seat.Name())
	}
	if r.From == 0 {
		r.From = s.nextLead()
	}
	if !s.Binds(r) {
		return nil
	}
	r.Suits = append([]bridge.Suit(nil), r.Suits...)
	s.leads = append(s.leads, r)
	return nil
}

// nextLead is the number (from 1) of the next trick to be led.
func (s PlayState) nextLead() int { return len(s.tricks) + 1 }

// Binds reports whether r, in force from an earlier ruling, still binds
// after the play recorded, by how long it lasts from its From (zero: from
// now, so it binds). None binds a member of the declaring side, whom Laws
// 26B and 50 do not reach. A pass restriction ended with the auction. A penalty
// card binds while it lies on the table. A required lead (Law 50D2(a)) binds
// until the player has led from his From on; a lead of one of the suits
// declarer may prohibit (26B) binds only the player's first turn to lead
// from his From, when declarer chooses; a prohibited lead (26B, 50D2(b))
// binds while the player retains the lead from his From, and ends with the
// first trick from there that he did not lead or did not win.
func (s PlayState) Binds(r Restriction) bool {
	if r.isPass() || !s.IsDefender(r.Seat) {
		return false
	}
	if r.Kind == PenaltyCard {
		for _, p := range s.PenaltyCards() {
			if p.Seat == r.Seat && p.Card == r.Card {
				return true
			}
		}
		return false
	}
	if r.From == 0 {
		return true
	}
	for i := r.From - 1; i < len(s.tricks); i++ {
		led := s.tricks[i].Leader == r.Seat
		switch r.Kind {
		case LeadRequired, LeadProhibitedOneOf:
			if led {
				return false
			}
		default:
			if w, done := s.TrickWinner(i); !led || done && w != r.Seat {
				return false
			}
		}
	}
	return true
}

// InForce returns those of rs that still bind by the play recorded (Binds),
// each given its From when it had none: the next trick to be led.
func (s PlayState) InForce(rs []Restriction) []Restriction {
	var out []Restriction
	for _, r := range rs {
		if !s.Binds(r) {
			continue
		}
		if r.From == 0 {
			r.From = s.nextLead()
		}
		out = append(out, r)
	}
	return out
}

// leadStillRestricted carries into a complete ruling the lead restrictions
// in force on the player who is to lead: whatever is chosen, his lead is
// bound by them. A Law 26B restriction binds his first turn to lead, so
// where the ruling has him lead now (the lead out of turn refused or
// retracted) declarer's 26B choice is offered in the same ruling, answered
// under LeadRestrictionChoiceAnswer; while the lead may yet be accepted it
// is offered for that case; once accepted it waits for his first turn.
func (st *playStep) leadStillRestricted() error {
	if st.r.Pending() {
		return nil
	}
	leader := st.s.OnLead()
	_, given := st.ans[LeadRestrictionChoiceAnswer]
	offered := false
	for _, r := range st.s.leads {
		if r.Seat != leader {
			continue
		}
		st.cite(r.Law)
		if r.Kind != LeadProhibitedOneOf || st.leads == leadLater {
			st.restrict(r)
			st.say("The restriction in force on %s, who is to lead, still binds him (Law %s): %s.", leader.Name(), r.Law, r.Describe())
			if r.Kind == LeadProhibitedOneOf {
				st.say("When he comes to lead, declarer chooses the suit (rule it as a lead with a Law 26B restriction).")
			}
			continue
		}
		offered = true
		when := ""
		if st.leads == leadUnknown {
			when = "If declarer refuses the lead, "
		}
		st.say("%s%s leads now, at his first turn to lead with the Law %s restriction in force: declarer may also prohibit his leading any one of %s, for as long as he retains the lead.",
			when, leader.Name(), r.Law, suitSymbols(r.Suits))
		chosen, err := st.offerUnder(LeadRestrictionChoiceAnswer, st.s.declarer, oneOfOptions(leader, r)...)
		if err != nil {
			return err
		}
		if st.leads == leadUnknown && chosen != "" {
			return &AnswerError{ID: LeadRestrictionChoiceAnswer, Err: fmt.Errorf("rulings: declarer's Law 26B choice comes once the lead out of turn is refused; say what he chose (choice) first")}
		}
		if chosen == "" {
			st.restrict(r) // in force until declarer chooses
		}
		if err := st.prohibitChosen(LeadRestrictionChoiceAnswer, leader, r, chosen); err != nil {
			return err
		}
	}
	st.offenderRestricted()
	if given && !offered {
		return &AnswerError{ID: LeadRestrictionChoiceAnswer, Err: fmt.Errorf("rulings: %s does not lead now at his first turn to lead with a Law 26B restriction in force, so declarer has no 26B choice to make here", leader.Name())}
	}
	return nil
}

// offenderRestricted rules on a Law 26B restriction in force on the
// defender who led out of turn himself, not on the player who is to lead.
//
// Declarer gets no 26B choice over a lead already faced, and the Laws give
// him none once he accepts it. Law 26B lets him prohibit a suit at the
// player's first turn to lead, before the player leads, for as long as he
// retains the lead. Law 53A makes a lead out of turn that is accepted a
// correct lead, and Law 54A or 54B, or Law 56 for a later trick, lets it
// stand as the first card of the trick: it is then the player's first
// lead, made with no suit prohibited, and the restriction is spent with it
// (Binds, once the play records it). Declarer loses nothing he did not
// choose to give up: refusing the lead (54D, 56) makes the card a major
// penalty card and leaves the restriction for the player's first turn to
// lead. So the ruling says, with the options, what accepting costs (Law
// 10C1: the director explains every option). Where declarer must accept
// (54C) the offender escapes the restriction by his own irregularity, and
// the score may be adjusted if he could have known it could damage
// declarer's side (72C).
func (st *playStep) offenderRestricted() {
	off := st.irr.Offender
	if off == st.s.OnLead() || !st.s.IsDefender(off) {
		return
	}
	i := slices.IndexFunc(st.s.leads, func(r Restriction) bool { return r.Seat == off && r.Kind == LeadProhibitedOneOf })
	if i < 0 {
		return
	}
	r := st.s.leads[i]
	st.cite(r.Law, "53A")
	switch {
	case st.leads == leadUnknown:
		st.cite("10C1")
		st.say("%s, who led out of turn, has the Law %s restriction in force: declarer may prohibit his leading one of %s only before he leads, at his first turn to lead. If declarer accepts the lead, it is a correct lead (Law 53A) and that first lead, made with nothing prohibited, and the restriction is spent with it; if he refuses it, the restriction waits for %s's first turn to lead.",
			off.Name(), r.Law, suitSymbols(r.Suits), off.Name())
	case st.leads == leadNow:
		st.restrict(r)
		st.say("The Law %s restriction in force on %s, who led out of turn, waits for his first turn to lead: %s.", r.Law, off.Name(), r.Describe())
	case slices.Contains(st.r.Laws, "54C"):
		st.say("The lead of %s, who has the Law %s restriction in force, stands as his first lead, made with nothing prohibited, so the restriction is spent with it; declarer had no choice, and the score may be adjusted if %s could have known that leading out of turn could damage declarer's side (Law 72C).",
			off.Name(), r.Law, off.Name())
		st.adjustable("72C")
	default:
		st.say("The lead of %s, who has the Law %s restriction in force, stands as his first lead, made with nothing prohibited (Law 53A), so the restriction is spent with it.", off.Name(), r.Law)
	}
}

// suitSymbols writes suits for people: "♣ ♦ ♠".
func suitSymbols(suits []bridge.Suit) string {
	names := make([]string, len(suits))
	for i, s := range suits {
		names[i] = s.Symbol()
	}
	return strings.Join(names, " ")
}

// oneOfOptions are declarer's Law 26B options at off's first turn to lead
// with oneOf in force: prohibit one of its suits, or nothing.
func oneOfOptions(off bridge.Seat, oneOf Restriction) []Option {
	var opts []Option
	for _, s := range oneOf.Suits {
		opts = append(opts, Option{Choice: Choice{ID: "prohibit-" + s.String(), Text: "prohibit a " + playSuitWord(s) + " lead"},
			Consequence: fmt.Sprintf("%s may not lead a %s for as long as he retains the lead", off.Name(), playSuitWord(s)), Law: oneOf.Law})
	}
	return append(opts, Option{Choice: Choice{ID: "free", Text: "prohibit nothing"},
		Consequence: fmt.Sprintf("%s leads any card, and the restriction is spent", off.Name()), Law: oneOf.Law})
}

// prohibitChosen adds the prohibition declarer chose under oneOf ("" or
// "free": none).
func (st *playStep) prohibitChosen(key string, off bridge.Seat, oneOf Restriction, chosen string) error {
	if chosen == "" || chosen == "free" {
		return nil
	}
	suit, err := bridge.ParseSuit(strings.TrimPrefix(chosen, "prohibit-"))
	if err != nil {
		return err
	}
	for _, r := range st.r.Restrictions {
		if r.Seat == off && r.Kind == LeadRequired && slices.Contains(r.Suits, suit) {
			return &AnswerError{ID: key, Err: fmt.Errorf("rulings: declarer has required %s to lead a %s (Law %s); he cannot also prohibit it under Law 26B", off.Name(), playSuitWord(suit), r.Law)}
		}
	}
	st.restrict(Restriction{Kind: LeadProhibited, Seat: off, Suits: []bridge.Suit{suit}, Law: oneOf.Law, Until: WhileRetainingLead,
		Reason: fmt.Sprintf("may not lead a %s for as long as he retains the lead", playSuitWord(suit))})
	return nil
}

// leadRestrictionChoice: the offender, on lead in turn with a Law 26B
// restriction in force, is at his first turn to lead since it was imposed;
// declarer may prohibit his leading any one of its suits, for as long as he
// retains the lead, or let him lead freely (Law 26B). After a lead out of
// turn, this is ruled once the player with the restriction is to lead.
func (st *playStep) leadRestrictionChoice() error {
	off, decl := st.irr.Offender, st.s.declarer
	if _, mid := st.s.current(); mid || st.s.OnLead() != off {
		return fmt.Errorf("rulings: %v: %s is not on lead; it is %s's turn to play", st.irr.Kind, off.Name(), st.s.ToPlay().Name())
	}
	i := slices.IndexFunc(st.s.leads, func(r Restriction) bool { return r.Seat == off && r.Kind == LeadProhibitedOneOf })
	if i < 0 {
		return fmt.Errorf("rulings: %v: no Law 26B restriction on %s's lead is in force; give it among the restrictions in force", st.irr.Kind, off.Name())
	}
	oneOf := st.s.leads[i]
	st.cite(oneOf.Law)
	st.say("%s is at his first turn to lead with the Law %s restriction in force: declarer may prohibit his leading any one of %s, for as long as he retains the lead.",
		off.Name(), oneOf.Law, suitSymbols(oneOf.Suits))
	chosen, err := st.offer(decl, oneOfOptions(off, oneOf)...)
	if err != nil {
		return err
	}
	return st.prohibitChosen(playChoiceAnswer, off, oneOf, chosen)
}

// openingLeadOutOfTurn: declarer's five options (Law 54).
func (st *playStep) openingLeadOutOfTurn() error {
	off, c, decl := st.irr.Offender, st.irr.Card, st.s.declarer
	faced, pending, err := st.yes("faced", "54", "Was the opening lead out of turn made face up?")
	if err != nil || pending {
		return err
	}
	if !faced {
		// 2017 Law 41A: "The face-down lead may be withdrawn only upon
		// instruction of the Director after an irregularity (see Laws 47E
		// and 54); the withdrawn card must be returned to the defender's
		// hand" (checked: pzbs.pl 2017 Law 41 in English). Law 54 applies
		// only once a lead out of turn is faced; a card never faced is no
		// penalty card (Law 49 makes one of a card face up or seen by
		// partner). The withdrawn lead is a withdrawn play, so Law 16C
		// applies: its information is authorised to declarer's side and
		// unauthorised to the offenders.
		st.leads = leadNow
		st.cite("41A", "16C")
		st.say("A face-down opening lead by the wrong defender is withdrawn on the director's instruction and %s goes back to %s's hand; it was not faced, so it is not a penalty card, and %s makes the opening lead. Law 16C applies to the withdrawn card.", c.Symbol(), off.Name(), st.s.OpeningLeader().Name())
		st.unauthorised("information from %s's withdrawn face-down lead is unauthorised to %s and authorised to %s", off.Name(), playSideName(off), playSideName(decl))
		return nil
	}
	seen, pending, err := st.yes("seen-dummy", "54C", "Could declarer have seen any of dummy's cards (other than cards exposed during the auction under Law 24)?")
	if err != nil || pending {
		return err
	}
	if seen {
		st.leads = leadLater
		st.cite("54C", "54B")
		st.say("Declarer could have seen dummy's cards, so he must accept the opening lead of %s: dummy is spread and declarer plays the second card from his own hand.", c.Symbol())
		return nil
	}
	// After 54A the lead is in turn: the offender is the new declarer's
	// left-hand opponent, so the second card comes from the hand on his
	// left, the spread hand of the old declarer, now dummy.
	spread := Option{Choice: Choice{ID: "spread", Text: "accept the lead by spreading his hand and become dummy"},
		Consequence: fmt.Sprintf("%s becomes declarer and plays the second card to the trick from %s's hand, now dummy, and the last from his own; once %s exposes a card while spreading he must spread his whole hand", decl.Partner().Name(), off.LHO().Name(), decl.Name()),
		Law:         "54A"}
	accept := Option{Choice: Choice{ID: "accept", Text: "accept the lead and play the contract"},
		Consequence: "dummy is spread and declarer plays the second card from his own hand; a card he plays from dummy instead stands unless it corrects a revoke",
		Law:         "54B"}
	all := st.s.penaltyCardSet(off, []bridge.Card{c}, true)
	menu, _ := st.s.penaltyLeadMenu(off, all)
	refusals := st.refusals(menu, "54D", "56")
	opts := append([]Option{spread, accept}, refusals...)
	st.say("%s led %s out of turn; declarer chooses among %d options (Laws 54A, 54B, 54D).", off.Name(), c.Symbol(), len(opts))
	chosen, err := st.offer(decl, opts...)
	if chosen != "" {
		st.leads = leadsIf(chosen != "spread" && chosen != "accept")
	}
	switch {
	case err != nil:
		return err
	case chosen == "":
		st.cite("54A", "54B", "54D")
		return nil
	case chosen == "spread":
		st.cite("54A")
		return nil
	case chosen == "accept":
		st.cite("54B")
		return nil
	}
	st.cite("54D", "56")
	picked := st.choosePenaltyLead(menu, chosen)
	st.imposePenaltyCards(off, all, picked)
	return nil
}

// refusals turns declarer's penalty-card lead options into options that
// first refuse the lead out of turn, under laws (54D, 56). The card led
// becomes a major penalty card unless the option sends it back to the hand
// (50D2(a)).
func (st *playStep) refusals(m penaltyLeadMenu, laws ...string) []Option {
	opts := m.options()
	for i, o := range opts {
		o.Text = "refuse the lead and " + o.Text
		if slices.Contains(m.choices[i].suits, st.irr.Card.Suit) {
			o.Consequence = "the lead is withdrawn; " + o.Consequence
		} else {
			o.Consequence = fmt.Sprintf("%s becomes a major penalty card; %s", st.irr.Card.Symbol(), o.Consequence)
		}
		o.Law = strings.Join(laws, ", ") + ", " + o.Law
		opts[i] = o
	}
	return opts
}

// defenderLeadOutOfTurn: declarer may accept the lead or require its
// retraction, and the card becomes a major penalty card (Laws 53A, 56).
func (st *playStep) defenderLeadOutOfTurn() error {
	off, c, decl := st.irr.Offender, st.irr.Card, st.s.declarer
	accept := Option{Choice: Choice{ID: "accept", Text: "accept the lead"},
		Consequence: fmt.Sprintf("%s stands and %s plays next", c.Symbol(), off.LHO().Name()),
		Law:         "53A"}
	all := st.s.penaltyCardSet(off, []bridge.Card{c}, true)
	menu, partnerLeads := st.s.penaltyLeadMenu(off, all)
	opts := []Option{accept}
	if partnerLeads {
		opts = append(opts, st.refusals(menu, "56")...)
	} else {
		opts = append(opts, Option{Choice: Choice{ID: "retract", Text: "require the lead to be retracted"},
			Consequence: fmt.Sprintf("%s becomes a major penalty card and %s leads from the correct hand", c.Symbol(), st.s.OnLead().Name()),
			Law:         "56"})
	}
	st.cite("53A")
	st.say("%s led %s when it was %s's turn to lead.", off.Name(), c.Symbol(), st.s.OnLead().Name())
	chosen, err := st.offer(decl, opts...)
	if chosen != "" {
		st.leads = leadsIf(chosen != "accept")
	}
	if err != nil || chosen == "" || chosen == "accept" {
		return err
	}
	st.cite("56")
	st.imposePenaltyCards(off, all, st.choosePenaltyLead(menu, chosen))
	return nil
}

// declarerLeadOutOfTurn: either defender may accept declarer's lead from the
// wrong hand or at a defender's turn, or require its retraction (Law 55).
func (st *playStep) declarerLeadOutOfTurn() error {
	off, c, right := st.irr.Offender, st.irr.Card, st.s.OnLead()
	next := off.LHO()
	retraction := fmt.Sprintf("%s goes back to the hand it came from without rectification and %s leads", c.Symbol(), right.Name())
	law := "55B1"
	if !st.s.IsDefender(right) {
		retraction = fmt.Sprintf("%s goes back and declarer must lead from %s's hand, any card", c.Symbol(), right.Name())
		law = "55B2"
	}
	st.cite("55A")
	st.say("Declarer led %s from %s's hand when it was %s's turn to lead; either defender may accept the lead or require its retraction, and if they disagree the choice of %s, next in turn, prevails.", c.Symbol(), off.Name(), right.Name(), next.Name())
	chosen, err := st.offer(next,
		Option{Choice: Choice{ID: "accept", Text: "accept the lead"}, Consequence: fmt.Sprintf("%s stands and %s plays next", c.Symbol(), next.Name()), Law: "53A"},
		Option{Choice: Choice{ID: "retract", Text: "require declarer to retract the lead"}, Consequence: retraction, Law: law})
	if err != nil {
		return err
	}
	if chosen != "" {
		st.leads = leadsIf(chosen == "retract")
	}
	if chosen == "retract" {
		st.cite(law)
	}
	st.adjustable("55C")
	return nil
}
