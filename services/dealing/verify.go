package dealingservice

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
	"github.com/bridge-director/director/formats/pbn"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// VerifyBoardSet deals again from published keys and compares the deals with
// the published ones: a PBN file, or a set stored here. A stored set's
// redealt boards are checked too: a keyed set takes its redeals from the deals
// its keys make after the set.
func (s *Service) VerifyBoardSet(ctx context.Context, req *dealingv1.VerifyBoardSetRequest) (*dealingv1.VerifyBoardSetResponse, error) {
	src, first, last, err := verificationSource(req)
	if err != nil {
		return nil, err
	}
	var published []bridge.Deal
	var redeals []*dealingv1.Redeal
	switch p := req.GetPublished().(type) {
	case *dealingv1.VerifyBoardSetRequest_Pbn:
		published, err = pbnDeals(p.Pbn, first, last)
	case *dealingv1.VerifyBoardSetRequest_BoardSet:
		published, redeals, err = s.storedDeals(ctx, p.BoardSet, first, last)
	default:
		err = platform.FieldError("published", "give the published deals: pbn (a PBN file) or board_set (the name of a set stored here)")
	}
	if err != nil {
		return nil, err
	}
	verr := dealing.Verify(src, int(first), dealtOrder(published, redeals, first))
	resp := &dealingv1.VerifyBoardSetResponse{BoardsChecked: int32(len(published))}
	var mismatch *dealing.MismatchError
	switch {
	case verr == nil:
		resp.Matches = true
		resp.Detail = fmt.Sprintf("all %d boards match the keys", len(published))
		if len(redeals) > 0 {
			resp.Detail += fmt.Sprintf(", and so do the %d redealt boards", len(redeals))
		}
	case errors.As(verr, &mismatch):
		resp.FirstMismatch, resp.Detail = firstMismatch(mismatch, len(published), redeals, first), mismatchDetail(mismatch, len(published), redeals, first)
	default:
		return nil, platform.FailedPrecondition(verr.Error())
	}
	return resp, nil
}

// verificationSource deals what the request's keys deal, with the board range
// they dealt.
func verificationSource(req *dealingv1.VerifyBoardSetRequest) (dealing.Source, int32, int32, error) {
	first, last := req.GetFirstBoard(), req.GetLastBoard()
	switch k := req.GetSource().(type) {
	case *dealingv1.VerifyBoardSetRequest_Keys:
		if k.Keys.GetOwner() == "" || k.Keys.GetEntropy() == "" {
			return nil, 0, 0, platform.FieldError("keys", "keys need both an owner and entropy")
		}
		if first < 1 || last < first || last-first+1 > dealing.MaxBoards {
			return nil, 0, 0, platform.FieldError("last_board", fmt.Sprintf("boards %d to %d: give the range the keys dealt, at most %d boards", first, last, dealing.MaxBoards))
		}
		return dealing.NewKeyed(k.Keys.GetOwner(), []byte(k.Keys.GetEntropy())), first, last, nil
	case *dealingv1.VerifyBoardSetRequest_SquareDeal:
		session, err := squareDealSession(k.SquareDeal)
		if err != nil {
			return nil, 0, 0, err
		}
		b := session.Boards
		if (first != 0 || last != 0) && (first != int32(b.First) || last != int32(b.Last)) {
			return nil, 0, 0, platform.FieldError("first_board", fmt.Sprintf("session %d,%d dealt boards %s, not %d to %d; leave the range out", session.Phase, session.Number, b, first, last))
		}
		return session.Source(), int32(b.First), int32(b.Last), nil
	}
	return nil, 0, 0, platform.FieldError("source", "give what the set was dealt from: keys or square_deal")
}

func squareDealSession(sq *dealingv1.SquareDeal) (dealing.Session, error) {
	desc, err := dealing.ParseSQD([]byte(sq.GetSqd()))
	if err != nil {
		return dealing.Session{}, platform.FieldError("square_deal.sqd", err.Error())
	}
	keys, err := dealing.ParseSQK([]byte(sq.GetSqk()))
	if err != nil {
		return dealing.Session{}, platform.FieldError("square_deal.sqk", err.Error())
	}
	sessions, err := desc.Sessions(keys, sq.GetReserve())
	if err != nil {
		return dealing.Session{}, platform.FieldError("square_deal", err.Error())
	}
	for _, s := range sessions {
		if s.Phase == int(sq.GetPhase()) && s.Number == int(sq.GetSession()) {
			return s, nil
		}
	}
	return dealing.Session{}, platform.FieldError("square_deal.session", fmt.Sprintf("no session %d,%d in %q", sq.GetPhase(), sq.GetSession(), desc.Name))
}

// pbnDeals reads the deals of boards first to last from a PBN file.
func pbnDeals(text string, first, last int32) ([]bridge.Deal, error) {
	boards, err := pbnBoards(text, first, last)
	deals := make([]bridge.Deal, len(boards))
	for i, b := range boards {
		deals[i] = b.Deal
	}
	return deals, err
}

// pbnBoards reads boards first to last, by number, from a PBN file (the
// request's field pbn).
func pbnBoards(text string, first, last int32) ([]bridge.Board, error) {
	file, err := pbn.Read(strings.NewReader(text))
	if err != nil {
		return nil, platform.FieldError("pbn", err.Error())
	}
	byNumber := map[int]bridge.Board{}
	for _, g := range file.Games {
		b, err := g.Board()
		if err != nil {
			return nil, platform.FieldError("pbn", err.Error())
		}
		if _, twice := byNumber[b.Number]; twice && first <= int32(b.Number) && int32(b.Number) <= last {
			return nil, platform.FieldError("pbn", fmt.Sprintf("the file holds board %d twice: which is the deal?", b.Number))
		}
		byNumber[b.Number] = b
	}
	var out []bridge.Board
	for n := first; n <= last; n++ {
		b, ok := byNumber[int(n)]
		if !ok {
			return nil, platform.FieldError("pbn", fmt.Sprintf("the file has no board %d (boards %d to %d are asked for)", n, first, last))
		}
		out = append(out, b)
	}
	return out, nil
}

// storedDeals reads the deals of a stored set, which must cover first to
// last, and its redeals.
func (s *Service) storedDeals(ctx context.Context, name string, first, last int32) ([]bridge.Deal, []*dealingv1.Redeal, error) {
	if _, err := resource.ParseBoardSet("board_set", name); err != nil {
		return nil, nil, err
	}
	set, err := s.readSet(ctx, name, "VerifyBoardSet")
	if err != nil {
		return nil, nil, err
	}
	if set.GetFirstBoard() != first || set.GetLastBoard() != last {
		return nil, nil, platform.FieldError("first_board", fmt.Sprintf("%s holds boards %d to %d, not %d to %d", name, set.GetFirstBoard(), set.GetLastBoard(), first, last))
	}
	boards, err := setBoards(set)
	if err != nil {
		return nil, nil, err
	}
	deals := make([]bridge.Deal, len(boards))
	for i, b := range boards {
		deals[i] = b.Deal
	}
	return deals, set.GetRedeals(), nil
}

// dealtOrder lists the deals in the order the keys dealt them: every
// board's first deal, in board order, then the deal each redeal made, in the
// order of the redeals. A board's deals are the ones its redeals replaced,
// then its deal now.
func dealtOrder(current []bridge.Deal, redeals []*dealingv1.Redeal, first int32) []bridge.Deal {
	chains := make([][]bridge.Deal, len(current))
	for _, r := range redeals {
		i := r.GetBoard() - first
		chains[i] = append(chains[i], dealFrom(r.GetPrevious()))
	}
	order := make([]bridge.Deal, 0, len(current)+len(redeals))
	for i, d := range current {
		chains[i] = append(chains[i], d)
		order = append(order, chains[i][0])
	}
	used := make([]int, len(current))
	for _, r := range redeals {
		i := r.GetBoard() - first
		used[i]++
		order = append(order, chains[i][used[i]])
	}
	return order
}

// dealFrom reads a stored deal; stored deals were written valid.
func dealFrom(d *typev1.Deal) bridge.Deal {
	deal, _ := bridge.ParsePBNDeal(d.GetPbn())
	return deal
}

// mismatchDetail says which board, or which redeal, the keys do not deal.
func mismatchDetail(m *dealing.MismatchError, boards int, redeals []*dealingv1.Redeal, first int32) string {
	i := m.Board - int(first)
	if i < boards {
		return fmt.Sprintf("board %d is not the deal the keys make: published %s, the keys deal %s", m.Board, m.Published.PBN(bridge.North), m.Dealt.PBN(bridge.North))
	}
	r := redeals[i-boards]
	return fmt.Sprintf("the redeal of board %d (%q) is not the next deal the keys make: the board holds %s, the keys deal %s", r.GetBoard(), r.GetReason(), m.Published.PBN(bridge.North), m.Dealt.PBN(bridge.North))
}

// firstMismatch is the board whose deal (or whose redeal) does not match.
func firstMismatch(m *dealing.MismatchError, boards int, redeals []*dealingv1.Redeal, first int32) int32 {
	if i := m.Board - int(first); i >= boards {
		return redeals[i-boards].GetBoard()
	}
	return int32(m.Board)
}
