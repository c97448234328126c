package scoring

import (
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
)

// Policy says which roles may call each method. Standings, travellers,
// scorecards and procedural penalties are public; terminals and scorers enter
// results; corrections, erasures, history and applying or removing penalties
// belong to the director and the scorer.
func (s *Service) Policy() platform.Policy {
	const (
		director = platform.RoleDirector
		scorer   = platform.RoleScorer
		terminal = platform.RoleTerminal
		public   = platform.RolePublic
	)
	return platform.Policy{
		scoringv1.ScoringService_SubmitResult_FullMethodName:     {director, scorer, terminal},
		scoringv1.ScoringService_CorrectResult_FullMethodName:    {director, scorer},
		scoringv1.ScoringService_EraseResult_FullMethodName:      {director, scorer},
		scoringv1.ScoringService_GetResultHistory_FullMethodName: {director, scorer},
		scoringv1.ScoringService_ListResults_FullMethodName:      {director, scorer, terminal},
		scoringv1.ScoringService_GetTraveller_FullMethodName:     {public},
		scoringv1.ScoringService_GetStandings_FullMethodName:     {public},
		scoringv1.ScoringService_GetScorecard_FullMethodName:     {public},
		scoringv1.ScoringService_ApplyPenalty_FullMethodName:     {director, scorer},
		scoringv1.ScoringService_ListPenalties_FullMethodName:    {public},
		scoringv1.ScoringService_RemovePenalty_FullMethodName:    {director, scorer},
	}
}
