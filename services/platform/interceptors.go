package platform

import (
	"context"
	"log/slog"

	"google.golang.org/grpc"
)

// ServerOptions returns the interceptor chain every Director gRPC server
// runs, outermost first: recovery, redaction of the server's file paths,
// logging, auth and rate limits (against policy), the check of request_id,
// and the replay of answered request IDs from the store that owns each
// method (see MethodStores). Serve uses it; service tests use it to run
// their handlers the way production does. The in-process connection
// (NewInProcess) runs the same chain.
func ServerOptions(logger *slog.Logger, auth *Authenticator, policy Policy, stores map[string]*Store) []grpc.ServerOption {
	unary, stream := interceptors(logger, auth, policy, stores)
	return []grpc.ServerOption{grpc.ChainUnaryInterceptor(unary...), grpc.ChainStreamInterceptor(stream...)}
}

// interceptors are the unary and the stream chain of ServerOptions,
// outermost first.
func interceptors(logger *slog.Logger, auth *Authenticator, policy Policy, stores map[string]*Store) ([]grpc.UnaryServerInterceptor, []grpc.StreamServerInterceptor) {
	return []grpc.UnaryServerInterceptor{
			recoveryUnary(logger),
			redactUnary,
			loggingUnary(logger),
			auth.unaryInterceptor(policy),
			requestIDUnary,
			replayUnary(policy, stores),
		}, []grpc.StreamServerInterceptor{
			recoveryStream(logger),
			redactStream,
			loggingStream(logger),
			auth.streamInterceptor(policy),
			requestIDStream,
		}
}

// checkedStream is a server stream with its own context that runs check, if
// set, on every message it receives.
type checkedStream struct {
	grpc.ServerStream
	ctx   context.Context
	check func(msg any) error
}

func (s *checkedStream) Context() context.Context {
	return s.ctx
}

func (s *checkedStream) RecvMsg(m any) error {
	if err := s.ServerStream.RecvMsg(m); err != nil || s.check == nil {
		return err
	}
	return s.check(m)
}
