package platform

import (
	"context"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// callLog collects what the log line of one call reports; the auth
// interceptor, which runs inside, fills in the client address and the
// principal.
type callLog struct {
	method    string
	start     time.Time
	client    string
	principal string
}

type callLogKey struct{}

// loggingUnary writes one line per call: method, code, duration, client
// address, principal. A refused call (unauthenticated, permission denied,
// over its rate) is a warning.
func loggingUnary(logger *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		call := &callLog{method: info.FullMethod, start: time.Now()}
		panicked := true
		defer func() { call.write(logger, err, panicked) }()
		resp, err = handler(context.WithValue(ctx, callLogKey{}, call), req)
		panicked = false
		return resp, err
	}
}

func loggingStream(logger *slog.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) (err error) {
		call := &callLog{method: info.FullMethod, start: time.Now()}
		panicked := true
		defer func() { call.write(logger, err, panicked) }()
		err = handler(srv, &checkedStream{ServerStream: ss, ctx: context.WithValue(ss.Context(), callLogKey{}, call)})
		panicked = false
		return err
	}
}

// write logs the call. A handler that panicked is logged as the Internal
// error the recovery interceptor turns it into.
func (c *callLog) write(logger *slog.Logger, err error, panicked bool) {
	code := status.Code(err)
	if panicked {
		code = codes.Internal
	}
	ctx, level := context.Background(), LogLevel(code)
	if !logger.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 7)
	attrs = append(attrs, slog.String("method", c.method), slog.String("code", code.String()), slog.Duration("duration", time.Since(c.start)),
		slog.String("client", c.client), slog.String("principal", c.principal))
	if err != nil {
		attrs = append(attrs, slog.String("error", status.Convert(err).Message()))
	}
	if panicked {
		attrs = append(attrs, slog.Bool("panic", true))
	}
	logger.LogAttrs(ctx, level, "rpc", attrs...)
}

// LogLevel is the log level of a call that ended with code: an error when
// Director failed, a warning when the caller was refused (unauthenticated,
// permission denied, over its rate or a limit), information otherwise. The
// REST gateway logs the requests it refuses at the same levels.
func LogLevel(code codes.Code) slog.Level {
	switch code {
	case codes.Internal, codes.Unknown, codes.DataLoss:
		return slog.LevelError
	case codes.Unauthenticated, codes.PermissionDenied, codes.ResourceExhausted:
		return slog.LevelWarn
	}
	return slog.LevelInfo
}
