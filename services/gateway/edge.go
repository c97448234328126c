package gateway

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/rs/cors"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/bridge-director/director/services/platform"
)

// edge holds the checks a REST request meets before its body is read, so
// that an unknown caller, a caller over its rate or an oversized body costs
// nothing; guard runs them before routing, requireJSON after.
type edge struct {
	mux     *runtime.ServeMux // answers the refusals as the gateway answers errors
	auth    *platform.Authenticator
	maxBody int64
	log     *slog.Logger
}

// edgeCall is what guard learnt of a request, for the checks and the
// gateway after it.
type edgeCall struct {
	client    string // the address the request came from
	principal string // the name of its known token; "" without one
	rateTaken bool   // the request was taken from its caller's rate
	body      *bodyState
}

type edgeKey struct{}

func edgeCallOf(r *http.Request) (*edgeCall, bool) {
	c, ok := r.Context().Value(edgeKey{}).(*edgeCall)
	return c, ok
}

// guard wraps the REST handler. It admits the request as the auth
// interceptor admits a gRPC call (platform.Authenticator.Admit): by its
// bearer token, or by its address without one, taken from the caller's
// rate; over it is 429 with Retry-After, and an unknown or malformed token
// is 401, after it is taken from the public rate of its address, so that
// guessing tokens is as slow as any anonymous call. A declared length over
// maxBody is 413, and a body sent without a length is cut off at maxBody
// (also 413). The request then goes on marked, so that the interceptor does
// not take it again (rateTaken). Every refusal is logged with the client
// address.
func (e *edge) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		call := &edgeCall{client: remoteHost(r)}
		r = r.WithContext(context.WithValue(r.Context(), edgeKey{}, call))
		var err error
		call.principal, call.rateTaken, err = e.auth.Admit(r.Context(), r.Header.Get("Authorization"), call.client)
		if err != nil {
			e.refuse(w, r, err)
			return
		}
		if r.ContentLength > e.maxBody {
			e.refuse(w, r, tooLarge(e.maxBody))
			return
		}
		if r.ContentLength != 0 { // -1 is a body of unknown length
			call.body = &bodyState{limit: e.maxBody}
			r.Body = &cappedBody{ReadCloser: http.MaxBytesReader(w, r.Body, e.maxBody), state: call.body}
		}
		next.ServeHTTP(w, r)
		if call.body != nil && call.body.tooLarge.Load() {
			e.logRefusal(r, tooLarge(e.maxBody)) // answered by errorHandler
		}
	})
}

// requireJSON is the gateway middleware that answers 415 to a method that
// takes a body (POST, PUT, PATCH, DELETE) sent without Content-Type
// application/json, whatever its length: a browser sends a cross-site form
// (even an empty one) without asking first, but never as JSON. It runs
// after routing, so that a method the path does not take is 405.
func (e *edge) requireJSON(next runtime.HandlerFunc) runtime.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			if err := checkJSON(r.Header.Get("Content-Type")); err != nil {
				e.refuse(w, r, err)
				return
			}
		}
		next(w, r, params)
	}
}

// refuse answers err as the gateway answers errors, and logs it.
func (e *edge) refuse(w http.ResponseWriter, r *http.Request, err error) {
	// The body stays unread: over HTTP/1 tell the client this connection
	// ends rather than read what it still sends (HTTP/2 resets just the
	// stream; Connection: close would end them all).
	if r.ProtoMajor == 1 && r.ContentLength != 0 {
		w.Header().Set("Connection", "close")
	}
	e.logRefusal(r, err)
	_, out := runtime.MarshalerForRequest(e.mux, r)
	runtime.HTTPError(r.Context(), e.mux, out, w, r, err)
}

// logRefusal logs the refusal of r with err and the client address: a
// warning for a caller refused (401, 429, 413), information for a body of
// the wrong type (415).
func (e *edge) logRefusal(r *http.Request, err error) {
	inner, httpStatus := err, 0
	if hse, ok := errors.AsType[*runtime.HTTPStatusError](err); ok {
		inner, httpStatus = hse.Err, hse.HTTPStatus
	}
	st := status.Convert(inner)
	if httpStatus == 0 {
		httpStatus = runtime.HTTPStatusFromCode(st.Code())
	}
	call, ok := edgeCallOf(r)
	if !ok {
		call = &edgeCall{client: remoteHost(r)}
	}
	e.log.Log(r.Context(), platform.LogLevel(st.Code()), "http refused", "method", r.Method, "path", r.URL.Path,
		"status", httpStatus, "code", st.Code().String(), "client", call.client, "principal", call.principal, "error", st.Message())
}

// rateTakenMetadata is the gateway's metadata annotator that marks a call
// guard took from its caller's rate (see rateTaken).
func rateTakenMetadata(_ context.Context, r *http.Request) metadata.MD {
	if call, ok := edgeCallOf(r); ok && call.rateTaken {
		return metadata.Pairs(platform.RateTakenHeader, "1")
	}
	return nil
}

// remoteHost is the address a REST request came from: the host of its
// connection, which the gateway forwards last in x-forwarded-for.
func remoteHost(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

// withCORS adds CORS headers for the allowed origins only; without any,
// browsers keep to the same origin.
func withCORS(h http.Handler, origins []string) http.Handler {
	if len(origins) == 0 {
		return h
	}
	return cors.New(cors.Options{
		AllowedOrigins: origins,
		AllowedMethods: []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete},
		AllowedHeaders: []string{"Authorization", "Content-Type", "If-None-Match", "Last-Event-ID"},
		ExposedHeaders: []string{"Retry-After", "Allow", "ETag", platform.AuthModeHeader},
		MaxAge:         600,
	}).Handler(h)
}

// checkJSON accepts application/json, in UTF-8 if a charset is named.
func checkJSON(contentType string) error {
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err == nil && mediaType == "application/json" {
		if cs, ok := params["charset"]; !ok || strings.EqualFold(cs, "utf-8") {
			return nil
		}
	}
	if contentType == "" {
		contentType = "none"
	}
	return &runtime.HTTPStatusError{
		HTTPStatus: http.StatusUnsupportedMediaType,
		Err: status.Errorf(codes.InvalidArgument,
			"a request body must be JSON, sent with Content-Type: application/json; this one has Content-Type %s", contentType),
	}
}

func tooLarge(maxBody int64) error {
	return &runtime.HTTPStatusError{
		HTTPStatus: http.StatusRequestEntityTooLarge,
		Err:        status.Errorf(codes.ResourceExhausted, "the request body is larger than this Director takes (%d bytes)", maxBody),
	}
}

// bodyState records that a body was cut off at the cap, so that the error
// the gateway makes of it (an InvalidArgument "request body too large")
// answers 413.
type bodyState struct {
	limit    int64
	tooLarge atomic.Bool
}

type cappedBody struct {
	io.ReadCloser
	state *bodyState
}

func (b *cappedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		b.state.tooLarge.Store(true)
	}
	return n, err
}

// bodyCutOff reports whether the body of r was cut off at the cap, and the
// cap.
func bodyCutOff(r *http.Request) (int64, bool) {
	call, ok := edgeCallOf(r)
	if !ok || call.body == nil || !call.body.tooLarge.Load() {
		return 0, false
	}
	return call.body.limit, true
}
