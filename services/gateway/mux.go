package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/bridge-director/director/services/platform"
)

// newMux makes the grpc-gateway mux of the REST facade: it calls the
// services over conn, reads bodies strictly, answers errors and wrong routes
// as errorHandler and routingErrorHandler do, passes only the headers
// incomingHeader lets through, checks the content type of a body (e's
// requireJSON) after routing, and answers versioned reads conditionally
// (conditional.go).
func newMux(conn grpc.ClientConnInterface, e *edge) *runtime.ServeMux {
	marshaler := restJSON()
	kept := newKeptBodies(marshaler)
	return runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, &runtime.HTTPBodyMarshaler{Marshaler: marshaler}),
		runtime.WithForwardResponseOption(answerVersion),
		runtime.WithForwardResponseRewriter(kept.rewrite),
		runtime.WithHealthzEndpoint(healthpb.NewHealthClient(conn)),
		runtime.WithIncomingHeaderMatcher(incomingHeader),
		runtime.WithOutgoingHeaderMatcher(outgoingHeader),
		runtime.WithMetadata(rateTakenMetadata),
		runtime.WithMetadata(heldMetadata),
		runtime.WithErrorHandler(errorHandler),
		runtime.WithRoutingErrorHandler(routingErrorHandler),
		runtime.WithMiddlewares(answerProbes, e.requireJSON, kept.readConditionally),
	)
}

// restJSON is how REST bodies are read and answers written.
func restJSON() strictJSON {
	return strictJSON{&runtime.JSONPb{
		// Zeros and empty lists are answered ("ns_points": 0), so that a
		// client need not know proto3's defaults; a message not set stays
		// out rather than null.
		MarshalOptions: protojson.MarshalOptions{UseProtoNames: true, EmitDefaultValues: true},
		// An unknown field is an error the client should see.
		UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: false},
	}}
}

// strictJSON reads a request body as exactly one JSON value and says which
// part of a request was wrong when it cannot: the gateway answers 400 with
// the decoder's bare message otherwise ("unexpected EOF"), and would ignore
// whatever follows the first value.
type strictJSON struct{ *runtime.JSONPb }

// Marshal encodes v, or writes an answer already encoded as it is.
func (m strictJSON) Marshal(v any) ([]byte, error) {
	if body, ok := v.(encodedBody); ok {
		return body, nil
	}
	return m.JSONPb.Marshal(v)
}

func (m strictJSON) NewDecoder(r io.Reader) runtime.Decoder {
	return runtime.DecoderFunc(func(v any) error {
		body, err := io.ReadAll(r) // bounded by edge.guard
		if err != nil {
			return err
		}
		// A request that reads as one JSON value into its message costs one
		// pass over its body: protojson refuses what follows the value, as
		// anything that is not JSON. Only a refused body is read again, to
		// say what is wrong with it.
		if msg, ok := v.(proto.Message); ok && m.UnmarshalOptions.Unmarshal(body, msg) == nil {
			return nil
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			if errors.Is(err, io.EOF) {
				return io.EOF // an empty body is no error
			}
			return fmt.Errorf("the request body is not valid JSON for this request: %w", err)
		}
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			return fmt.Errorf("the request body is not valid JSON for this request: it goes on after its JSON value (at byte %d)", dec.InputOffset())
		}
		if err := m.Unmarshal(value, v); err != nil {
			return fmt.Errorf("the request body is not valid JSON for this request: %w%s", err, enumValuesAllowed(v, err))
		}
		return nil
	})
}

// badEnum finds the field protojson names when it refuses an enum value.
var badEnum = regexp.MustCompile(`invalid value for enum field (\w+)`)

// enumValuesAllowed says which values the enum field err names takes, found
// by its name in the message v was read into ("; form takes
// FORM_UNSPECIFIED, FORM_MATCHPOINTS, ..."), or nothing when err is not
// about an enum.
func enumValuesAllowed(v any, err error) string {
	msg, ok := v.(proto.Message)
	match := badEnum.FindStringSubmatch(err.Error())
	if !ok || match == nil {
		return ""
	}
	var says []string
	for _, e := range enumsOfField(msg.ProtoReflect().Descriptor(), match[1], map[protoreflect.FullName]bool{}) {
		values := e.Values()
		names := make([]string, values.Len())
		for i := range values.Len() {
			names[i] = string(values.Get(i).Name())
		}
		says = append(says, fmt.Sprintf("%s takes %s", match[1], strings.Join(names, ", ")))
	}
	if len(says) == 0 {
		return ""
	}
	return "; " + strings.Join(says, "; or ")
}

// enumsOfField returns the enums of the fields called name (by their proto
// or JSON name) in md and the messages within it, each enum once.
func enumsOfField(md protoreflect.MessageDescriptor, name string, seen map[protoreflect.FullName]bool) []protoreflect.EnumDescriptor {
	if seen[md.FullName()] {
		return nil
	}
	seen[md.FullName()] = true
	var found []protoreflect.EnumDescriptor
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		switch {
		case f.Enum() != nil && (string(f.Name()) == name || f.JSONName() == name) && !seen[f.Enum().FullName()]:
			seen[f.Enum().FullName()] = true
			found = append(found, f.Enum())
		case f.Message() != nil:
			found = append(found, enumsOfField(f.Message(), name, seen)...)
		}
	}
	return found
}

// errorHandler writes a REST error as the gateway does, with the statuses
// the gateway cannot know: 413 for a body cut off at the cap, and a
// Retry-After header for a ResourceExhausted call that says when to retry.
// The body is the google.rpc.Status with the HTTP status beside its code
// (errorBody).
func errorHandler(ctx context.Context, mux *runtime.ServeMux, m runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
	if limit, cut := bodyCutOff(r); cut {
		err = tooLarge(limit)
	}
	st := status.Convert(err)
	httpStatus := runtime.HTTPStatusFromCode(st.Code())
	if hse, ok := errors.AsType[*runtime.HTTPStatusError](err); ok {
		st, httpStatus = status.Convert(hse.Err), hse.HTTPStatus
	}
	if st.Code() == codes.ResourceExhausted {
		for _, d := range st.Details() {
			if info, ok := d.(*errdetails.RetryInfo); ok && info.GetRetryDelay() != nil {
				secs := math.Ceil(info.GetRetryDelay().AsDuration().Seconds())
				w.Header().Set("Retry-After", strconv.Itoa(max(1, int(secs))))
			}
		}
	}
	runtime.DefaultHTTPErrorHandler(ctx, mux, errorBody{m, httpStatus}, w, r, err)
}

// errorBody encodes an error's google.rpc.Status as its marshaler does, with
// the HTTP status of the answer beside the code and the message:
// {"code": 5, "message": "...", "http_status": 404, "details": [...]}, so
// that a client that logs the body keeps the status.
type errorBody struct {
	runtime.Marshaler
	httpStatus int
}

func (b errorBody) Marshal(v any) ([]byte, error) {
	encoded, err := b.Marshaler.Marshal(v)
	if _, ok := v.(*spb.Status); !ok || err != nil {
		return encoded, err
	}
	var st struct {
		Code    json.RawMessage `json:"code"`
		Message json.RawMessage `json:"message"`
		Details json.RawMessage `json:"details"`
	}
	if err := json.Unmarshal(encoded, &st); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // the message reads as it was written
	err = enc.Encode(struct {
		Code       json.RawMessage `json:"code"`
		Message    json.RawMessage `json:"message"`
		HTTPStatus int             `json:"http_status"`
		Details    json.RawMessage `json:"details,omitempty"`
	}{st.Code, st.Message, b.httpStatus, st.Details})
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), err
}

// probeKey marks the requests routingErrorHandler sends through the mux to
// learn which methods a path has; answerProbes answers them before any
// handler runs.
type probeKey struct{}

const probeMatched = http.StatusNoContent

func answerProbes(next runtime.HandlerFunc) runtime.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		if r.Context().Value(probeKey{}) != nil {
			w.WriteHeader(probeMatched)
			return
		}
		next(w, r, params)
	}
}

// routingErrorHandler answers a wrong method on a known path with 405 and
// the methods the path has in Allow (the gateway answers 501 by itself), and
// an unknown path with a 404 that names it.
func routingErrorHandler(ctx context.Context, mux *runtime.ServeMux, m runtime.Marshaler, w http.ResponseWriter, r *http.Request, httpStatus int) {
	if r.Context().Value(probeKey{}) != nil {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	if httpStatus == http.StatusNotFound {
		errorHandler(ctx, mux, m, w, r, &runtime.HTTPStatusError{
			HTTPStatus: http.StatusNotFound,
			Err:        status.Errorf(codes.NotFound, "there is no route %s %s here: /openapi.json lists the routes this Director serves", r.Method, r.URL.Path),
		})
		return
	}
	if httpStatus != http.StatusMethodNotAllowed {
		runtime.DefaultRoutingErrorHandler(ctx, mux, m, w, r, httpStatus)
		return
	}
	allowed := allowedMethods(mux, r)
	w.Header().Set("Allow", strings.Join(allowed, ", "))
	errorHandler(ctx, mux, m, w, r, &runtime.HTTPStatusError{
		HTTPStatus: http.StatusMethodNotAllowed,
		Err:        status.Errorf(codes.Unimplemented, "%s does not take %s; it takes %s", r.URL.Path, r.Method, strings.Join(allowed, ", ")),
	})
}

// allowedMethods asks the mux which methods it routes for the path of r.
func allowedMethods(mux *runtime.ServeMux, r *http.Request) []string {
	var allowed []string
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := r.Clone(context.WithValue(r.Context(), probeKey{}, true))
		probe.Method, probe.Body, probe.ContentLength, probe.Header = method, http.NoBody, 0, http.Header{}
		rec := &statusRecorder{header: http.Header{}}
		mux.ServeHTTP(rec, probe)
		if rec.status == probeMatched {
			allowed = append(allowed, method)
		}
	}
	return allowed
}

// statusRecorder keeps the status of a probe and discards the rest.
type statusRecorder struct {
	header http.Header
	status int
}

func (s *statusRecorder) Header() http.Header         { return s.header }
func (s *statusRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (s *statusRecorder) WriteHeader(code int)        { s.status = code }

// incomingHeader forwards the HTTP headers the gateway forwards by default
// (authorization and the client's address are forwarded apart from it), but
// never one that would reach the services as metadata of the caller's
// choosing: the x-director-* keys carry a service's identity and the mark of
// a rate already taken (platform.DirectorMetadataPrefix), and Grpc-Metadata-*
// would let a client set any key.
func incomingHeader(key string) (string, bool) {
	lower := strings.ToLower(key)
	if strings.HasPrefix(lower, platform.DirectorMetadataPrefix) || strings.HasPrefix(lower, "grpc-metadata-") {
		return "", false
	}
	return runtime.DefaultHeaderMatcher(key)
}

// outgoingHeader passes the auth mode header through under its own name and
// the other response metadata with the gateway's Grpc-Metadata- prefix.
func outgoingHeader(key string) (string, bool) {
	switch key {
	case platform.AuthModeHeader:
		return key, true
	case "content-type": // gRPC's own, not the answer's
		return "", false
	case platform.VersionHeader: // sent as the ETag (answerVersion)
		return "", false
	}
	return runtime.MetadataHeaderPrefix + key, true
}
