package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// The tests use one small message type built at run time, shaped like a
// Director request: resource names, a request_id and nested messages, and
// a service that takes it (registered, as generated code registers its
// files).
//
//	message Request {
//	  string name = 1; string parent = 2; string request_id = 3;
//	  Ref ref = 4; repeated Ref refs = 5; map<string, Ref> by_board = 6;
//	  string title = 7; repeated string section = 8; int32 table = 9;
//	  int32 round = 10;
//	}
//	message Ref { string event = 1; string section = 2; string note = 3; }
//	service TestService {
//	  rpc Public(Request) returns (google.protobuf.StringValue); // and Score, Unlisted, Panic
//	  rpc Watch(stream Request) returns (stream google.protobuf.StringValue);
//	}
//	service Identity { rpc Who(Request) returns (google.protobuf.StringValue); }
var requestDesc = buildTestMessages()

func buildTestMessages() protoreflect.MessageDescriptor {
	str := func(name string, n int32) *descriptorpb.FieldDescriptorProto {
		return &descriptorpb.FieldDescriptorProto{
			Name: proto.String(name), Number: proto.Int32(n), JsonName: proto.String(name),
			Type:  descriptorpb.FieldDescriptorProto_TYPE_STRING.Enum(),
			Label: descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL.Enum(),
		}
	}
	msg := func(name string, n int32, typ string, label descriptorpb.FieldDescriptorProto_Label) *descriptorpb.FieldDescriptorProto {
		return &descriptorpb.FieldDescriptorProto{
			Name: proto.String(name), Number: proto.Int32(n), JsonName: proto.String(name),
			Type: descriptorpb.FieldDescriptorProto_TYPE_MESSAGE.Enum(), TypeName: proto.String(typ), Label: label.Enum(),
		}
	}
	repeated := func(f *descriptorpb.FieldDescriptorProto) *descriptorpb.FieldDescriptorProto {
		f.Label = descriptorpb.FieldDescriptorProto_LABEL_REPEATED.Enum()
		return f
	}
	table := str("table", 9)
	table.Type = descriptorpb.FieldDescriptorProto_TYPE_INT32.Enum()
	round := str("round", 10)
	round.Type = descriptorpb.FieldDescriptorProto_TYPE_INT32.Enum()
	method := func(name string, stream bool) *descriptorpb.MethodDescriptorProto {
		return &descriptorpb.MethodDescriptorProto{
			Name: proto.String(name), InputType: proto.String(".director.platformtest.Request"),
			OutputType: proto.String(".google.protobuf.StringValue"), ClientStreaming: proto.Bool(stream), ServerStreaming: proto.Bool(stream),
		}
	}
	file := &descriptorpb.FileDescriptorProto{
		Name:       proto.String("director/platformtest/request.proto"),
		Package:    proto.String("director.platformtest"),
		Syntax:     proto.String("proto3"),
		Dependency: []string{"google/protobuf/wrappers.proto"},
		Service: []*descriptorpb.ServiceDescriptorProto{{
			Name: proto.String("TestService"),
			Method: []*descriptorpb.MethodDescriptorProto{
				method("Public", false), method("Score", false), method("Unlisted", false), method("Panic", false), method("Watch", true),
			},
		}, {
			Name:   proto.String("Identity"),
			Method: []*descriptorpb.MethodDescriptorProto{method("Who", false)},
		}},
		MessageType: []*descriptorpb.DescriptorProto{
			{
				Name: proto.String("Request"),
				Field: []*descriptorpb.FieldDescriptorProto{
					str("name", 1), str("parent", 2), str("request_id", 3),
					msg("ref", 4, ".director.platformtest.Ref", descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL),
					msg("refs", 5, ".director.platformtest.Ref", descriptorpb.FieldDescriptorProto_LABEL_REPEATED),
					msg("by_board", 6, ".director.platformtest.Request.ByBoardEntry", descriptorpb.FieldDescriptorProto_LABEL_REPEATED),
					str("title", 7), repeated(str("section", 8)), table, round,
				},
				NestedType: []*descriptorpb.DescriptorProto{{
					Name: proto.String("ByBoardEntry"),
					Field: []*descriptorpb.FieldDescriptorProto{
						str("key", 1),
						msg("value", 2, ".director.platformtest.Ref", descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL),
					},
					Options: &descriptorpb.MessageOptions{MapEntry: proto.Bool(true)},
				}},
			},
			{
				Name:  proto.String("Ref"),
				Field: []*descriptorpb.FieldDescriptorProto{str("event", 1), str("section", 2), str("note", 3)},
			},
		},
	}
	fd, err := protodesc.NewFile(file, protoregistry.GlobalFiles)
	if err != nil {
		panic(err)
	}
	if err := protoregistry.GlobalFiles.RegisterFile(fd); err != nil {
		panic(err)
	}
	// The outbox finds a request's type by its name, as it finds a
	// generated message's.
	if err := protoregistry.GlobalTypes.RegisterMessage(dynamicpb.NewMessageType(fd.Messages().ByName("Request"))); err != nil {
		panic(err)
	}
	return fd.Messages().ByName("Request")
}

// newRequest builds a Request from its JSON form.
func newRequest(t testing.TB, js string) *dynamicpb.Message {
	t.Helper()
	m := dynamicpb.NewMessage(requestDesc)
	if err := protojson.Unmarshal([]byte(js), m); err != nil {
		t.Fatalf("request %s: %v", js, err)
	}
	return m
}

const testService = "director.platformtest.TestService"

// testServiceDesc is a hand-written gRPC service whose methods answer with
// the name of the caller's principal ("" when there is none).
var testServiceDesc = grpc.ServiceDesc{
	ServiceName: testService,
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{
		testMethod("Public", nil),
		testMethod("Score", nil),
		testMethod("Unlisted", nil),
		testMethod("Panic", func() { panic("board 7 has no dealer") }),
	},
	Streams: []grpc.StreamDesc{{
		StreamName:    "Watch",
		ServerStreams: true,
		ClientStreams: true,
		Handler: func(_ any, stream grpc.ServerStream) error {
			in := dynamicpb.NewMessage(requestDesc)
			if err := stream.RecvMsg(in); err != nil {
				return err
			}
			return stream.SendMsg(principalName(stream.Context()))
		},
	}},
}

// testResources are the fields of Request that name resources.
var testResources = []string{"name", "parent", "section", "ref.event", "ref.section", "refs.event", "refs.section", "by_board.event", "by_board.section"}

var testPolicy = Policy{
	"/" + testService + "/Public": {Roles: []Role{RolePublic}, Resources: testResources, Table: &TableRef{Parent: "parent", Section: "ref.section", Number: "table"}},
	"/" + testService + "/Score":  {Roles: []Role{RoleDirector, RoleScorer}, Resources: testResources, Table: &TableRef{Parent: "parent", Number: "table"}},
	"/" + testService + "/Panic":  {Roles: []Role{RolePublic}},
	"/" + testService + "/Watch":  {Roles: []Role{RoleDirector}, Resources: testResources},
}

func testMethod(name string, body func()) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := dynamicpb.NewMessage(requestDesc)
			if err := dec(in); err != nil {
				return nil, err
			}
			handler := func(ctx context.Context, _ any) (any, error) {
				if body != nil {
					body()
				}
				return principalName(ctx), nil
			}
			if interceptor == nil {
				return handler(ctx, in)
			}
			return interceptor(ctx, in, &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + testService + "/" + name}, handler)
		},
	}
}

func principalName(ctx context.Context) *wrapperspb.StringValue {
	p, _ := PrincipalFrom(ctx)
	return wrapperspb.String(p.Name)
}

// startTestServer serves testServiceDesc in memory with the production
// interceptor chain and returns a client and the log it writes.
func startTestServer(t *testing.T, auth *Authenticator) (*grpc.ClientConn, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	lis := bufconn.Listen(1 << 20)
	s := grpc.NewServer(ServerOptions(logs.logger(), auth, testPolicy, nil)...)
	s.RegisterService(&testServiceDesc, struct{}{})
	go s.Serve(lis)
	t.Cleanup(s.Stop)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn, logs
}

// logBuffer collects JSON log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(l, nil))
}

// lines returns the decoded log lines whose msg is msg.
func (l *logBuffer) lines(t *testing.T, msg string) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.buf.String()), "\n") {
		if line == "" {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}
