package movementservice

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bridge-director/director/formats/registry"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// Player numbers at the table (the Bridgemate PlayerNumbers table): each
// seat's member number for a table's round, checked against the registry
// and against the entrants the section's schedule seats at that table in
// that round. They are kept per table and round, entered again to correct
// (the same players entered again change nothing: a device resending), and
// answered with the table's round so that a device shows the names.

// tablePlayersKey is the key of a table's round in the tableplayers
// bucket; a section's keys share the prefix section + "/".
func tablePlayersKey(section string, table, round int32) string {
	return fmt.Sprintf("%s/tables/%03d/rounds/%02d", section, table, round)
}

// side is one direction at the table: its two seats and the entrant there.
type side struct {
	name         string
	first, other typev1.Seat
	entrant      int32
	swap         bool
}

// SetTablePlayers records the players entered at a table in a round.
func (s *Service) SetTablePlayers(ctx context.Context, req *movementv1.SetTablePlayersRequest) (*movementv1.SetTablePlayersResponse, error) {
	if _, err := resource.ParseSection("section", req.GetSection()); err != nil {
		return nil, err
	}
	if t := req.GetTable(); t < 1 || t > resource.MaxTable {
		return nil, platform.FieldError("table", fmt.Sprintf("table %d is outside 1 to %d", t, resource.MaxTable))
	}
	if r := req.GetRound(); r < 1 || r > resource.MaxRound {
		return nil, platform.FieldError("round", fmt.Sprintf("round %d is outside 1 to %d", r, resource.MaxRound))
	}
	given, err := seatNumbers(req.GetNumbers())
	if err != nil {
		return nil, err
	}
	resp := &movementv1.SetTablePlayersResponse{}
	var written *movementv1.Section // the section, when its entrants were named here
	err = s.store.Mutate(ctx, movementv1.MovementService_SetTablePlayers_FullMethodName, req.GetRequestId(), req, resp, func(tx *bbolt.Tx) error {
		written = nil
		section, err := mustSection(tx, req.GetSection())
		if err != nil {
			return err
		}
		seat, err := seatingOf(section, req.GetTable(), req.GetRound())
		if err != nil {
			return err
		}
		tp := &movementv1.TablePlayers{Table: req.GetTable(), Round: req.GetRound(), UpdateTime: timestamppb.New(s.now())}
		named := false
		for _, sd := range []side{
			{"North-South", typev1.Seat_SEAT_NORTH, typev1.Seat_SEAT_SOUTH, seat.GetNs(), req.GetSwapNorthSouth()},
			{"East-West", typev1.Seat_SEAT_EAST, typev1.Seat_SEAT_WEST, seat.GetEw(), req.GetSwapEastWest()},
		} {
			players, newly, err := seatSide(tx, section, sd, given, req.GetTable(), req.GetRound())
			if err != nil {
				return err
			}
			named = named || newly
			tp.Players = append(tp.Players, players...)
		}
		slices.SortFunc(tp.Players, func(a, b *movementv1.SeatedPlayer) int { return int(a.GetSeat() - b.GetSeat()) })
		key := tablePlayersKey(section.GetName(), tp.Table, tp.Round)
		stored := &movementv1.TablePlayers{}
		if found, err := get(tx, bucketTables, key, stored); err != nil {
			return err
		} else if found && !named && slices.EqualFunc(stored.GetPlayers(), tp.Players, func(a, b *movementv1.SeatedPlayer) bool { return proto.Equal(a, b) }) {
			// The same players again (a device resending after a lost
			// connection): answered as entered, and nothing changes.
			resp.TablePlayers = stored
			return nil
		}
		if named {
			section.Revision++
			if err := put(tx, bucketSections, section.GetName(), section); err != nil {
				return err
			}
			written = section
		}
		resp.TablePlayers = proto.Clone(tp).(*movementv1.TablePlayers)
		if err := put(tx, bucketTables, key, tp); err != nil {
			return err
		}
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_PLAYERS_ENTERED,
			Name: fmt.Sprintf("%s/tables/%d/rounds/%d", section.GetName(), tp.Table, tp.Round), By: platform.CallerName(ctx), Resource: resp.TablePlayers})
	})
	if err == nil && written != nil {
		s.schedules.keep(written)
	}
	return resp, err
}

// seatNumbers reads the numbers entered by seat, in the field numbers.
func seatNumbers(in []*movementv1.SeatNumber) (map[typev1.Seat]string, error) {
	out := map[typev1.Seat]string{}
	for i, n := range in {
		field := fmt.Sprintf("numbers[%d]", i)
		switch seat := n.GetSeat(); {
		case seat < typev1.Seat_SEAT_NORTH || seat > typev1.Seat_SEAT_WEST:
			return nil, platform.FieldError(field+".seat", fmt.Sprintf("%v is not a seat: use SEAT_NORTH, SEAT_EAST, SEAT_SOUTH or SEAT_WEST", seat))
		case out[seat] != "":
			return nil, platform.FieldError(field+".seat", fmt.Sprintf("%v is given twice", seat))
		case !registry.ValidID(n.GetMemberNumber()):
			return nil, platform.FieldError(field+".member_number", fmt.Sprintf("%q is not a member number: letters, digits, '-', '_' and '.', at most %d", n.GetMemberNumber(), registry.MaxField))
		default:
			out[seat] = n.GetMemberNumber()
		}
	}
	return out, nil
}

// seatingOf finds a table's round in a section's schedule.
func seatingOf(section *movementv1.Section, table, round int32) (*movementv1.Seating, error) {
	if section.GetMovement() == nil {
		return nil, noMovement(section.GetName())
	}
	for _, seat := range section.GetMovement().GetSeatings() {
		if seat.GetTable() == table && seat.GetRound() == round {
			return seat, nil
		}
	}
	return nil, platform.NotFound("table round", fmt.Sprintf("%s/tables/%d/rounds/%d", section.GetName(), table, round))
}

// seatSide seats the players of one side of the table from the numbers
// given, the entrant's players and the swap; it reports whether it named
// the entrant's players, which an entrant that named none takes from the
// table.
func seatSide(tx *bbolt.Tx, section *movementv1.Section, sd side, given map[typev1.Seat]string, table, round int32) ([]*movementv1.SeatedPlayer, bool, error) {
	first, other := given[sd.first], given[sd.other]
	where := fmt.Sprintf("table %d in round %d", table, round)
	if sd.entrant == 0 {
		if first != "" || other != "" {
			return nil, false, platform.FieldError("numbers", fmt.Sprintf("nobody sits %s at %s: leave its seats out", sd.name, where))
		}
		return nil, false, nil
	}
	i := slices.IndexFunc(section.GetEntrants(), func(e *movementv1.Entrant) bool { return e.GetNumber() == sd.entrant })
	if i < 0 {
		return nil, false, platform.FailedPrecondition(fmt.Sprintf("the schedule seats entrant %d %s at %s, and %s has no such entrant", sd.entrant, sd.name, where, section.GetName()))
	}
	entrant := section.GetEntrants()[i]
	listed := entrant.GetPlayers()
	if first == "" && other == "" && len(listed) == 2 {
		first, other = listed[0].GetMemberNumber(), listed[1].GetMemberNumber()
		if first == "" || other == "" {
			// A visitor has no number: seat the pair as the entrant lists it.
			return seatListed(sd, listed), false, nil
		}
	}
	if (first == "") != (other == "") && len(listed) == 2 && listed[0].GetMemberNumber() != "" && listed[1].GetMemberNumber() != "" {
		// One seat given: the pair's other player sits in the other.
		partner := listed[0].GetMemberNumber()
		if partner == first+other {
			partner = listed[1].GetMemberNumber()
		}
		if first == "" {
			first = partner
		} else {
			other = partner
		}
	}
	if first == "" || other == "" {
		return nil, false, platform.FieldError("numbers", fmt.Sprintf("give both %s seats at %s: entrant %d names %d players, so the seats cannot be taken from them", sd.name, where, sd.entrant, len(listed)))
	}
	if first == other {
		return nil, false, platform.FieldError("numbers", fmt.Sprintf("member number %q is given for both %s seats", first, sd.name))
	}
	var seated []*movementv1.SeatedPlayer
	for _, seatID := range []struct {
		seat typev1.Seat
		id   string
	}{{sd.first, first}, {sd.other, other}} {
		m, err := registered(tx, seatID.id)
		if err != nil {
			return nil, false, err
		}
		if m == nil {
			return nil, false, platform.FieldError("numbers", fmt.Sprintf("member number %q (%v) is not in the player registry", seatID.id, seatID.seat))
		}
		if len(listed) > 0 && !slices.ContainsFunc(listed, func(p *movementv1.Player) bool { return p.GetMemberNumber() == seatID.id }) {
			return nil, false, platform.FieldError("numbers", fmt.Sprintf("member number %q (%v) is not a player of entrant %d, which the schedule seats %s at %s: its players are %s", seatID.id, seatID.seat, sd.entrant, sd.name, where, playerList(listed)))
		}
		seated = append(seated, &movementv1.SeatedPlayer{Seat: seatID.seat, Entrant: sd.entrant, MemberNumber: seatID.id, Name: m.GetDisplayName()})
	}
	swapIf(sd, seated)
	newly := len(listed) == 0
	if newly {
		for _, p := range seated {
			entrant.Players = append(entrant.Players, &movementv1.Player{Name: p.GetName(), MemberNumber: p.GetMemberNumber()})
		}
	}
	return seated, newly, nil
}

// seatListed seats an entrant's two listed players in order.
func seatListed(sd side, listed []*movementv1.Player) []*movementv1.SeatedPlayer {
	seated := []*movementv1.SeatedPlayer{
		{Seat: sd.first, Entrant: sd.entrant, MemberNumber: listed[0].GetMemberNumber(), Name: listed[0].GetName()},
		{Seat: sd.other, Entrant: sd.entrant, MemberNumber: listed[1].GetMemberNumber(), Name: listed[1].GetName()},
	}
	swapIf(sd, seated)
	return seated
}

// swapIf exchanges the seats of a side's two players when the pair sat the
// other way round.
func swapIf(sd side, seated []*movementv1.SeatedPlayer) {
	if sd.swap {
		seated[0].Seat, seated[1].Seat = sd.other, sd.first
	}
}

func playerList(players []*movementv1.Player) string {
	var b bytes.Buffer
	for i, p := range players {
		if i > 0 {
			b.WriteString(" and ")
		}
		fmt.Fprintf(&b, "%s (%s)", p.GetName(), p.GetMemberNumber())
	}
	return b.String()
}

// ListTablePlayers lists the players entered at a section's tables.
func (s *Service) ListTablePlayers(ctx context.Context, req *movementv1.ListTablePlayersRequest) (*movementv1.ListTablePlayersResponse, error) {
	if _, err := resource.ParseSection("section", req.GetSection()); err != nil {
		return nil, err
	}
	page, err := platform.ReadPage(req)
	if err != nil {
		return nil, err
	}
	resp := &movementv1.ListTablePlayersResponse{}
	err = s.store.View(func(tx *bbolt.Tx) error {
		if _, err := mustSection(tx, req.GetSection()); err != nil {
			return err
		}
		prefix := []byte(req.GetSection() + "/")
		c := tx.Bucket(bucketTables).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			if page.Skip(k) {
				continue
			}
			tp := &movementv1.TablePlayers{}
			if err := platform.DecodeMessage(c.Bucket(), string(bucketTables), k, v, tp); err != nil {
				return err
			}
			if !page.Add(k, tp) {
				break
			}
			resp.TablePlayers = append(resp.TablePlayers, tp)
		}
		return nil
	})
	resp.NextPageToken = page.NextToken()
	return resp, err
}

// tablePlayers reads the players entered at a table in a round, nil when
// none were.
func (s *Service) tablePlayers(section string, table, round int32) ([]*movementv1.SeatedPlayer, error) {
	tp := &movementv1.TablePlayers{}
	var ok bool
	err := s.store.View(func(tx *bbolt.Tx) (err error) {
		ok, err = get(tx, bucketTables, tablePlayersKey(section, table, round), tp)
		return err
	})
	if !ok {
		return nil, err
	}
	return tp.GetPlayers(), err
}
