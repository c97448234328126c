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

// HandleDownload serves GET pattern (a grpc-gateway path pattern such as
// "/v1/events/{event}/files/{file}") as a file download. fetch gets the
// pattern's variables and a context that carries the request's credentials as
// gRPC metadata, as the generated routes do, for calling the gRPC method
// named by method (so the same interceptors apply). Errors are written like
// every REST error.
func HandleDownload(mux *runtime.ServeMux, pattern, method string, fetch func(ctx context.Context, params map[string]string) (File, error)) error {
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
