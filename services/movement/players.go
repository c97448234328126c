package movementservice

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bridge-director/director/formats/registry"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// The player registry: the federation's members, one registry for the
// Director instance, read and compared by package
// github.com/bridge-director/director/formats/registry. An import changes
// only the players it changes, in one write. A player the file no longer
// lists is kept and named in the answer: entrants of past events name
// players by national id, and a member whose subscription lapsed still
// played them; the federation sees whom its file left out.
//
// Entrants name their players by national id, which must be in the
// registry, and the entrant keeps the registry's name as it was when the
// entrant was named (the name the event printed); a visitor from another
// federation is named by name alone.
//
// Players' names are public, as standings print them; their member numbers
// (national ids) are the federation's and the event's officials': the
// public reads of a section, an entrant's path and a table's round answer
// them only to the event's director and scorers and to the federation
// admin, and to everyone else leave them out.

const playerPrefix = "players/"

func playerName(id string) string { return playerPrefix + id }

// ImportPlayers brings the registry up to date with a CSV file.
func (s *Service) ImportPlayers(ctx context.Context, req *movementv1.ImportPlayersRequest) (*movementv1.ImportPlayersResponse, error) {
	file, err := registry.ReadCSV(bytes.NewReader(req.GetCsv()))
	if err != nil {
		return nil, platform.FieldError("csv", err.Error())
	}
	resp := &movementv1.ImportPlayersResponse{}
	by := platform.CallerName(ctx)
	err = s.store.Mutate(ctx, movementv1.MovementService_ImportPlayers_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		held, err := registryPlayers(tx)
		if err != nil {
			return err
		}
		c := registry.Compare(held, file)
		now := timestamppb.New(s.now())
		changed := append(c.Added, c.Changed...)
		// In the order of the keys, bbolt fills its pages in one pass.
		slices.SortFunc(changed, func(a, b registry.Player) int { return strings.Compare(a.NationalID, b.NationalID) })
		for _, p := range changed {
			m := &movementv1.RegisteredPlayer{Name: playerName(p.NationalID), NationalId: p.NationalID, DisplayName: p.Name, Club: p.Club, UpdateTime: now}
			if err := put(tx, bucketPlayers, p.NationalID, m); err != nil {
				return err
			}
			if err := s.playerToVenues(tx, m, by); err != nil {
				return err
			}
		}
		resp.Added, resp.Changed, resp.Unchanged = int32(len(c.Added)), int32(len(c.Changed)), int32(c.Unchanged)
		resp.NotListed = c.Missing
		return nil
	})
	return resp, err
}

// mayReadMemberNumbers reports whether the caller of ctx may read the
// member numbers of the players of a section, named by a valid name.
func mayReadMemberNumbers(ctx context.Context, section string) bool {
	name, _ := resource.ParseSection("section", section)
	p, ok := platform.PrincipalFrom(ctx)
	return ok && p.MayActOn(name.Parent().Parent().String()) && p.Has(platform.RoleDirector, platform.RoleScorer)
}

// hideMemberNumbers clears the member numbers of the players of a
// section's entrants unless the caller of ctx may read them; entrants are
// the answer's own.
func hideMemberNumbers(ctx context.Context, section string, entrants ...*movementv1.Entrant) {
	if mayReadMemberNumbers(ctx, section) {
		return
	}
	for _, e := range entrants {
		for _, p := range e.GetPlayers() {
			p.MemberNumber = ""
		}
	}
}

// registryPlayers reads the whole registry.
func registryPlayers(tx *bbolt.Tx) ([]registry.Player, error) {
	b := tx.Bucket(bucketPlayers)
	var out []registry.Player
	err := b.ForEach(func(k, v []byte) error {
		m := &movementv1.RegisteredPlayer{}
		if err := platform.DecodeMessage(b, string(bucketPlayers), k, v, m); err != nil {
			return err
		}
		out = append(out, registry.Player{NationalID: m.GetNationalId(), Name: m.GetDisplayName(), Club: m.GetClub()})
		return nil
	})
	return out, err
}

// GetPlayer returns one player of the registry.
func (s *Service) GetPlayer(ctx context.Context, req *movementv1.GetPlayerRequest) (*movementv1.GetPlayerResponse, error) {
	id, ok := strings.CutPrefix(req.GetName(), playerPrefix)
	if !ok || !registry.ValidID(id) {
		return nil, platform.FieldError("name", fmt.Sprintf("%q is not a player: give players/{national_id}, the id of letters, digits, '-', '_' and '.'", req.GetName()))
	}
	resp := &movementv1.GetPlayerResponse{}
	err := s.store.View(func(tx *bbolt.Tx) (err error) {
		resp.Player, err = registered(tx, id)
		if err == nil && resp.Player == nil {
			err = platform.NotFound("player", req.GetName())
		}
		return err
	})
	return resp, err
}

// registered reads a player of the registry, nil when there is none.
func registered(tx *bbolt.Tx, id string) (*movementv1.RegisteredPlayer, error) {
	m := &movementv1.RegisteredPlayer{}
	ok, err := get(tx, bucketPlayers, id, m)
	if !ok || err != nil {
		return nil, err
	}
	return m, nil
}

// ListPlayers lists the registry, or the players a query finds, in the
// order of their ids.
func (s *Service) ListPlayers(ctx context.Context, req *movementv1.ListPlayersRequest) (*movementv1.ListPlayersResponse, error) {
	page, err := platform.ReadPage(req)
	if err != nil {
		return nil, err
	}
	query := strings.ToLower(strings.TrimSpace(req.GetQuery()))
	if len(query) > registry.MaxField {
		return nil, platform.FieldError("query", fmt.Sprintf("a query is at most %d bytes", registry.MaxField))
	}
	resp := &movementv1.ListPlayersResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		c := tx.Bucket(bucketPlayers).Cursor()
		for k, v := resume(c, page); k != nil; k, v = c.Next() {
			if page.Skip(k) {
				continue
			}
			m := &movementv1.RegisteredPlayer{}
			if err := platform.DecodeMessage(c.Bucket(), string(bucketPlayers), k, v, m); err != nil {
				return err
			}
			if query != "" && !matches(m, query) {
				continue
			}
			if !page.Add(k, m) {
				break
			}
			resp.Players = append(resp.Players, m)
		}
		return nil
	})
	resp.NextPageToken = page.NextToken()
	return resp, err
}

// matches reports whether a player's id starts with query, or its name or
// club holds it; query is in lower case.
func matches(p *movementv1.RegisteredPlayer, query string) bool {
	return strings.HasPrefix(strings.ToLower(p.GetNationalId()), query) ||
		strings.Contains(strings.ToLower(p.GetDisplayName()), query) ||
		strings.Contains(strings.ToLower(p.GetClub()), query)
}

// namePlayers checks the players of entrant e, named in field (such as
// "section.entrants[2]"), against the registry, and gives each member the
// registry's name. A player without a member number is a visitor and needs
// a name.
func namePlayers(tx *bbolt.Tx, field string, e *movementv1.Entrant) error {
	for j, p := range e.GetPlayers() {
		at := fmt.Sprintf("%s.players[%d]", field, j)
		id := p.GetMemberNumber()
		if id == "" {
			if strings.TrimSpace(p.GetName()) == "" {
				return platform.FieldError(at, "a player has a member_number from the registry or, for a visitor, a name")
			}
			continue
		}
		m, err := registered(tx, id)
		if err != nil {
			return err
		}
		if m == nil {
			return platform.FieldError(at+".member_number", fmt.Sprintf("member number %q is not in the player registry: import the registry (ImportPlayers), or name a visitor by name without a member number", id))
		}
		p.Name = m.GetDisplayName()
	}
	return nil
}
