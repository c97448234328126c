package movementservice

import (
	"context"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// A section's stored movement holds its seatings with entrant numbers, after
// any late entrant or withdrawal; the rest of it (shares, notes, stationary
// pairs) is made again from the choice and the number of entrants, since the
// generators are deterministic.

// SetMovement chooses the movement a section plays.
func (s *Service) SetMovement(ctx context.Context, req *movementv1.SetMovementRequest) (*movementv1.SetMovementResponse, error) {
	section, err := s.section("name", req.GetName())
	if err != nil {
		return nil, err
	}
	choice, err := checkChoice(req.GetChoice())
	if err != nil {
		return nil, err
	}
	entrants := int32(len(section.GetEntrants()))
	m, err := generate(choice, entrants)
	if err != nil {
		return nil, platform.FieldError("choice", err.Error())
	}
	to, err := numbering(m, choice, entrantNumbers(section))
	if err != nil {
		return nil, platform.FieldError("choice", err.Error())
	}
	stored := toProto(renumber(m, to), choice, entrants)
	resp := &movementv1.SetMovementResponse{}
	err = s.store.Mutate(ctx, movementv1.MovementService_SetMovement_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		section, err := mustSection(tx, req.GetName())
		if err != nil {
			return err
		}
		if err := platform.CheckETag(req.GetEtag(), "section", req.GetName(), section); err != nil {
			return err
		}
		section.Movement = stored
		resp.Section = platform.SetETag(proto.Clone(section).(*movementv1.Section))
		return put(tx, bucketSections, section.GetName(), section)
	})
	return resp, err
}

// entrantNumbers lists a section's entrant numbers in order.
func entrantNumbers(section *movementv1.Section) []int32 {
	out := make([]int32, len(section.GetEntrants()))
	for i, e := range section.GetEntrants() {
		out[i] = e.GetNumber()
	}
	return out
}

func checkChoice(in *movementv1.MovementChoice) (*movementv1.MovementChoice, error) {
	c := &movementv1.MovementChoice{
		Kind: in.GetKind(), Rounds: in.GetRounds(), BoardsPerRound: in.GetBoardsPerRound(),
		FirstBoard: in.GetFirstBoard(), EvenTables: in.GetEvenTables(), ArrowSwitchRounds: in.GetArrowSwitchRounds(),
	}
	if c.BoardsPerRound == 0 {
		c.BoardsPerRound = 2
	}
	if c.FirstBoard == 0 {
		c.FirstBoard = 1
	}
	switch {
	case c.Kind == movementv1.Kind_KIND_UNSPECIFIED || movementv1.Kind_name[int32(c.Kind)] == "":
		return nil, platform.FieldError("choice.kind", "say which movement: KIND_MITCHELL, KIND_HOWELL or KIND_TEAMS_ROUND_ROBIN")
	case c.BoardsPerRound < 1 || c.BoardsPerRound > 8:
		return nil, platform.FieldError("choice.boards_per_round", fmt.Sprintf("%d boards a round: 1 to 8", c.BoardsPerRound))
	case c.FirstBoard < 1 || c.FirstBoard > resource.MaxBoard:
		return nil, platform.FieldError("choice.first_board", fmt.Sprintf("board %d is outside 1 to %d", c.FirstBoard, resource.MaxBoard))
	case c.Rounds < 0 || c.Rounds > resource.MaxRound:
		return nil, platform.FieldError("choice.rounds", fmt.Sprintf("%d rounds: 0 (the whole movement) to %d", c.Rounds, resource.MaxRound))
	case len(c.ArrowSwitchRounds) > resource.MaxRound:
		return nil, platform.FieldError("choice.arrow_switch_rounds", fmt.Sprintf("%d rounds: a movement has at most %d", len(c.ArrowSwitchRounds), resource.MaxRound))
	case movementv1.EvenTables_name[int32(c.EvenTables)] == "":
		return nil, platform.FieldError("choice.even_tables", "unknown way of handling even tables")
	}
	return c, nil
}

// toProto writes a movement with board numbers for its sets.
func toProto(m movement.Movement, c *movementv1.MovementChoice, entrants int32) *movementv1.Movement {
	out := &movementv1.Movement{
		Name: m.Name, Choice: c, Tables: int32(m.Tables), Rounds: int32(m.Rounds), Sets: int32(m.Sets),
		TwoWinners: m.TwoWinners, Notes: m.Notes, Entrants: entrants,
	}
	bps, first := int(c.GetBoardsPerRound()), int(c.GetFirstBoard())
	for _, st := range m.Seatings {
		seat := &movementv1.Seating{Round: int32(st.Round), Table: int32(st.Table), Ns: int32(st.NS), Ew: int32(st.EW)}
		if st.Set != movement.None {
			low, high := movement.Boards(st.Set, bps, first)
			seat.LowBoard, seat.HighBoard = int32(low), int32(high)
		}
		out.Seatings = append(out.Seatings, seat)
	}
	for _, sh := range m.Shares {
		low, _ := movement.Boards(sh.Set, bps, first)
		out.Shares = append(out.Shares, &movementv1.Share{Round: int32(sh.Round), LowBoard: int32(low), Tables: []int32{int32(sh.Tables[0]), int32(sh.Tables[1])}})
	}
	for _, e := range m.Stationary {
		out.Stationary = append(out.Stationary, int32(e))
	}
	return out
}

// fromProto reads a section's stored movement back into the model, with its
// seatings as stored (after late entrants and withdrawals).
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
		TwoWinners: p.GetTwoWinners(), Notes: p.GetNotes(),
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
	return m
}

// sectionMovement reads a section that has a movement.
func (s *Service) sectionMovement(field, name string) (*movementv1.Section, error) {
	section, err := s.section(field, name)
	if err != nil {
		return nil, err
	}
	if section.GetMovement() == nil {
		return nil, platform.FailedPrecondition(name + " has no movement yet: choose one with SetMovement")
	}
	return section, nil
}

// GetTableRound says who sits at a table in a round and where they go next.
func (s *Service) GetTableRound(ctx context.Context, req *movementv1.GetTableRoundRequest) (*movementv1.GetTableRoundResponse, error) {
	section, err := s.sectionMovement("section", req.GetSection())
	if err != nil {
		return nil, err
	}
	mv := section.GetMovement()
	seat := seatingAt(mv, req.GetRound(), req.GetTable())
	if seat == nil {
		return nil, platform.NotFound("table round", fmt.Sprintf("%s/tables/%d/rounds/%d", req.GetSection(), req.GetTable(), req.GetRound()))
	}
	resp := &movementv1.GetTableRoundResponse{Seating: seat}
	if req.GetRound() < mv.GetRounds() {
		resp.Next = nextMoves(mv, seat)
	}
	return resp, nil
}

// seatingAt finds the seating of a table in a round.
func seatingAt(mv *movementv1.Movement, round, table int32) *movementv1.Seating {
	for _, st := range mv.GetSeatings() {
		if st.GetRound() == round && st.GetTable() == table {
			return st
		}
	}
	return nil
}

// nextMoves says where the pairs and boards of a seating go next round.
func nextMoves(mv *movementv1.Movement, seat *movementv1.Seating) []*movementv1.Move {
	next := seat.GetRound() + 1
	where := func(entrant int32) (int32, bool) {
		for _, st := range mv.GetSeatings() {
			if st.GetRound() == next && (st.GetNs() == entrant || st.GetEw() == entrant) {
				return st.GetTable(), st.GetNs() == entrant
			}
		}
		return 0, false
	}
	var moves []*movementv1.Move
	for _, side := range []struct {
		who     string
		entrant int32
	}{{"North-South", seat.GetNs()}, {"East-West", seat.GetEw()}} {
		if side.entrant == movement.None {
			continue
		}
		table, ns := where(side.entrant)
		m := &movementv1.Move{Who: side.who, Table: table}
		switch {
		case table == 0:
			m.Text = fmt.Sprintf("pair %d sits out round %d", side.entrant, next)
		case table == seat.GetTable() && ns == (side.who == "North-South"):
			m.Text = fmt.Sprintf("pair %d stays", side.entrant)
		default:
			m.Text = fmt.Sprintf("pair %d to table %d %s", side.entrant, table, map[bool]string{true: "North-South", false: "East-West"}[ns])
		}
		moves = append(moves, m)
	}
	if seat.GetLowBoard() != 0 {
		m := &movementv1.Move{Who: "boards", Text: fmt.Sprintf("boards %d-%d rest", seat.GetLowBoard(), seat.GetHighBoard())}
		for _, st := range mv.GetSeatings() {
			if st.GetRound() == next && st.GetLowBoard() == seat.GetLowBoard() {
				m.Table, m.Text = st.GetTable(), fmt.Sprintf("boards %d-%d to table %d", seat.GetLowBoard(), seat.GetHighBoard(), st.GetTable())
				break
			}
		}
		moves = append(moves, m)
	}
	return moves
}

// GetEntrantPath lists an entrant's rounds.
func (s *Service) GetEntrantPath(ctx context.Context, req *movementv1.GetEntrantPathRequest) (*movementv1.GetEntrantPathResponse, error) {
	section, err := s.sectionMovement("section", req.GetSection())
	if err != nil {
		return nil, err
	}
	resp := &movementv1.GetEntrantPathResponse{}
	for _, e := range section.GetEntrants() {
		if e.GetNumber() == req.GetEntrant() {
			resp.Entrant = e
		}
	}
	if resp.Entrant == nil {
		return nil, platform.NotFound("entrant", fmt.Sprintf("%s/entrants/%d", req.GetSection(), req.GetEntrant()))
	}
	mv := section.GetMovement()
	for r := int32(1); r <= mv.GetRounds(); r++ {
		stop := &movementv1.Stop{Round: r}
		for _, st := range mv.GetSeatings() {
			if st.GetRound() != r || (st.GetNs() != req.GetEntrant() && st.GetEw() != req.GetEntrant()) {
				continue
			}
			stop.Table, stop.LowBoard, stop.HighBoard = st.GetTable(), st.GetLowBoard(), st.GetHighBoard()
			stop.Direction, stop.Opponent = bridgepb.Side(bridge.NorthSouth), st.GetEw()
			if st.GetEw() == req.GetEntrant() {
				stop.Direction, stop.Opponent = bridgepb.Side(bridge.EastWest), st.GetNs()
			}
		}
		resp.Stops = append(resp.Stops, stop)
	}
	return resp, nil
}
