package platform

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/rs/cors"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// guardHTTP wraps the REST handler with the checks that run before a body
// is read, so that an unknown caller or an oversized body costs nothing: an
// unknown bearer token is 401, a declared length over maxBody is 413, a
// body that is not JSON is 415, and a body sent without a length is cut off
// at maxBody (also 413). CORS headers are added for the allowed origins
// only; with none, browsers keep to the same origin.
func guardHTTP(next http.Handler, mux *runtime.ServeMux, auth *Authenticator, maxBody int64, origins []string) http.Handler {
	fail := func(w http.ResponseWriter, r *http.Request, err error) {
		// The body stays unread: over HTTP/1 tell the client this
		// connection ends rather than read what it still sends (HTTP/2
		// resets just the stream; Connection: close would end them all).
		if r.ProtoMajor == 1 {
			w.Header().Set("Connection", "close")
		}
		_, out := runtime.MarshalerForRequest(mux, r)
		runtime.HTTPError(r.Context(), mux, out, w, r, err)
	}
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := auth.checkBearer(r.Header.Get("Authorization")); err != nil {
			fail(w, r, err)
			return
		}
		if r.ContentLength != 0 { // -1 is a body of unknown length
			if r.ContentLength > maxBody {
				fail(w, r, tooLarge(maxBody))
				return
			}
			if err := checkJSON(r.Header.Get("Content-Type")); err != nil {
				fail(w, r, err)
				return
			}
			state := &bodyState{limit: maxBody}
			r = r.WithContext(context.WithValue(r.Context(), bodyKey{}, state))
			r.Body = &cappedBody{ReadCloser: http.MaxBytesReader(w, r.Body, maxBody), state: state}
		}
		next.ServeHTTP(w, r)
	})
	if len(origins) > 0 {
		h = cors.New(cors.Options{
			AllowedOrigins: origins,
			AllowedMethods: []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete},
			AllowedHeaders: []string{"Authorization", "Content-Type"},
			ExposedHeaders: []string{"Retry-After", "Allow", AuthModeHeader},
			MaxAge:         600,
		}).Handler(h)
	}
	return h
}

// checkBearer refuses an authorization header whose token this Director
// does not know, the way the auth interceptor would, but before the body is
// read. No header is for the interceptor to judge: public methods need none.
func (a *Authenticator) checkBearer(header string) error {
	if header == "" || a.Development() {
		return nil
	}
	token, err := bearerToken(metadata.NewIncomingContext(context.Background(), metadata.Pairs("authorization", header)))
	if err != nil {
		return err
	}
	if _, ok := a.authenticate(token); !ok {
		return unauthenticated("the bearer token is not known to this Director")
	}
	return nil
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

type bodyKey struct{}

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
	state, ok := r.Context().Value(bodyKey{}).(*bodyState)
	if !ok || !state.tooLarge.Load() {
		return 0, false
	}
	return state.limit, true
}
