package movement

import (
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/platform"
)

// Policy says which roles may call each method. The director creates the
// event and shapes the session; everyone may read the event and where to
// sit, which is printed on the tables anyway; the scorer may change who
// plays, as a director would at the desk.
func (s *Service) Policy() platform.Policy {
	const (
		director = platform.RoleDirector
		scorer   = platform.RoleScorer
		public   = platform.RolePublic
	)
	return platform.Policy{
		movementv1.MovementService_CreateEvent_FullMethodName:        {director},
		movementv1.MovementService_GetEvent_FullMethodName:           {public},
		movementv1.MovementService_ListEvents_FullMethodName:         {public},
		movementv1.MovementService_CreateSession_FullMethodName:      {director},
		movementv1.MovementService_GetSession_FullMethodName:         {public},
		movementv1.MovementService_ListSessions_FullMethodName:       {public},
		movementv1.MovementService_CreateSection_FullMethodName:      {director, scorer},
		movementv1.MovementService_GetSection_FullMethodName:         {public},
		movementv1.MovementService_SetMovement_FullMethodName:        {director, scorer},
		movementv1.MovementService_GetTableRound_FullMethodName:      {public},
		movementv1.MovementService_GetEntrantPath_FullMethodName:     {public},
		movementv1.MovementService_AddLateEntrant_FullMethodName:     {director, scorer},
		movementv1.MovementService_WithdrawEntrant_FullMethodName:    {director, scorer},
		movementv1.MovementService_GetBalance_FullMethodName:         {public},
		movementv1.MovementService_ExportSection_FullMethodName:      {public},
		movementv1.MovementService_RecommendMovements_FullMethodName: {public},
	}
}
