package movementservice

import (
	"context"
	"fmt"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// maxTimerSeconds bounds a timer's seconds a board and extra a round: an
// hour each.
const maxTimerSeconds = 3600

// SetTerminalSettings sets a section's terminal settings, a change of the
// section like a movement's.
func (s *Service) SetTerminalSettings(ctx context.Context, req *movementv1.SetTerminalSettingsRequest) (*movementv1.SetTerminalSettingsResponse, error) {
	section, err := resource.ParseSection("section", req.GetSection())
	if err != nil {
		return nil, err
	}
	settings, err := checkTerminalSettings(section, req.GetSettings())
	if err != nil {
		return nil, err
	}
	resp := &movementv1.SetTerminalSettingsResponse{}
	err = s.change(ctx, movementv1.MovementService_SetTerminalSettings_FullMethodName, req.GetRequestId(), req, resp, typev1.ChangeKind_CHANGE_KIND_TERMINAL_SETTINGS_SET, section.String(), req.GetEtag(),
		func(sec *movementv1.Section) { resp.Section = sec },
		func(_ *bbolt.Tx, sec *movementv1.Section) error {
			if n := settings.GetHideRankingRounds(); sec.GetMovement() != nil && n > sec.GetMovement().GetRounds() {
				return platform.FieldError("settings.hide_ranking_rounds", fmt.Sprintf("%s plays %d rounds, fewer than %d", sec.GetName(), sec.GetMovement().GetRounds(), n))
			}
			sec.TerminalSettings = settings
			return nil
		})
	return resp, err
}

// checkTerminalSettings names what is wrong with the settings of section.
func checkTerminalSettings(section resource.Section, in *movementv1.TerminalSettings) (*movementv1.TerminalSettings, error) {
	if in == nil {
		return nil, platform.FieldError("settings", "the settings are required")
	}
	var v []platform.FieldViolation
	bad := func(field, description string) {
		v = append(v, platform.FieldViolation{Field: "settings." + field, Description: description})
	}
	if _, ok := movementv1.LeadCardEntry_name[int32(in.GetLeadCard())]; !ok {
		bad("lead_card", fmt.Sprintf("%d is not one of LEAD_CARD_ENTRY_DISABLED, LEAD_CARD_ENTRY_NO_VALIDATION, LEAD_CARD_ENTRY_MUST_COMPLY, LEAD_CARD_ENTRY_ALLOW_NON_COMPLIANCE", in.GetLeadCard()))
	}
	if _, ok := movementv1.ResultEntry_name[int32(in.GetResultEntry())]; !ok {
		bad("result_entry", fmt.Sprintf("%d is not one of RESULT_ENTRY_TOTAL_TRICKS, RESULT_ENTRY_OVER_UNDER", in.GetResultEntry()))
	}
	if set := in.GetBoardSet(); set != "" {
		if b, err := resource.ParseBoardSet("settings.board_set", set); err != nil {
			bad("board_set", fmt.Sprintf("%q is not a board set (events/{event}/sessions/{session}/boardsets/{board_set})", set))
		} else if b.Event != section.Event || b.Session != section.Session {
			bad("board_set", fmt.Sprintf("%s is not a board set of %s", set, section.Parent()))
		}
	}
	for _, n := range []struct {
		field string
		value int32
		max   int32
	}{{"seconds_per_board", in.GetSecondsPerBoard(), maxTimerSeconds}, {"extra_seconds", in.GetExtraSeconds(), maxTimerSeconds}, {"hide_ranking_rounds", in.GetHideRankingRounds(), resource.MaxRound}} {
		if n.value < 0 || n.value > n.max {
			bad(n.field, fmt.Sprintf("%d is outside 0 to %d", n.value, n.max))
		}
	}
	if len(v) > 0 {
		return nil, platform.FieldErrors(v...)
	}
	return proto.Clone(in).(*movementv1.TerminalSettings), nil
}

// roundSettings fills in what a table's device needs of the section's
// settings in round of a movement of rounds, with boards boards in it.
func roundSettings(resp *movementv1.GetTableRoundResponse, settings *movementv1.TerminalSettings, round, rounds, boards int32) {
	resp.Settings = &movementv1.TerminalSettings{}
	if settings != nil {
		resp.Settings = proto.Clone(settings).(*movementv1.TerminalSettings)
	}
	if seconds := boards*settings.GetSecondsPerBoard() + settings.GetExtraSeconds(); seconds > 0 {
		resp.RoundTime = durationpb.New(time.Duration(seconds) * time.Second)
	}
	resp.RankingHidden = settings.GetHideRankingRounds() > 0 && round > rounds-settings.GetHideRankingRounds()
}
