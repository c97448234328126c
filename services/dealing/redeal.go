package dealingservice

import (
	"context"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/dealing"
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/bridgepb"
	"github.com/bridge-director/director/services/platform"
)

// RedealBoard deals one board of a set again (Law 6D). A secure set takes a
// new deal from the operating system's random source. A keyed set takes the
// next deal of its keys' sequence after the set and the redeals before this
// one, so the new deal too can be checked from the published keys.
func (s *Service) RedealBoard(ctx context.Context, req *dealingv1.RedealBoardRequest) (*dealingv1.RedealBoardResponse, error) {
	setName, number, err := splitBoardName(req.GetName())
	if err != nil {
		return nil, err
	}
	reason, err := platform.Reason("reason", req.GetReason())
	if err != nil {
		return nil, err
	}
	var set *dealingv1.BoardSet
	err = s.store.View(func(tx *bbolt.Tx) (err error) {
		set, err = mustBoardSet(tx, setName)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := platform.CheckETag(req.GetEtag(), "board set", setName, forReader(set)); err != nil {
		return nil, err
	}
	if set.GetReleased() {
		return nil, platform.FailedPrecondition(setName + " is released: its deals are public and can no longer be changed")
	}
	if boardOf(set, number) == nil {
		return nil, platform.NotFound("board", req.GetName())
	}
	// The new deal is drawn before the write so that a retried or concurrent
	// request cannot draw twice inside it; the write below checks that the
	// set has not changed meanwhile.
	deal, err := s.nextRedeal(set)
	if err != nil {
		return nil, err
	}
	redeals := len(set.GetRedeals())
	by, now := platform.CallerName(ctx), timestamppb.New(s.now())
	resp := &dealingv1.RedealBoardResponse{}
	err = s.store.Mutate(ctx, dealingv1.DealingService_RedealBoard_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		set, err := mustBoardSet(tx, setName)
		if err != nil {
			return err
		}
		if err := platform.CheckETag(req.GetEtag(), "board set", setName, forReader(set)); err != nil {
			return err
		}
		if set.GetReleased() || len(set.GetRedeals()) != redeals {
			return platform.FailedPrecondition(setName + " changed while the board was being dealt again; send the request again")
		}
		old := boardOf(set, number)
		redeal := &dealingv1.Redeal{Board: number, Previous: old.GetDeal(), Reason: reason, RedealtBy: by, Time: now}
		old.Deal = bridgepb.Deal(deal)
		set.Redeals = append(set.Redeals, redeal)
		resp.Board, resp.Redeal = old, redeal
		if err := deleteBoardAnalysis(tx, setName, number); err != nil {
			return err
		}
		return s.storeSet(tx, set, typev1.ChangeKind_CHANGE_KIND_BOARD_REDEALT, by)
	})
	return resp, err
}

// nextRedeal draws the deal for the next redeal of set.
func (s *Service) nextRedeal(set *dealingv1.BoardSet) (bridge.Deal, error) {
	if set.GetMethod() != dealingv1.Method_METHOD_KEYED {
		return s.secure().Next()
	}
	src := dealing.NewKeyed(set.GetKeys().GetOwner(), []byte(set.GetKeys().GetEntropy()))
	skip := len(set.GetBoards()) + len(set.GetRedeals())
	for range skip {
		if _, err := src.Next(); err != nil {
			return bridge.Deal{}, err
		}
	}
	return src.Next()
}
