package dealingservice

import (
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	"github.com/bridge-director/director/services/platform"
)

// Policy says which roles may call each method, and which request fields
// name the sets it acts on. Reading a set is open to everyone the method
// lists, but until the set is released its handlers let only the directors
// of its event see the cards (see readSet); verification is public.
func (s *Service) Policy() platform.Policy {
	const (
		director = platform.RoleDirector
		public   = platform.RolePublic
	)
	roles := func(r ...platform.Role) []platform.Role { return r }
	return platform.Policy{
		dealingv1.DealingService_CreateBoardSet_FullMethodName:     {Roles: roles(director), Resources: []string{"parent", "board_set.name", "board_set.analysis"}},
		dealingv1.DealingService_GetBoardSet_FullMethodName:        {Roles: roles(public), Resources: []string{"name"}},
		dealingv1.DealingService_GetBoard_FullMethodName:           {Roles: roles(public), Resources: []string{"name"}},
		dealingv1.DealingService_RedealBoard_FullMethodName:        {Roles: roles(director), Resources: []string{"name"}},
		dealingv1.DealingService_ReleaseBoardSet_FullMethodName:    {Roles: roles(director), Resources: []string{"name"}},
		dealingv1.DealingService_ExportBoardSet_FullMethodName:     {Roles: roles(public), Resources: []string{"name"}},
		dealingv1.DealingService_VerifyBoardSet_FullMethodName:     {Roles: roles(public), Resources: []string{"board_set"}},
		dealingv1.DealingService_ListBoardSetReads_FullMethodName:  {Roles: roles(director), Resources: []string{"name"}},
		dealingv1.DealingService_ListChanges_FullMethodName:        platform.FeedRule(),
		dealingv1.DealingService_AcknowledgeChanges_FullMethodName: platform.FeedRule(),
		dealingv1.DealingService_WatchChanges_FullMethodName:       platform.FeedRule(),

		// Directors start an analysis; whoever may read a set follows it,
		// though only its directors until it is released (GetOperation).
		dealingv1.DealingService_SolveBoardSet_FullMethodName: {Roles: roles(director), Resources: []string{"name"}},
		dealingv1.DealingService_GetOperation_FullMethodName:  {Roles: roles(public), Resources: []string{"name"}},
	}
}

// Store is the service's store.
func (s *Service) Store() *platform.Store { return s.store }
