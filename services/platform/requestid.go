package platform

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

const maxRequestIDLen = 128

// requestIDField returns the singular string field request_id of md, or nil.
func requestIDField(md protoreflect.MessageDescriptor) protoreflect.FieldDescriptor {
	fd := md.Fields().ByName("request_id")
	if fd == nil || fd.Kind() != protoreflect.StringKind || fd.IsList() {
		return nil
	}
	return fd
}

// checkRequestID refuses a request whose request_id is longer than 128
// characters or holds a character other than A-Z a-z 0-9 . _ : -.
func checkRequestID(req any) error {
	m, ok := req.(proto.Message)
	if !ok {
		return nil
	}
	r := m.ProtoReflect()
	fd := requestIDField(r.Descriptor())
	if fd == nil {
		return nil
	}
	id := r.Get(fd).String()
	if len(id) > maxRequestIDLen {
		return FieldError("request_id", fmt.Sprintf("must be at most %d characters, got %d", maxRequestIDLen, len(id)))
	}
	for i := 0; i < len(id); i++ {
		if !requestIDByte(id[i]) {
			return FieldError("request_id", fmt.Sprintf("may hold only A-Z a-z 0-9 . _ : - (a UUID is best), got %q at position %d", id[i], i+1))
		}
	}
	return nil
}

func requestIDByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '.' || c == '_' || c == ':' || c == '-'
}

func requestIDUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if err := checkRequestID(req); err != nil {
		return nil, err
	}
	return handler(ctx, req)
}

func requestIDStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	return handler(srv, &checkedStream{ServerStream: ss, ctx: ss.Context(), check: checkRequestID})
}
