package dealing

import (
	"encoding/base64"
	"fmt"

	"github.com/bridge-director/director/bridge"
)

// Session is one session of a SquareDeal tournament, ready to deal: the BigDeal
// owner string and entropy that SquareDeal passes to bigdealx (-W and -e) for it.
type Session struct {
	Phase, Number int // the phase and the session within it, both from 1
	File          string
	Description   string
	Boards        BoardRange
	Owner         string // the left half of the session key
	Entropy       []byte // right half of the key ‖ base64(DV) ‖ "original" or "reserve"
}

// Sessions returns every session of the tournament, phase by phase, dealt with the
// published keys. It checks that the keys are the ones the description committed to
// (their hash is KH), that every session has a key and that DV is known. With reserve
// it returns the reserve sets, which SquareDeal deals with "reserve" in place of
// "original" and writes to files whose names end in "reserve".
func (t *SquareDeal) Sessions(keys *SessionKeys, reserve bool) ([]Session, error) {
	switch {
	case !t.Published:
		return nil, fmt.Errorf("dealing: squaredeal %q: not published: the description has no key hash (KH)", t.Name)
	case keys.Hash() != t.KeyHash:
		return nil, fmt.Errorf("dealing: squaredeal %q: the keys hash to %x, not to the published KH %x", t.Name, keys.Hash(), t.KeyHash)
	case t.DelayedValue == "":
		return nil, fmt.Errorf("dealing: squaredeal %q: the delayed value (DV) of %q is not known yet", t.Name, t.DelayedInfo)
	}
	set, fileSuffix := "original", ""
	if reserve {
		set, fileSuffix = "reserve", "reserve"
	}
	delayed := base64.StdEncoding.EncodeToString([]byte(t.DelayedValue))
	var sessions []Session
	for i, p := range t.Phases {
		for s := 1; s <= p.Sessions; s++ {
			key, ok := keys.Key(i+1, s)
			if !ok {
				return nil, fmt.Errorf("dealing: squaredeal %q: no key for session %d,%d", t.Name, i+1, s)
			}
			half := len(key) / 2
			sessions = append(sessions, Session{
				Phase:       i + 1,
				Number:      s,
				File:        fillSessionNumber(p.File, s) + fileSuffix,
				Description: fillSessionNumber(p.Description, s),
				Boards:      p.Boards[(s-1)%len(p.Boards)],
				Owner:       key[:half],
				Entropy:     []byte(key[half:] + delayed + set),
			})
		}
	}
	if len(sessions) != keys.Len() {
		return nil, fmt.Errorf("dealing: squaredeal %q: %d keys for %d sessions", t.Name, keys.Len(), len(sessions))
	}
	return sessions, nil
}

// Source returns the BigDeal source of the session's boards.
func (s Session) Source() *Keyed { return NewKeyed(s.Owner, s.Entropy) }

// Deal deals the session's boards, numbered as the phase says.
func (s Session) Deal() ([]bridge.Board, error) {
	src := s.Source()
	boards := make([]bridge.Board, 0, s.Boards.Len())
	for n := s.Boards.First; n <= s.Boards.Last; n++ {
		d, err := src.Next()
		if err != nil {
			return nil, fmt.Errorf("dealing: session %s board %d: %w", s.File, n, err)
		}
		boards = append(boards, bridge.NewBoard(n, d))
	}
	return boards, nil
}

// Verify checks published deals of the session, in board order, against the boards
// its key deals. It returns a *MismatchError for the first board that differs.
func (s Session) Verify(published []bridge.Deal) error {
	if len(published) != s.Boards.Len() {
		return fmt.Errorf("dealing: session %s: %d deals published for boards %s", s.File, len(published), s.Boards)
	}
	return Verify(s.Source(), s.Boards.First, published)
}
