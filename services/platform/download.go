package platform

import (
	"context"
	"mime"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
)

// File is what a download answers: a name, a media type and the bytes.
type File struct {
	Name, ContentType string
	Content           []byte
	// Inline asks a browser to show the file rather than save it.
	Inline bool
}

// Download declares a file download of a service: where it is served, the
// gRPC method it calls and what it answers. The service registers it with
// HandleDownload, and lists it for the OpenAPI description (cmd/openapi),
// where the routes grpc-gateway generates are described already.
type Download struct {
	// Pattern is a grpc-gateway path pattern such as
	// "/v1/events/{event}/files/{file}".
	Pattern string
	// Method is the full name of the gRPC method the download calls.
	Method string
	// Variant tells apart the downloads that call one method, in the
	// description's operation ids ("WithDeals"); empty for the first.
	Variant string
	// Summary and Description say what the file is and how its name is
	// chosen, for the description.
	Summary, Description string
	// ContentTypes are the media types the download may answer.
	ContentTypes []string
	// Query are the query parameters the route takes.
	Query []Parameter
	// Answer says what the route answers, for a route that answers other
	// than a file named by its Content-Disposition (server-sent events).
	Answer string
	// Operation names a route that calls no one method (the watch of
	// several services' feeds), in place of Method and Variant.
	Operation string
}

// Parameter is a query parameter of a route served beside the mux.
type Parameter struct {
	Name, Description string
}

// HandleDownload serves GET d.Pattern as a file download. fetch gets the
// pattern's variables and a context that carries the request's credentials as
// gRPC metadata, as the generated routes do, for calling the gRPC method
// d.Method (so the same interceptors apply). Errors are written like every
// REST error.
func HandleDownload(mux *runtime.ServeMux, d Download, fetch func(ctx context.Context, params map[string]string) (File, error)) error {
	pattern, method := d.Pattern, d.Method
	return mux.HandlePath(http.MethodGet, pattern, func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		fail := func(ctx context.Context, err error) {
			_, out := runtime.MarshalerForRequest(mux, r)
			runtime.HTTPError(ctx, mux, out, w, r, err)
		}
		ctx, err := runtime.AnnotateContext(r.Context(), mux, r, method, runtime.WithHTTPPathPattern(pattern))
		if err != nil {
			fail(r.Context(), err)
			return
		}
		file, err := fetch(ctx, params)
		if err != nil {
			fail(ctx, err)
			return
		}
		disposition := "attachment"
		if file.Inline {
			disposition = "inline"
		}
		w.Header().Set("Content-Type", file.ContentType)
		w.Header().Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": file.Name}))
		w.Header().Set("Cache-Control", "no-store") // files may hold secret deals
		w.Write(file.Content)
	})
}
