package platform

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// gateway is the REST facade: a grpc-gateway mux that calls the services
// through the gRPC listener, so REST calls pass the same interceptors.
type gateway struct {
	handler http.Handler
}

func newGateway(ctx context.Context, conn *grpc.ClientConn, extra map[string]http.Handler, services []Service) (*gateway, error) {
	mux := runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, &runtime.HTTPBodyMarshaler{
			Marshaler: bodyErrors{&runtime.JSONPb{
				MarshalOptions: protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: false},
				// An unknown field is an error the client should see.
				UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: false},
			}},
		}),
		runtime.WithHealthzEndpoint(healthpb.NewHealthClient(conn)),
		runtime.WithOutgoingHeaderMatcher(outgoingHeader),
	)
	for _, s := range services {
		if err := s.RegisterGateway(ctx, mux, conn); err != nil {
			return nil, fmt.Errorf("serve: gateway of %s: %w", s.Name(), err)
		}
	}
	root := http.NewServeMux()
	root.Handle("/", mux)
	for path, h := range extra {
		root.Handle(path, h)
	}
	return &gateway{handler: root}, nil
}

// bodyErrors says which part of a request was wrong when its body cannot be
// read: the gateway answers 400 with the decoder's bare message otherwise
// ("unexpected EOF").
type bodyErrors struct{ runtime.Marshaler }

func (m bodyErrors) NewDecoder(r io.Reader) runtime.Decoder {
	d := m.Marshaler.NewDecoder(r)
	return runtime.DecoderFunc(func(v any) error {
		err := d.Decode(v)
		if err != nil && !errors.Is(err, io.EOF) { // an empty body is no error
			return fmt.Errorf("the request body is not valid JSON for this request: %w", err)
		}
		return err
	})
}

// loopbackTarget is the address the gateway dials: the gRPC listener, on
// 127.0.0.1 when it listens on every interface (Go's "tcp" listeners on
// 0.0.0.0 and :: both accept IPv4).
func loopbackTarget(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	return net.JoinHostPort("127.0.0.1", fmt.Sprint(tcp.Port))
}

// outgoingHeader passes the auth mode header through under its own name and
// the other response metadata with the gateway's Grpc-Metadata- prefix.
func outgoingHeader(key string) (string, bool) {
	if key == AuthModeHeader {
		return key, true
	}
	return runtime.MetadataHeaderPrefix + key, true
}
