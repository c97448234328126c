package scoringservice

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/timestamppb"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// Confirmation, as at a Bridgemate: one side at the table (North-South
// unless the device says otherwise) enters a result, the other side
// confirms it. Until then the table may enter the board again, changed;
// once confirmed only a director or a scorer changes it. What a director
// or scorer enters or corrects stands on their word and waits for no one:
// such a result has no entered_side.

// atTable reports whether the caller is a table's device, whose entries
// the opponents confirm, rather than someone whose word stands (a
// director, a scorer, a federation admin, a Director service).
func atTable(ctx context.Context) bool {
	p, ok := platform.PrincipalFrom(ctx)
	return ok && slices.Contains(p.Roles, platform.RoleTerminal) && !p.Has(platform.RoleDirector, platform.RoleScorer)
}

// enteredAs makes r an entry of the caller: at a table, by the side it
// names (North-South when none); a director's and a scorer's by nobody's
// side. A director's score is refused at a table.
func enteredAs(ctx context.Context, r *scoringv1.Result) error {
	if !atTable(ctx) {
		r.EnteredSide = typev1.Side_SIDE_UNSPECIFIED
		return nil
	}
	if r.GetArtificial() != nil || r.GetAssigned() != nil {
		return platform.PermissionDenied("result: an artificial or assigned score is the director's: a table enters what was played, passed out or not played, and calls the director for the rest")
	}
	if r.GetFouledGroup() != 0 {
		return platform.PermissionDenied("result.fouled_group: the group of a fouled board is the director's (Law 87B): a table enters what was played, without one")
	}
	if side := pairSide(ctx, r.GetRound()); side != typev1.Side_SIDE_UNSPECIFIED {
		if r.GetEnteredSide() != typev1.Side_SIDE_UNSPECIFIED && r.GetEnteredSide() != side {
			return platform.PermissionDenied(fmt.Sprintf("result.entered_side: %s; a pair's device enters for its own side", pairSeatText(ctx, r.GetRound())))
		}
		r.EnteredSide = side
	}
	if r.GetEnteredSide() == typev1.Side_SIDE_UNSPECIFIED {
		r.EnteredSide = typev1.Side_SIDE_NORTH_SOUTH
	}
	return nil
}

// pairSide is the side a pair's device's pair sits at in round, for what
// it enters and confirms: its code acts only where the schedule seats the
// pair (platform's checkSeat). It is unspecified for any other caller.
func pairSide(ctx context.Context, round int32) typev1.Side {
	p, _ := platform.PrincipalFrom(ctx)
	seat, ok := p.SeatIn(round)
	switch {
	case p.Pair == "" || !ok:
		return typev1.Side_SIDE_UNSPECIFIED
	case seat.EastWest:
		return typev1.Side_SIDE_EAST_WEST
	}
	return typev1.Side_SIDE_NORTH_SOUTH
}

// pairSeatText says where a pair's device's pair sits in round.
func pairSeatText(ctx context.Context, round int32) string {
	p, _ := platform.PrincipalFrom(ctx)
	return fmt.Sprintf("pair %s sits %s in round %d", p.Pair, sideName(pairSide(ctx, round)), round)
}

// awaitsConfirmation reports whether a stored result was entered at its
// table and not yet confirmed, so that the table may still change it.
func awaitsConfirmation(r *scoringv1.Result) bool {
	return r.GetEnteredSide() != typev1.Side_SIDE_UNSPECIFIED && r.GetConfirmation() == nil
}

// tableChange says whether a table may enter r in place of cur, which
// differs: nil when it may (cur awaits confirmation), or the refusal.
func tableChange(ctx context.Context, name string, cur *scoringv1.Result) error {
	if !atTable(ctx) {
		return platform.AlreadyExists(fmt.Sprintf("%s already holds a different result (revision %d, entered by %s); correct it instead", name, cur.GetRevision(), cur.GetEnteredBy()), platform.SetETag(cur))
	}
	if c := cur.GetConfirmation(); c != nil {
		by := c.GetConfirmedBy()
		if c.GetSide() != typev1.Side_SIDE_UNSPECIFIED {
			by = fmt.Sprintf("%s (%s)", sideName(c.GetSide()), by)
		}
		return platform.FailedPrecondition(fmt.Sprintf("%s was confirmed by %s at %s; only a director or a scorer may change it now: call the director",
			name, by, c.GetTime().AsTime().Format(time.RFC3339)), platform.SetETag(cur))
	}
	if cur.GetEnteredSide() == typev1.Side_SIDE_UNSPECIFIED {
		return platform.FailedPrecondition(fmt.Sprintf("%s holds a result %s entered (revision %d); only a director or a scorer may change it: call the director",
			name, cur.GetEnteredBy(), cur.GetRevision()), platform.SetETag(cur))
	}
	return nil
}

// sideName names North-South or East-West for people.
func sideName(s typev1.Side) string {
	if s == typev1.Side_SIDE_EAST_WEST {
		return "East-West"
	}
	return "North-South"
}

// ConfirmResult records the opponents' agreement with a result's revision.
// Confirming again what is confirmed answers as the first time.
func (s *Service) ConfirmResult(ctx context.Context, req *scoringv1.ConfirmResultRequest) (*scoringv1.ConfirmResultResponse, error) {
	id, sl, err := parseResultName("name", req.GetName())
	if err != nil {
		return nil, err
	}
	if req.GetRevision() < 1 {
		return nil, platform.FieldError("revision", "the revision shown to the confirming side is required, from 1")
	}
	side := req.GetSide()
	if own := pairSide(ctx, sl.Round); own != typev1.Side_SIDE_UNSPECIFIED {
		if side != typev1.Side_SIDE_UNSPECIFIED && side != own {
			return nil, platform.PermissionDenied(fmt.Sprintf("side: %s; a pair's device confirms for its own side, the opponents' entry", pairSeatText(ctx, sl.Round)))
		}
		side = own
	}
	if side != typev1.Side_SIDE_NORTH_SOUTH && side != typev1.Side_SIDE_EAST_WEST && (atTable(ctx) || side != typev1.Side_SIDE_UNSPECIFIED) {
		return nil, platform.FieldError("side", fmt.Sprintf("%v: the side that confirms is SIDE_NORTH_SOUTH or SIDE_EAST_WEST", side))
	}
	if _, err := s.event(ctx, resource.Event{Event: id}); err != nil {
		return nil, err
	}
	by, now := platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &scoringv1.ConfirmResultResponse{}
	err = s.store.Mutate(ctx, scoringv1.ScoringService_ConfirmResult_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		cur, ok, err := currentResult(tx, id, sl)
		switch {
		case err != nil:
			return err
		case !ok:
			return platform.NotFound("result", req.GetName())
		case cur.GetConfirmation().GetRevision() == req.GetRevision():
			resp.Result = platform.SetETag(cur) // confirmed already: a resend, or as entered
			return nil
		case cur.GetConfirmation() != nil:
			return platform.Aborted(fmt.Sprintf("%s is confirmed already: its revision %d confirms revision %d, which is what a confirmation sent again names", req.GetName(), cur.GetRevision(), cur.GetConfirmation().GetRevision()), platform.SetETag(cur))
		case cur.GetRevision() != req.GetRevision():
			return platform.Aborted(fmt.Sprintf("%s is revision %d now, not %d as shown: show it again and confirm that", req.GetName(), cur.GetRevision(), req.GetRevision()), platform.SetETag(cur))
		case cur.GetEnteredSide() == typev1.Side_SIDE_UNSPECIFIED:
			return platform.FailedPrecondition(fmt.Sprintf("%s was entered by %s, whose word stands: it needs no confirmation", req.GetName(), cur.GetEnteredBy()), platform.SetETag(cur))
		case atTable(ctx) && side == cur.GetEnteredSide():
			return platform.PermissionDenied(fmt.Sprintf("side: %s entered %s; the other side confirms it", sideName(side), req.GetName()))
		}
		confirmed := cloneResult(cur)
		confirmed.Etag = ""
		confirmed.Revision = lastRevision(tx, id, sl) + 1
		confirmed.Confirmation = &scoringv1.Confirmation{Side: side, ConfirmedBy: by, Time: now, Revision: req.GetRevision()}
		resp.Result = platform.SetETag(cloneResult(confirmed))
		return s.revise(tx, id, sl, &scoringv1.Revision{Revision: confirmed.Revision, Action: scoringv1.Action_ACTION_CONFIRMED, Result: confirmed, ChangedBy: by, Time: now}, resp.Result)
	})
	if err == nil {
		s.reloadSlot(id, sl)
	}
	return resp, err
}
