package dealingservice

import (
	"context"
	"slices"
	"strings"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	"github.com/bridge-director/director/services/platform"
)

// Until a director releases a set, its deals are secret: only the directors
// of its event (and federation administrators) may read them, and every read
// is recorded with who made it. After release anyone who may call the method
// reads them. Every answer that holds a set's cards, its error messages and
// details included, is made from what readSet returns, or goes to a method
// only directors of the event may call (creating, redealing, releasing).
// The double-dummy table of a board tells much of its cards: it is stored
// when a set is analysed, released or not, and answered (resultsOf) only
// once the set is released, to everyone who reads the set. An analysis's
// progress shows no cards: until release only the set's directors follow
// it by GetOperation, and the feed's record of its end (the operation,
// which names no card) reaches whoever reads the event's feed.

// readSet reads a board set for the caller, enforcing the secrecy of its
// deals and recording the read of a secret set; what names what was read
// ("GetBoard 7").
func (s *Service) readSet(ctx context.Context, name, what string) (*dealingv1.BoardSet, error) {
	var set *dealingv1.BoardSet
	err := s.store.View(func(tx *bbolt.Tx) (err error) {
		set, err = mustBoardSet(tx, name)
		return err
	})
	if err != nil || set.GetReleased() {
		return set, err
	}
	p, ok := secretReader(ctx, set)
	if !ok {
		return nil, status.Errorf(codes.PermissionDenied, "the deals of %s are secret until a director releases them", name)
	}
	read := &dealingv1.Read{Reader: p.Name, What: what, Time: timestamppb.New(s.now())}
	err = s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error { return recordRead(tx, name, read) })
	if err != nil {
		return nil, err
	}
	return set, nil
}

// secretReader returns the caller and reports whether it may read what is
// secret of set: anyone may once the set is released.
func secretReader(ctx context.Context, set *dealingv1.BoardSet) (platform.Principal, bool) {
	p, ok := platform.PrincipalFrom(ctx)
	return p, set.GetReleased() || ok && mayReadSecret(p, set.GetName())
}

// mayReadSecret reports whether p may read the secret deals of the set
// name: a director acting on its event, or a federation admin. The auth
// interceptor has checked the event already; this holds even where a method
// forgot to declare the field.
func mayReadSecret(p platform.Principal, name string) bool {
	event, _, _ := strings.Cut(strings.TrimPrefix(name, "events/"), "/")
	return p.MayActOn("events/"+event) && slices.ContainsFunc(p.Roles, func(r platform.Role) bool {
		return r == platform.RoleDirector || r == platform.RoleFederationAdmin
	})
}

// inFeed is a set as its record in the change feed carries it: as
// forReader gives it, without the deals (the boards' and those a redeal
// replaced) until the set is released, since the feed's readers include
// scorers, who may not see them before.
func inFeed(set *dealingv1.BoardSet) *dealingv1.BoardSet {
	out := forReader(set)
	if out.GetReleased() {
		return out
	}
	for _, b := range out.GetBoards() {
		b.Deal = nil
	}
	for _, r := range out.GetRedeals() {
		r.Previous = nil
	}
	return out
}

// forReader is what a reader sees of a set: the keys of a keyed set only
// once it is released. Its etag is that of the set as stored, keys and all.
func forReader(set *dealingv1.BoardSet) *dealingv1.BoardSet {
	out := cloneSet(set)
	out.Etag = platform.ETag(set)
	if !set.GetReleased() {
		out.Keys = nil
	}
	return out
}
