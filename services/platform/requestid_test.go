package platform

import (
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

func TestCheckRequestID(t *testing.T) {
	tests := []struct {
		name, id, want string // want "" means accepted
	}{
		{"empty", "", ""},
		{"uuid", "6f1c2a4e-9b7d-4c1e-8f3a-2d5e7b9c0a11", ""},
		{"all allowed characters", "Board.7_round:2-table-3", ""},
		{"128 characters", strings.Repeat("a", 128), ""},
		{"129 characters", strings.Repeat("a", 129), "request_id: must be at most 128 characters, got 129"},
		{"space", "round 2", `request_id: may hold only A-Z a-z 0-9 . _ : - (a UUID is best), got ' ' at position 6`},
		{"slash", "events/a", "got '/' at position 7"},
		{"non-ASCII", "tréfle", "position 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := newRequest(t, `{}`)
			req.Set(requestDesc.Fields().ByName("request_id"), protoreflect.ValueOfString(tt.id))
			err := checkRequestID(req)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			st := status.Convert(err)
			if st.Code() != codes.InvalidArgument || !strings.Contains(st.Message(), tt.want) {
				t.Fatalf("err = %v, want InvalidArgument containing %q", err, tt.want)
			}
			br, ok := st.Details()[0].(*errdetails.BadRequest)
			if !ok || br.FieldViolations[0].Field != "request_id" {
				t.Errorf("details = %v, want a BadRequest naming request_id", st.Details())
			}
		})
	}
}

func TestCheckRequestIDSkipsMessagesWithoutIt(t *testing.T) {
	if err := checkRequestID(wrapperspb.String("has no request_id field")); err != nil {
		t.Error(err)
	}
}

func FuzzCheckRequestID(f *testing.F) {
	for _, seed := range []string{"", "6f1c2a4e-9b7d-4c1e-8f3a-2d5e7b9c0a11", "a b", strings.Repeat("x", 129), "é"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, id string) {
		req := newRequest(t, `{}`)
		req.Set(requestDesc.Fields().ByName("request_id"), protoreflect.ValueOfString(id))
		valid := len(id) <= maxRequestIDLen && strings.Trim(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-") == ""
		if err := checkRequestID(req); (err == nil) != valid {
			t.Fatalf("checkRequestID(%q) = %v, valid %v", id, err, valid)
		}
	})
}
