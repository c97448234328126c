package movementservice

import (
	"context"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// A section's stored movement holds its seatings with the section's entrant
// numbers, after any late entrant, withdrawal or change from a round, with
// the shares, notes and stationary pairs of the movement as played.

// SetMovement chooses the movement a section plays: for the whole session,
// or from a round on, keeping the rounds before it as played.
func (s *Service) SetMovement(ctx context.Context, req *movementv1.SetMovementRequest) (*movementv1.SetMovementResponse, error) {
	name, err := resource.ParseSection("name", req.GetName())
	if err != nil {
		return nil, err
	}
	event, err := s.eventOf(name)
	if err != nil {
		return nil, err
	}
	choice, err := checkChoice(req.GetChoice())
	if err != nil {
		return nil, err
	}
	if form := event.GetScoring().GetForm(); choice.GetKind() == movementv1.Kind_KIND_SWISS_TEAMS && form != scoringv1.Form_FORM_TEAMS_VP && form != scoringv1.Form_FORM_TEAMS_POINT_A_BOARD {
		return nil, platform.FieldError("choice.kind", fmt.Sprintf("%s is scored as %s; a Swiss teams movement pairs team matches, scored by victory points (FORM_TEAMS_VP) or point-a-board", event.GetName(), form))
	}
	if r := req.GetFromRound(); r < 0 || r > resource.MaxRound {
		return nil, platform.FieldError("from_round", fmt.Sprintf("round %d is outside 1 to %d (0 for the whole session)", r, resource.MaxRound))
	}
	from := max(req.GetFromRound(), 1)
	kind := typev1.ChangeKind_CHANGE_KIND_MOVEMENT_SET
	if from > 1 {
		kind = typev1.ChangeKind_CHANGE_KIND_MOVEMENT_CHANGED
	}
	resp := &movementv1.SetMovementResponse{}
	answer := func(s *movementv1.Section) { resp.Section = s }
	err = s.change(ctx, movementv1.MovementService_SetMovement_FullMethodName, req.GetRequestId(), req, resp, kind, req.GetName(), req.GetEtag(), answer, func(_ *bbolt.Tx, section *movementv1.Section) error {
		m, entrants, err := newMovement(section, choice, from)
		if err != nil {
			return err
		}
		if event.GetScoring().GetTwoWinners() && !m.TwoWinners {
			// Scoring ranks each direction apart, so a pair that sat both
			// ways would be ranked as two pairs.
			return platform.FieldError("choice", fmt.Sprintf("%s ranks North-South and East-West apart (two winners), and this movement seats pairs in both directions (an arrow switch, a Howell): choose one that keeps each pair in its direction", event.GetName()))
		}
		section.Movement = toProto(m, choice, entrants)
		return nil
	})
	return resp, err
}

// newMovement makes the movement choice names for the entrants of a
// section that play in round from, and, from a round after the first, the
// section's movement changed to it from that round; it returns the movement
// with the number of entrants it was made for. An entrant that withdrew
// after round from is withdrawn again from its round.
func newMovement(section *movementv1.Section, choice *movementv1.MovementChoice, from int32) (movement.Movement, int32, error) {
	old := section.GetMovement()
	if from > 1 && (choice.GetKind() == movementv1.Kind_KIND_SWISS_TEAMS || old.GetChoice().GetKind() == movementv1.Kind_KIND_SWISS_TEAMS) {
		return movement.Movement{}, 0, platform.FieldError("from_round", "a Swiss is chosen for the whole session: a Swiss round is changed by pairing it again (SetSwissRound with repair)")
	}
	if from > 1 {
		if err := checkChange(section.GetName(), old, choice, from); err != nil {
			return movement.Movement{}, 0, err
		}
	}
	var numbers []int
	var withdrawals []*movementv1.Entrant
	for _, e := range section.GetEntrants() {
		switch w := e.GetWithdrawnFromRound(); {
		case w != 0 && w <= from:
			continue
		case e.GetFromRound() > from:
			return movement.Movement{}, 0, platform.FailedPrecondition(fmt.Sprintf("entrant %d joins in round %d, so a movement from round %d cannot seat it: choose the movement from round %d or later", e.GetNumber(), e.GetFromRound(), from, e.GetFromRound()))
		case w != 0:
			withdrawals = append(withdrawals, e)
		}
		numbers = append(numbers, int(e.GetNumber()))
	}
	m, err := generateFor(choice, numbers)
	if err != nil {
		return movement.Movement{}, 0, platform.FieldError("choice", err.Error())
	}
	for _, e := range withdrawals {
		if int(e.GetWithdrawnFromRound()) > m.Rounds {
			continue
		}
		if m, err = m.Withdraw(int(e.GetNumber()), int(e.GetWithdrawnFromRound())); err != nil {
			return movement.Movement{}, 0, platform.FailedPrecondition(err.Error())
		}
	}
	if from > 1 {
		if m, err = fromProto(old).ChangeFrom(int(from), m); err != nil {
			return movement.Movement{}, 0, platform.FailedPrecondition(err.Error())
		}
	}
	return m, int32(len(numbers)), nil
}

// checkChange refuses a change of a section's movement old from round
// from that cannot keep the rounds before it.
func checkChange(section string, old *movementv1.Movement, choice *movementv1.MovementChoice, from int32) error {
	switch {
	case old == nil:
		return platform.FailedPrecondition(fmt.Sprintf("%s has no movement to change from round %d: choose one for the whole session first", section, from))
	case from > old.GetRounds()+1:
		return platform.FieldError("from_round", fmt.Sprintf("round %d: the movement has %d rounds, so a new one takes over in round %d at the latest", from, old.GetRounds(), old.GetRounds()+1))
	case choice.GetBoardsPerRound() != old.GetChoice().GetBoardsPerRound():
		return platform.FieldError("choice.boards_per_round", fmt.Sprintf("the rounds before round %d were played with %d boards a round; a movement from round %d keeps them", from, old.GetChoice().GetBoardsPerRound(), from))
	case choice.GetFirstBoard() != old.GetChoice().GetFirstBoard():
		return platform.FieldError("choice.first_board", fmt.Sprintf("the rounds before round %d were played from board %d; a movement from round %d keeps it", from, old.GetChoice().GetFirstBoard(), from))
	}
	return nil
}

func checkChoice(in *movementv1.MovementChoice) (*movementv1.MovementChoice, error) {
	c := &movementv1.MovementChoice{
		Kind: in.GetKind(), Rounds: in.GetRounds(), BoardsPerRound: in.GetBoardsPerRound(),
		FirstBoard: in.GetFirstBoard(), MitchellForm: in.GetMitchellForm(), ArrowSwitchRounds: in.GetArrowSwitchRounds(),
	}
	if c.BoardsPerRound == 0 {
		c.BoardsPerRound = 2
	}
	if c.FirstBoard == 0 {
		c.FirstBoard = 1
	}
	switch {
	case c.Kind == movementv1.Kind_KIND_UNSPECIFIED || movementv1.Kind_name[int32(c.Kind)] == "":
		return nil, platform.FieldError("choice.kind", "say which movement: KIND_MITCHELL, KIND_HOWELL, KIND_TEAMS_ROUND_ROBIN or KIND_SWISS_TEAMS")
	case c.Kind == movementv1.Kind_KIND_SWISS_TEAMS && c.Rounds == 0:
		return nil, platform.FieldError("choice.rounds", "say how many rounds the Swiss plays: a Swiss has no full length of its own")
	case c.BoardsPerRound < 1 || c.BoardsPerRound > 8:
		return nil, platform.FieldError("choice.boards_per_round", fmt.Sprintf("%d boards a round: 1 to 8", c.BoardsPerRound))
	case c.FirstBoard < 1 || c.FirstBoard > resource.MaxBoard:
		return nil, platform.FieldError("choice.first_board", fmt.Sprintf("board %d is outside 1 to %d", c.FirstBoard, resource.MaxBoard))
	case c.Rounds < 0 || c.Rounds > resource.MaxRound:
		return nil, platform.FieldError("choice.rounds", fmt.Sprintf("%d rounds: 0 (the whole movement) to %d", c.Rounds, resource.MaxRound))
	case len(c.ArrowSwitchRounds) > resource.MaxRound:
		return nil, platform.FieldError("choice.arrow_switch_rounds", fmt.Sprintf("%d rounds: a movement has at most %d", len(c.ArrowSwitchRounds), resource.MaxRound))
	case movementv1.MitchellForm_name[int32(c.MitchellForm)] == "":
		return nil, platform.FieldError("choice.mitchell_form", "unknown form of Mitchell: MITCHELL_FORM_SKIP_EVEN_TABLES, MITCHELL_FORM_RELAY_AND_BYE_STAND_EVEN_TABLES or MITCHELL_FORM_HESITATION_ODD_TABLES")
	}
	return c, nil
}

// layoutOf is how a choice numbers the boards of its sets.
func layoutOf(c *movementv1.MovementChoice) movement.Layout {
	return movement.Layout{BoardsPerSet: int(c.GetBoardsPerRound()), FirstBoard: int(c.GetFirstBoard())}
}

// toProto writes a movement with board numbers for its sets.
func toProto(m movement.Movement, c *movementv1.MovementChoice, entrants int32) *movementv1.Movement {
	out := &movementv1.Movement{
		Name: m.Name, Choice: c, Tables: int32(m.Tables), Rounds: int32(m.Rounds), Sets: int32(m.Sets),
		TwoWinners: m.TwoWinners, Notes: m.Notes, Entrants: entrants,
	}
	layout := layoutOf(c)
	for _, st := range m.Seatings {
		low, high := layout.Boards(st.Set)
		out.Seatings = append(out.Seatings, &movementv1.Seating{Round: int32(st.Round), Table: int32(st.Table), Ns: int32(st.NS), Ew: int32(st.EW), LowBoard: int32(low), HighBoard: int32(high)})
	}
	for _, sh := range m.Shares {
		low, _ := layout.Boards(sh.Set)
		out.Shares = append(out.Shares, &movementv1.Share{Round: int32(sh.Round), LowBoard: int32(low), Tables: []int32{int32(sh.Tables[0]), int32(sh.Tables[1])}})
	}
	for _, e := range m.Stationary {
		out.Stationary = append(out.Stationary, int32(e))
	}
	for _, n := range m.RoundNotes {
		out.RoundNotes = append(out.RoundNotes, &movementv1.RoundNote{FromRound: int32(n.From), ToRound: int32(n.To), Text: n.Text, SitOut: n.SitOut})
	}
	return out
}

// fromProto reads a section's stored movement back into the model, with its
// seatings as stored.
func fromProto(p *movementv1.Movement) movement.Movement {
	bps, first := p.GetChoice().GetBoardsPerRound(), p.GetChoice().GetFirstBoard()
	set := func(low int32) int {
		if low == 0 {
			return movement.None
		}
		return int((low-first)/bps) + 1
	}
	m := movement.Movement{
		Name: p.GetName(), Tables: int(p.GetTables()), Rounds: int(p.GetRounds()), Sets: int(p.GetSets()),
		TwoWinners: p.GetTwoWinners(), Notes: p.GetNotes(), Teams: teamsKind(p.GetChoice().GetKind()),
	}
	for _, st := range p.GetSeatings() {
		m.Seatings = append(m.Seatings, movement.Seating{Round: int(st.GetRound()), Table: int(st.GetTable()), NS: int(st.GetNs()), EW: int(st.GetEw()), Set: set(st.GetLowBoard())})
	}
	for _, sh := range p.GetShares() {
		if t := sh.GetTables(); len(t) == 2 {
			m.Shares = append(m.Shares, movement.Share{Round: int(sh.GetRound()), Set: set(sh.GetLowBoard()), Tables: [2]int{int(t[0]), int(t[1])}})
		}
	}
	for _, e := range p.GetStationary() {
		m.Stationary = append(m.Stationary, int(e))
	}
	for _, n := range p.GetRoundNotes() {
		m.RoundNotes = append(m.RoundNotes, movement.RoundNote{From: int(n.GetFromRound()), To: int(n.GetToRound()), Text: n.GetText(), SitOut: n.GetSitOut()})
	}
	return m
}

// sectionMovement reads a section that has a movement.
func (s *Service) sectionMovement(field, name string) (*movementv1.Section, error) {
	section, err := s.section(field, name)
	if err != nil {
		return nil, err
	}
	if section.GetMovement() == nil {
		return nil, noMovement(name)
	}
	return section, nil
}

func noMovement(section string) error {
	return platform.FailedPrecondition(section + " has no movement yet: choose one with SetMovement")
}

// GetTableRound says who sits at a table in a round and where they go next,
// from the section's schedule in memory, with its revision, and the players
// entered at the table, read from the store.
func (s *Service) GetTableRound(ctx context.Context, req *movementv1.GetTableRoundRequest) (*movementv1.GetTableRoundResponse, error) {
	sch, err := s.scheduleWithMovement("section", req.GetSection())
	if err != nil {
		return nil, err
	}
	row, ok := sch.index.TableRound(int(req.GetRound()), int(req.GetTable()), sch.layout)
	if !ok {
		return nil, platform.NotFound("table round", fmt.Sprintf("%s/tables/%d/rounds/%d", req.GetSection(), req.GetTable(), req.GetRound()))
	}
	resp := &movementv1.GetTableRoundResponse{
		Seating:  &movementv1.Seating{Round: int32(row.Round), Table: int32(row.Table), Ns: int32(row.NS), Ew: int32(row.EW), LowBoard: int32(row.LowBoard), HighBoard: int32(row.HighBoard)},
		Revision: sch.revision,
	}
	for _, m := range row.Moves() {
		resp.Next = append(resp.Next, &movementv1.Move{Who: m.Who.String(), Table: int32(m.Table), Text: m.Text})
	}
	roundSettings(resp, sch.settings, int32(row.Round), int32(sch.index.Movement().Rounds), int32(row.HighBoard-row.LowBoard+1))
	resp.Players, err = s.tablePlayers(req.GetSection(), req.GetTable(), req.GetRound())
	if !mayReadMemberNumbers(ctx, req.GetSection()) {
		for _, p := range resp.Players {
			p.MemberNumber = ""
		}
	}
	return resp, err
}

// GetEntrantPath lists an entrant's rounds, from the section's schedule in
// memory.
func (s *Service) GetEntrantPath(ctx context.Context, req *movementv1.GetEntrantPathRequest) (*movementv1.GetEntrantPathResponse, error) {
	sch, err := s.scheduleWithMovement("section", req.GetSection())
	if err != nil {
		return nil, err
	}
	resp := &movementv1.GetEntrantPathResponse{}
	for _, e := range sch.entrants {
		if e.GetNumber() == req.GetEntrant() {
			resp.Entrant = proto.Clone(e).(*movementv1.Entrant)
		}
	}
	hideMemberNumbers(ctx, req.GetSection(), resp.Entrant)
	if resp.Entrant == nil {
		return nil, platform.NotFound("entrant", fmt.Sprintf("%s/entrants/%d", req.GetSection(), req.GetEntrant()))
	}
	m := sch.index.Movement()
	at := map[int][]movement.Position{}
	for _, p := range sch.index.Path(int(req.GetEntrant())) {
		at[p.Round] = append(at[p.Round], p)
	}
	for r := 1; r <= m.Rounds; r++ {
		if len(at[r]) == 0 {
			resp.Stops = append(resp.Stops, &movementv1.Stop{Round: int32(r)})
		}
		for _, p := range at[r] {
			low, high := sch.layout.Boards(p.Set)
			stop := &movementv1.Stop{Round: int32(r), Table: int32(p.Table), LowBoard: int32(low), HighBoard: int32(high), Opponent: int32(p.Opponent),
				Direction: bridgepb.Side(bridge.EastWest)}
			if p.NorthSouth {
				stop.Direction = bridgepb.Side(bridge.NorthSouth)
			}
			resp.Stops = append(resp.Stops, stop)
		}
	}
	return resp, nil
}
