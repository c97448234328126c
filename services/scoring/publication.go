package scoringservice

// Publication: a director holds a session's results from the public and
// the tables (while a federation checks them, say, or until the
// prize-giving) and publishes them; until held, they are public as they
// come in.

import (
	"context"
	"encoding/binary"
	"fmt"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/timestamppb"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// SetPublication holds a session's results from the public, or publishes
// them.
func (s *Service) SetPublication(ctx context.Context, req *scoringv1.SetPublicationRequest) (*scoringv1.SetPublicationResponse, error) {
	session, err := resource.ParseSession("session", req.GetSession())
	if err != nil {
		return nil, err
	}
	if err := s.session(ctx, session); err != nil {
		return nil, err
	}
	p := &scoringv1.Publication{Session: session.String(), Held: req.GetHeld(), UpdateTime: timestamppb.New(s.now()), UpdatedBy: platform.CallerName(ctx)}
	resp := &scoringv1.SetPublicationResponse{}
	err = s.store.Mutate(ctx, scoringv1.ScoringService_SetPublication_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		b, err := eventBucket(tx, bucketPublication, session.Event, true)
		if err != nil {
			return err
		}
		if err := platform.PutMessage(b, publicationKey(session.Session), p); err != nil {
			return err
		}
		resp.Publication = p
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_PUBLICATION_SET, Name: p.Session, By: p.UpdatedBy, Resource: p})
	})
	return resp, err
}

func publicationKey(session int32) []byte { return binary.BigEndian.AppendUint32(nil, uint32(session)) }

// publication reads how session (1 when 0) of event ("events/{event}") is
// published: public, unless a director holds it.
func (s *Service) publication(event string, session int32) (*scoringv1.Publication, error) {
	e, err := resource.ParseEvent("event", event)
	if err != nil {
		return nil, err
	}
	if session == 0 {
		session = 1
	}
	p := &scoringv1.Publication{Session: resource.Session{Event: e.Event, Session: session}.String()}
	err = s.store.View(func(tx *bbolt.Tx) error {
		b, _ := eventBucket(tx, bucketPublication, e.Event, false)
		_, err := platform.GetMessage(b, "publication/"+e.Event, publicationKey(session), p)
		return err
	})
	return p, err
}

// resultsHeld refuses every reader but the event's directors and scorers
// (the public, and the devices at the tables and in the players' hands) the
// results of a session a director holds. It returns the session's
// publication as the reader may see it: who set it is the directors' and
// scorers' to know.
func (s *Service) resultsHeld(ctx context.Context, event string, session int32) (*scoringv1.Publication, error) {
	p, err := s.publication(event, session)
	if err != nil {
		return nil, err
	}
	if who, ok := platform.PrincipalFrom(ctx); ok && who.Has(platform.RoleDirector, platform.RoleScorer) {
		return p, nil
	}
	if p.GetHeld() {
		return nil, platform.PermissionDenied(fmt.Sprintf("the director holds the results of %s until they are published", p.GetSession()))
	}
	p.UpdatedBy = ""
	return p, nil
}
