package dealingservice

import (
	"context"

	"google.golang.org/grpc"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// The service's change feed: every change it makes is recorded in its
// transaction (platform.Store.AppendChange), and these methods serve the
// records of an event (platform's feed.go).

// ListChanges lists the feed of an event a page at a time.
func (s *Service) ListChanges(ctx context.Context, req *dealingv1.ListChangesRequest) (*dealingv1.ListChangesResponse, error) {
	p, err := s.store.ListChanges(ctx, req)
	return &dealingv1.ListChangesResponse{Changes: p.Changes, NextPageToken: p.NextPageToken, Acknowledged: p.Acknowledged, LastSequence: p.Last}, err
}

// AcknowledgeChanges records how far the caller has read the feed of an event.
func (s *Service) AcknowledgeChanges(ctx context.Context, req *dealingv1.AcknowledgeChangesRequest) (*dealingv1.AcknowledgeChangesResponse, error) {
	n, err := s.store.AcknowledgeChanges(ctx, req, req.GetSequence())
	return &dealingv1.AcknowledgeChangesResponse{Acknowledged: n}, err
}

// WatchChanges sends the feed of an event after a cursor, then each change
// as it is committed.
func (s *Service) WatchChanges(req *dealingv1.WatchChangesRequest, stream grpc.ServerStreamingServer[dealingv1.WatchChangesResponse]) error {
	return s.store.WatchChanges(stream, req, func(c *typev1.Change) error {
		return stream.Send(&dealingv1.WatchChangesResponse{Change: c})
	})
}
