package platform

import (
	"context"
	"path/filepath"
	"regexp"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// A server's own failures (Internal, Unknown, DataLoss) often quote a file:
// "open /srv/director/data/scoring.db: permission denied". The caller learns
// what failed, never where the server keeps its files: redactUnary and
// redactStream, outside the logging interceptor so that the log keeps the
// whole error, cut every absolute path down to its file name and drop
// DebugInfo details, which are the server's internals by definition.

// absolutePath matches a Unix absolute path of at least two parts, after the
// start of the message or a space, quote, bracket or equals sign.
var absolutePath = regexp.MustCompile(`(^|[\s"'(\[=])(/[^\s"'()\[\]/]+(?:/[^\s"'()\[\]/:,;]+)+)`)

func redactUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	resp, err := handler(ctx, req)
	return resp, redact(err)
}

func redactStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	return redact(handler(srv, ss))
}

// redact returns err without the server's file paths when it is one of the
// server's own failures, and err itself otherwise.
func redact(err error) error {
	st, _ := status.FromError(err) // Unknown for an error that is no status
	switch st.Code() {
	case codes.Internal, codes.Unknown, codes.DataLoss:
	default:
		return err
	}
	out := st.Proto() // a copy
	out.Message = redactPaths(out.Message)
	kept := out.Details[:0]
	for _, d := range out.Details {
		if d.MessageIs(&errdetails.DebugInfo{}) {
			continue
		}
		kept = append(kept, d)
	}
	out.Details = kept
	return status.FromProto(out).Err()
}

func redactPaths(msg string) string {
	return absolutePath.ReplaceAllStringFunc(msg, func(m string) string {
		sub := absolutePath.FindStringSubmatch(m)
		return sub[1] + filepath.Base(sub[2])
	})
}
