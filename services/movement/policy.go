package movementservice

import (
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
)

// Policy says which roles may call each method, and which request fields
// name the events, sessions and sections it acts on. The director creates
// the event and shapes the session; everyone may read the event and where to
// sit, which is printed on the tables anyway (the players' member numbers
// in those answers only the event's director and scorers and the federation
// admin, players.go); the scorer may change who
// plays, as a director would at the desk. Only the federation admin
// imports the player registry; directors and scorers look players up; the
// table's terminal, the event's director and scorers enter the player
// numbers at a table.
func (s *Service) Policy() platform.Policy {
	const (
		admin    = platform.RoleFederationAdmin
		director = platform.RoleDirector
		scorer   = platform.RoleScorer
		public   = platform.RolePublic
		terminal = platform.RoleTerminal
	)
	roles := func(r ...platform.Role) []platform.Role { return r }
	return platform.Policy{
		movementv1.MovementService_CreateEvent_FullMethodName:     {Roles: roles(director), EventID: "event_id", Resources: []string{"event.name"}},
		movementv1.MovementService_GetEvent_FullMethodName:        {Roles: roles(public), Resources: []string{"name"}},
		movementv1.MovementService_ListEvents_FullMethodName:      {Roles: roles(public)},
		movementv1.MovementService_CreateSession_FullMethodName:   {Roles: roles(director), Resources: []string{"parent", "session.name", "session.sections"}},
		movementv1.MovementService_GetSession_FullMethodName:      {Roles: roles(public), Resources: []string{"name"}},
		movementv1.MovementService_ListSessions_FullMethodName:    {Roles: roles(public), Resources: []string{"parent"}},
		movementv1.MovementService_CreateSection_FullMethodName:   {Roles: roles(director, scorer), Resources: []string{"parent", "section.name", "section.terminal_settings.board_set"}},
		movementv1.MovementService_GetSection_FullMethodName:      {Roles: roles(public), Resources: []string{"name"}},
		movementv1.MovementService_SetMovement_FullMethodName:     {Roles: roles(director, scorer), Resources: []string{"name"}},
		movementv1.MovementService_SetSwissRound_FullMethodName:   {Roles: roles(director), Resources: []string{"section"}},
		movementv1.MovementService_GetTableRound_FullMethodName:   {Roles: roles(public), Resources: []string{"section"}, Table: &platform.TableRef{Parent: "section", Number: "table", Round: "round"}},
		movementv1.MovementService_GetEntrantPath_FullMethodName:  {Roles: roles(public), Resources: []string{"section"}},
		movementv1.MovementService_AddLateEntrant_FullMethodName:  {Roles: roles(director, scorer), Resources: []string{"section"}},
		movementv1.MovementService_WithdrawEntrant_FullMethodName: {Roles: roles(director, scorer), Resources: []string{"section"}},
		movementv1.MovementService_GetBalance_FullMethodName:      {Roles: roles(public), Resources: []string{"section"}},
		movementv1.MovementService_ExportSection_FullMethodName:   {Roles: roles(public), Resources: []string{"name"}},
		// Recommending a movement names nothing of an event.
		movementv1.MovementService_RecommendMovements_FullMethodName: {Roles: roles(public)},
		// The registry belongs to no event.
		movementv1.MovementService_ImportPlayers_FullMethodName:       {Roles: roles(admin)},
		movementv1.MovementService_GetPlayer_FullMethodName:           {Roles: roles(director, scorer)},
		movementv1.MovementService_ListPlayers_FullMethodName:         {Roles: roles(director, scorer)},
		movementv1.MovementService_SetTablePlayers_FullMethodName:     {Roles: roles(terminal, director, scorer), Resources: []string{"section"}, Table: &platform.TableRef{Parent: "section", Number: "table", Round: "round"}},
		movementv1.MovementService_ListTablePlayers_FullMethodName:    {Roles: roles(director, scorer), Resources: []string{"section"}},
		movementv1.MovementService_ListChanges_FullMethodName:         platform.FeedRule(),
		movementv1.MovementService_AcknowledgeChanges_FullMethodName:  platform.FeedRule(),
		movementv1.MovementService_WatchChanges_FullMethodName:        platform.FeedRule(),
		movementv1.MovementService_SetTerminalSettings_FullMethodName: {Roles: roles(director, scorer), Resources: []string{"section", "settings.board_set"}},
		// A director issues and revokes the tokens of a section's tables;
		// a table's device asks which table its token is for.
		movementv1.MovementService_IssueTableTokens_FullMethodName: {Roles: roles(director), Resources: []string{"section"}},
		movementv1.MovementService_RevokeTableToken_FullMethodName: {Roles: roles(director), Resources: []string{"table"}},
		movementv1.MovementService_ListTableTokens_FullMethodName:  {Roles: roles(director), Resources: []string{"section"}},
		movementv1.MovementService_GetTableIdentity_FullMethodName: {Roles: roles(terminal)},
		// A director issues and revokes the tokens of a section's pairs,
		// whose devices follow them from table to table.
		movementv1.MovementService_IssuePairTokens_FullMethodName: {Roles: roles(director), Resources: []string{"section"}},
		movementv1.MovementService_RevokePairToken_FullMethodName: {Roles: roles(director), Resources: []string{"pair"}},
	}
}

// Store is the service's store.
func (s *Service) Store() *platform.Store { return s.store }
