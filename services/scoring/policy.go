package scoringservice

import (
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
)

// Policy says which roles may call each method, which request fields name
// the events, results and penalties it acts on, and at which table a
// result is entered or changed. Standings, travellers, scorecards and
// procedural penalties are public; exports, which carry the players' names
// and national ids, are the director's and the scorer's; an import creates
// an event, as only a director may; terminals and scorers enter results,
// and a table's terminal confirms its own table's (the opponents' check)
// and reads the deals of the boards it played;
// corrections, erasures, history and applying or removing penalties belong
// to the director and the scorer; a venue's director finalises its
// session, and a federation's directors and scorers read how far each
// venue's feed is applied.
func (s *Service) Policy() platform.Policy {
	const (
		director = platform.RoleDirector
		scorer   = platform.RoleScorer
		terminal = platform.RoleTerminal
		public   = platform.RolePublic
	)
	roles := func(r ...platform.Role) []platform.Role { return r }
	// A result names its table by its parts, or by its name.
	resultTable := &platform.TableRef{Parent: "parent", Session: "result.session", Section: "result.section", Number: "result.table", Round: "result.round"}
	namedTable := &platform.TableRef{Parent: "name", Session: "result.session", Section: "result.section", Number: "result.table", Round: "result.round"}
	return platform.Policy{
		scoringv1.ScoringService_SubmitResult_FullMethodName:       {Roles: roles(director, scorer, terminal), Resources: []string{"parent", "result.name"}, Table: resultTable},
		scoringv1.ScoringService_CorrectResult_FullMethodName:      {Roles: roles(director, scorer), Resources: []string{"name", "result.name"}, Table: namedTable},
		scoringv1.ScoringService_EraseResult_FullMethodName:        {Roles: roles(director, scorer), Resources: []string{"name"}, Table: &platform.TableRef{Parent: "name"}},
		scoringv1.ScoringService_GetResultHistory_FullMethodName:   {Roles: roles(director, scorer), Resources: []string{"name"}, Table: &platform.TableRef{Parent: "name"}},
		scoringv1.ScoringService_ListResults_FullMethodName:        {Roles: roles(director, scorer, terminal), Resources: []string{"parent"}},
		scoringv1.ScoringService_GetTraveller_FullMethodName:       {Roles: roles(public), Resources: []string{"event"}},
		scoringv1.ScoringService_GetStandings_FullMethodName:       {Roles: roles(public), Resources: []string{"event"}},
		scoringv1.ScoringService_GetScorecard_FullMethodName:       {Roles: roles(public), Resources: []string{"event"}},
		scoringv1.ScoringService_ListMatches_FullMethodName:        {Roles: roles(public), Resources: []string{"event"}},
		scoringv1.ScoringService_PairSwissRound_FullMethodName:     {Roles: roles(director), Resources: []string{"section"}},
		scoringv1.ScoringService_SetPublication_FullMethodName:     {Roles: roles(director), Resources: []string{"session"}},
		scoringv1.ScoringService_ApplyPenalty_FullMethodName:       {Roles: roles(director, scorer), Resources: []string{"parent", "penalty.name", "penalty.ruling"}},
		scoringv1.ScoringService_ListPenalties_FullMethodName:      {Roles: roles(public), Resources: []string{"parent"}},
		scoringv1.ScoringService_RemovePenalty_FullMethodName:      {Roles: roles(director, scorer), Resources: []string{"name"}},
		scoringv1.ScoringService_ExportSession_FullMethodName:      {Roles: roles(director, scorer), Resources: []string{"session", "board_set"}},
		scoringv1.ScoringService_ImportResults_FullMethodName:      {Roles: roles(director), EventID: "event_id"},
		scoringv1.ScoringService_ListChanges_FullMethodName:        platform.FeedRule(),
		scoringv1.ScoringService_AcknowledgeChanges_FullMethodName: platform.FeedRule(),
		scoringv1.ScoringService_WatchChanges_FullMethodName:       platform.FeedRule(),
		scoringv1.ScoringService_GetPlayedDeal_FullMethodName:      {Roles: roles(terminal, director, scorer), Resources: []string{"table"}, Table: &platform.TableRef{Parent: "table"}},
		scoringv1.ScoringService_FinaliseSession_FullMethodName:    {Roles: roles(director), Resources: []string{"session"}},
		scoringv1.ScoringService_ListVenueFeeds_FullMethodName:     {Roles: roles(director, scorer), Resources: []string{"parent"}},
		scoringv1.ScoringService_ConfirmResult_FullMethodName:      {Roles: roles(terminal, director, scorer), Resources: []string{"name"}, Table: &platform.TableRef{Parent: "name"}},
	}
}

// Store is the service's store.
func (s *Service) Store() *platform.Store { return s.store }
