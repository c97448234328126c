package dealing

import (
	"fmt"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
)

// The REST route of ExportBoardSet answers JSON, with the file base64-encoded
// in it. People and duplicating-machine software want the file itself, so
// each set's files are also served as downloads, named by their extension:
//
//	GET /v1/events/{event}/sessions/{session}/boardsets/{boardset}/files/{any name}.pbn
//
// The download calls ExportBoardSet over gRPC like every REST route, so the
// same authentication, secrecy and audit apply.
const downloadPattern = "/v1/events/{event}/sessions/{session}/boardsets/{boardset}/files/{file}"

// formatsByExtension maps a file extension to the format served.
var formatsByExtension = map[string]dealingv1.Format{
	".pbn":  dealingv1.Format_FORMAT_PBN,
	".dup":  dealingv1.Format_FORMAT_DUP,
	".dlm":  dealingv1.Format_FORMAT_DLM,
	".bri":  dealingv1.Format_FORMAT_BRI,
	".dge":  dealingv1.Format_FORMAT_DGE,
	".lin":  dealingv1.Format_FORMAT_LIN,
	".pdf":  dealingv1.Format_FORMAT_HAND_RECORD_PDF,
	".html": dealingv1.Format_FORMAT_HAND_RECORD_HTML,
}

func registerDownloads(mux *runtime.ServeMux, client dealingv1.DealingServiceClient) error {
	return mux.HandlePath(http.MethodGet, downloadPattern, func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		fail := func(err error) {
			_, out := runtime.MarshalerForRequest(mux, r)
			runtime.HTTPError(r.Context(), mux, out, w, r, err)
		}
		format, ok := formatsByExtension[strings.ToLower(path.Ext(params["file"]))]
		if !ok {
			fail(status.Errorf(codes.NotFound, "no file %q: name a file ending in .pbn, .dup, .dlm, .bri, .dge, .lin, .pdf or .html", params["file"]))
			return
		}
		name := fmt.Sprintf("events/%s/sessions/%s/boardsets/%s", params["event"], params["session"], params["boardset"])
		ctx, err := runtime.AnnotateContext(r.Context(), mux, r, dealingv1.DealingService_ExportBoardSet_FullMethodName, runtime.WithHTTPPathPattern(downloadPattern))
		if err != nil {
			fail(err)
			return
		}
		file, err := client.ExportBoardSet(ctx, &dealingv1.ExportBoardSetRequest{Name: name, Format: format})
		if err != nil {
			fail(err)
			return
		}
		disposition := "attachment"
		if format == dealingv1.Format_FORMAT_HAND_RECORD_PDF || format == dealingv1.Format_FORMAT_HAND_RECORD_HTML {
			disposition = "inline" // for people: show it in the browser
		}
		w.Header().Set("Content-Type", file.GetContentType())
		w.Header().Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": file.GetFileName()}))
		w.Header().Set("Cache-Control", "no-store") // secret deals must not linger in caches
		w.Write(file.GetContent())
	})
}
