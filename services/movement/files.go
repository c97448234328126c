package movementservice

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bridge-director/director/formats/movementcards"
	"github.com/bridge-director/director/formats/rounddata"
	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// ExportSection writes a section's table and guide cards, or its schedule as
// Bridgemate RoundData rows.
func (s *Service) ExportSection(ctx context.Context, req *movementv1.ExportSectionRequest) (*movementv1.ExportSectionResponse, error) {
	section, err := s.sectionMovement("name", req.GetName())
	if err != nil {
		return nil, err
	}
	name, _ := resource.ParseSection("name", req.GetName())
	event, err := s.eventOf(name)
	if err != nil {
		return nil, err
	}
	m := fromProto(section.GetMovement())
	choice := section.GetMovement().GetChoice()
	bps, first := int(choice.GetBoardsPerRound()), int(choice.GetFirstBoard())
	// The cards are headed by the event's title, the section and the
	// movement's name.
	layout := movement.Layout{BoardsPerSet: bps, FirstBoard: first, Section: name.Section, Title: event.GetTitle()}
	cards := append(movement.TableCards(m, layout), movement.GuideCards(m, layout)...)
	var buf bytes.Buffer
	resp := &movementv1.ExportSectionResponse{FileName: fmt.Sprintf("%s-%d-%s", name.Event, name.Session, name.Section)}
	switch req.GetFormat() {
	case movementv1.Format_FORMAT_CARDS_TEXT:
		err = movementcards.WriteText(&buf, cards)
		resp.FileName += "-cards.txt"
		resp.ContentType = "text/plain; charset=utf-8"
	case movementv1.Format_FORMAT_CARDS_PDF:
		err = movementcards.WritePDF(&buf, cards, movementcards.Options{})
		resp.FileName += "-cards.pdf"
		resp.ContentType = "application/pdf"
	case movementv1.Format_FORMAT_ROUND_DATA_CSV:
		err = rounddata.WriteCSV(&buf, rounddata.Rows(name.Section, m, bps, first))
		resp.FileName += "-rounddata.csv"
		resp.ContentType = "text/csv; charset=utf-8"
	default:
		return nil, platform.FieldError("format", "say which file: FORMAT_CARDS_TEXT, FORMAT_CARDS_PDF or FORMAT_ROUND_DATA_CSV")
	}
	if err != nil {
		return nil, status.Errorf(codes.Internal, "writing %s: %v", resp.FileName, err)
	}
	resp.Content = buf.Bytes()
	return resp, nil
}

// The cards and schedule of a section also download as files, named by
// their ending: .../files/cards.pdf, cards.txt, rounddata.csv.
var download = platform.Download{
	Pattern: "/v1/events/{event}/sessions/{session}/sections/{section}/files/{file}",
	Method:  movementv1.MovementService_ExportSection_FullMethodName,
	Summary: "Download a section's cards or RoundData",
	Description: "The section's movement as a file named by the ending of {file}: the table cards as .pdf or .txt " +
		"(shown in the browser), or Bridgemate's RoundData as .csv.",
	ContentTypes: []string{"application/pdf", "text/plain; charset=utf-8", "text/csv; charset=utf-8"},
}

// Downloads are the file downloads the service serves beside its REST
// routes.
func Downloads() []platform.Download { return []platform.Download{download} }

func registerDownloads(mux *runtime.ServeMux, client movementv1.MovementServiceClient) error {
	return platform.HandleDownload(mux, download, func(ctx context.Context, params map[string]string) (platform.File, error) {
		formats := map[string]movementv1.Format{
			".txt": movementv1.Format_FORMAT_CARDS_TEXT,
			".pdf": movementv1.Format_FORMAT_CARDS_PDF,
			".csv": movementv1.Format_FORMAT_ROUND_DATA_CSV,
		}
		format, ok := formats[strings.ToLower(path.Ext(params["file"]))]
		if !ok {
			return platform.File{}, status.Errorf(codes.NotFound, "no file %q: name a file ending in .pdf or .txt (the cards) or .csv (RoundData)", params["file"])
		}
		session, err := strconv.ParseInt(params["session"], 10, 32)
		if err != nil {
			return platform.File{}, platform.FieldError("session", fmt.Sprintf("%q is not a session number", params["session"]))
		}
		name := resource.Section{Event: params["event"], Session: int32(session), Section: params["section"]}
		file, err := client.ExportSection(ctx, &movementv1.ExportSectionRequest{Name: name.String(), Format: format})
		if err != nil {
			return platform.File{}, err
		}
		return platform.File{Name: file.GetFileName(), ContentType: file.GetContentType(), Content: file.GetContent(), Inline: format != movementv1.Format_FORMAT_ROUND_DATA_CSV}, nil
	})
}

// GetBalance reports how fairly a section's movement compares its pairs.
func (s *Service) GetBalance(ctx context.Context, req *movementv1.GetBalanceRequest) (*movementv1.GetBalanceResponse, error) {
	section, err := s.sectionMovement("section", req.GetSection())
	if err != nil {
		return nil, err
	}
	m := fromProto(section.GetMovement())
	r := movement.Balance(m)
	meetings, comparisons := map[int]int32{}, map[int]int32{}
	for _, p := range r.Pairs {
		meetings[p.Meetings]++
		comparisons[p.Comparisons]++
	}
	if m.Teams {
		// Teams are compared only with their opponents.
		return &movementv1.GetBalanceResponse{Meetings: histogram(meetings), Teams: true}, nil
	}
	return &movementv1.GetBalanceResponse{Meetings: histogram(meetings), Comparisons: histogram(comparisons), ManningSd: r.Manning.SD}, nil
}

func histogram(counts map[int]int32) []*movementv1.Count {
	var out []*movementv1.Count
	for _, v := range slices.Sorted(maps.Keys(counts)) {
		out = append(out, &movementv1.Count{Value: int32(v), Pairs: counts[v]})
	}
	return out
}

// RecommendMovements lists the movements that fit a field.
func (s *Service) RecommendMovements(ctx context.Context, req *movementv1.RecommendMovementsRequest) (*movementv1.RecommendMovementsResponse, error) {
	found, err := movement.Recommend(movement.Request{Entrants: int(req.GetEntrants()), Teams: req.GetTeams(), Boards: int(req.GetBoards()), Minutes: int(req.GetMinutes())})
	if err != nil {
		return nil, platform.FieldError("entrants", err.Error())
	}
	kinds := map[movement.Kind]movementv1.Kind{
		movement.KindMitchell:        movementv1.Kind_KIND_MITCHELL,
		movement.KindHowell:          movementv1.Kind_KIND_HOWELL,
		movement.KindTeamsRoundRobin: movementv1.Kind_KIND_TEAMS_ROUND_ROBIN,
	}
	resp := &movementv1.RecommendMovementsResponse{}
	for _, r := range found {
		// A Swiss of teams is set as KIND_SWISS_TEAMS and paired round by
		// round; a Swiss of pairs has no movement Director can set.
		var choice *movementv1.MovementChoice
		switch {
		case r.Kind != movement.KindSwiss:
			choice = &movementv1.MovementChoice{Kind: kinds[r.Kind], Rounds: int32(r.Rounds), BoardsPerRound: int32(r.BoardsPerRound), FirstBoard: 1,
				MitchellForm: mitchellForm(r.Style)}
		case req.GetTeams():
			choice = &movementv1.MovementChoice{Kind: movementv1.Kind_KIND_SWISS_TEAMS, Rounds: int32(r.Rounds), BoardsPerRound: int32(r.BoardsPerRound), FirstBoard: 1}
		}
		resp.Recommendations = append(resp.Recommendations, &movementv1.Recommendation{
			Name:        r.Name,
			Choice:      choice,
			Swiss:       r.Kind == movement.KindSwiss,
			Tables:      int32(r.Tables),
			Rounds:      int32(r.Rounds),
			TotalBoards: int32(r.TotalBoards),
			SitOut:      r.SitOut,
			Why:         r.Why,
			Sections:    int32(r.Sections),
			Whole:       r.Whole,
		})
	}
	return resp, nil
}
