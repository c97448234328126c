package platform

import (
	"context"
	"net"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/types/known/emptypb"
)

func TestRedactPaths(t *testing.T) {
	for in, want := range map[string]string{
		"open /srv/director/data/scoring.db: input/output error":           "open scoring.db: input/output error",
		`store "/var/lib/director/movement.db" is corrupt`:                 `store "movement.db" is corrupt`,
		"read (/tmp/x/y.db) failed; also /home/td/data/rulings.db: locked": "read (y.db) failed; also rulings.db: locked",
		"events/club-night/sessions/1 is damaged":                          "events/club-night/sessions/1 is damaged",
		"input/output error at 3/4":                                        "input/output error at 3/4",
	} {
		if got := redactPaths(in); got != want {
			t.Errorf("redactPaths(%q) = %q, want %q", in, got, want)
		}
	}
}

// failingDesc has one public method that fails with err.
func failingDesc(err error) grpc.ServiceDesc {
	return grpc.ServiceDesc{
		ServiceName: "director.platformtest.Failing",
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{{
			MethodName: "Fail",
			Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
				if err := dec(&emptypb.Empty{}); err != nil {
					return nil, err
				}
				return interceptor(ctx, &emptypb.Empty{}, &grpc.UnaryServerInfo{Server: srv, FullMethod: "/director.platformtest.Failing/Fail"},
					func(context.Context, any) (any, error) { return nil, err })
			},
		}},
	}
}

func TestServerFailuresHideFilePaths(t *testing.T) {
	withDebug, _ := status.New(codes.DataLoss, "record events/x in /srv/director/data/scoring.db fails its checksum").
		WithDetails(&errdetails.DebugInfo{Detail: "at /srv/director/services/scoring/store.go:120"}, &errdetails.ResourceInfo{ResourceName: "events/x"})
	for _, c := range []struct {
		err         error
		wantMessage string
		wantDetails int
	}{
		{withDebug.Err(), "record events/x in scoring.db fails its checksum", 1},
		{status.Error(codes.Internal, "open /srv/director/data/scoring.db: permission denied"), "open scoring.db: permission denied", 0},
		{status.Error(codes.NotFound, `file "/v1/some/path" not found`), `file "/v1/some/path" not found`, 0}, // the caller's own words
	} {
		logs := &logBuffer{}
		lis := bufconn.Listen(1 << 16)
		desc := failingDesc(c.err)
		srv := grpc.NewServer(ServerOptions(logs.logger(), DevelopmentAuthenticator(), Policy{"/director.platformtest.Failing/Fail": {Roles: []Role{RolePublic}}}, nil)...)
		srv.RegisterService(&desc, struct{}{})
		go srv.Serve(lis)
		conn, err := grpc.NewClient("passthrough:///failing",
			grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
			grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		err = conn.Invoke(context.Background(), "/director.platformtest.Failing/Fail", &emptypb.Empty{}, &emptypb.Empty{})
		st := status.Convert(err)
		if st.Code() != status.Code(c.err) || st.Message() != c.wantMessage || len(st.Details()) != c.wantDetails {
			t.Errorf("%v reached the client as %v %q with %d details, want %q with %d", c.err, st.Code(), st.Message(), len(st.Details()), c.wantMessage, c.wantDetails)
		}
		if lines := logs.lines(t, "rpc"); len(lines) != 1 || lines[0]["error"] != status.Convert(c.err).Message() {
			t.Errorf("logged %v, want the whole error %q", lines, status.Convert(c.err).Message())
		}
		conn.Close()
		srv.Stop()
	}
}
