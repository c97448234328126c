package platform

import (
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

func TestErrorConstructors(t *testing.T) {
	stored := wrapperspb.String("4S= by N, N/S +420")
	tests := []struct {
		name        string
		err         error
		wantCode    codes.Code
		wantMessage string
		wantDetails []proto.Message
	}{
		{
			"field error", FieldError("result.contract", "level must be 1 to 7, got 8"),
			codes.InvalidArgument, "result.contract: level must be 1 to 7, got 8",
			[]proto.Message{&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
				{Field: "result.contract", Description: "level must be 1 to 7, got 8"},
			}}},
		},
		{
			"field errors",
			FieldErrors(FieldViolation{"board", "must be 1 to 36"}, FieldViolation{"table", "is missing"}),
			codes.InvalidArgument, "board: must be 1 to 36; table: is missing",
			[]proto.Message{&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
				{Field: "board", Description: "must be 1 to 36"},
				{Field: "table", Description: "is missing"},
			}}},
		},
		{
			"not found", NotFound("event", "events/x"),
			codes.NotFound, `event "events/x" not found`,
			[]proto.Message{&errdetails.ResourceInfo{ResourceType: "event", ResourceName: "events/x"}},
		},
		{
			"already exists with the stored result", AlreadyExists("board 7 at table 3 round 2 already has a result", stored),
			codes.AlreadyExists, "board 7 at table 3 round 2 already has a result",
			[]proto.Message{stored},
		},
		{
			"already exists without detail", AlreadyExists("event exists", nil),
			codes.AlreadyExists, "event exists", nil,
		},
		{
			"failed precondition", FailedPrecondition("session 1 is closed"),
			codes.FailedPrecondition, "session 1 is closed", nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, ok := status.FromError(tt.err)
			if !ok || st.Code() != tt.wantCode || st.Message() != tt.wantMessage {
				t.Fatalf("status = %v %q, want %v %q", st.Code(), st.Message(), tt.wantCode, tt.wantMessage)
			}
			details := st.Details()
			if len(details) != len(tt.wantDetails) {
				t.Fatalf("%d details, want %d: %v", len(details), len(tt.wantDetails), details)
			}
			for i, want := range tt.wantDetails {
				got, ok := details[i].(proto.Message)
				if !ok || !proto.Equal(got, want) {
					t.Errorf("detail %d = %v, want %v", i, details[i], want)
				}
			}
		})
	}
}
