package platform

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// recoveryUnary turns a panic in a handler into an Internal error, logged
// with its stack, so one bad request does not stop the service.
//
// A fault counts as a panic too: bbolt maps the store into memory, and a
// damaged page can send a read outside the file, which would otherwise end
// the process.
func recoveryUnary(logger *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if r := recover(); r != nil {
				resp, err = nil, logPanic(logger, info.FullMethod, r)
			}
		}()
		return handler(ctx, req)
	}
}

func recoveryStream(logger *slog.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) (err error) {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if r := recover(); r != nil {
				err = logPanic(logger, info.FullMethod, r)
			}
		}()
		return handler(srv, ss)
	}
}

func logPanic(logger *slog.Logger, method string, r any) error {
	logger.Error("panic in handler", "method", method, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	return status.Error(codes.Internal, "internal error")
}
