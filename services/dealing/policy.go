package dealing

import (
	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	"github.com/bridge-director/director/services/platform"
)

// Policy says which roles may call each method. Reading a set is open to
// everyone the method lists, but until the set is released its handlers let
// only directors see the cards (see readSet); verification is public.
func (s *Service) Policy() platform.Policy {
	const (
		director = platform.RoleDirector
		scorer   = platform.RoleScorer
		terminal = platform.RoleTerminal
		public   = platform.RolePublic
	)
	return platform.Policy{
		dealingv1.DealingService_CreateBoardSet_FullMethodName:    {director},
		dealingv1.DealingService_GetBoardSet_FullMethodName:       {public},
		dealingv1.DealingService_GetBoard_FullMethodName:          {public},
		dealingv1.DealingService_RedealBoard_FullMethodName:       {director},
		dealingv1.DealingService_ReleaseBoardSet_FullMethodName:   {director},
		dealingv1.DealingService_ExportBoardSet_FullMethodName:    {public},
		dealingv1.DealingService_VerifyBoardSet_FullMethodName:    {public},
		dealingv1.DealingService_ListBoardSetReads_FullMethodName: {director},
	}
}
