package dealingservice

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// The REST route of ExportBoardSet answers JSON, with the file base64-encoded
// in it. People and duplicating-machine software want the file itself, so
// each set's files are also served as downloads, named by their extension:
//
//	GET /v1/events/{event}/sessions/{session}/boardsets/{boardset}/files/{any name}.pbn
//
// The download calls ExportBoardSet over gRPC like every REST route, so the
// same authentication, secrecy and audit apply.
var download = platform.Download{
	Pattern: "/v1/events/{event}/sessions/{session}/boardsets/{boardset}/files/{file}",
	Method:  dealingv1.DealingService_ExportBoardSet_FullMethodName,
	Summary: "Download a board set's file",
	Description: "The board set as a file, its format named by the ending of {file}: .pbn, .dup, .dlm, .bri, .dge, .lin, " +
		"or the hand records as .pdf or .html (shown in the browser). Only directors see a set's cards before it is released.",
	ContentTypes: downloadTypes(),
}

// downloadTypes are the media types of the files the download serves.
func downloadTypes() []string {
	var types []string
	for _, format := range formatsByExtension {
		types = append(types, exporters[format].contentType)
	}
	slices.Sort(types)
	return slices.Compact(types)
}

// Downloads are the file downloads the service serves beside its REST
// routes.
func Downloads() []platform.Download { return []platform.Download{download} }

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
	return platform.HandleDownload(mux, download, func(ctx context.Context, params map[string]string) (platform.File, error) {
		format, ok := formatsByExtension[strings.ToLower(path.Ext(params["file"]))]
		if !ok {
			return platform.File{}, status.Errorf(codes.NotFound, "no file %q: name a file ending in .pbn, .dup, .dlm, .bri, .dge, .lin, .pdf or .html", params["file"])
		}
		session, err := strconv.ParseInt(params["session"], 10, 32)
		if err != nil {
			return platform.File{}, platform.FieldError("session", fmt.Sprintf("%q is not a session number", params["session"]))
		}
		name := resource.BoardSet{Event: params["event"], Session: int32(session), BoardSet: params["boardset"]}
		file, err := client.ExportBoardSet(ctx, &dealingv1.ExportBoardSetRequest{Name: name.String(), Format: format})
		if err != nil {
			return platform.File{}, err
		}
		// Hand records are for people: show them in the browser.
		inline := format == dealingv1.Format_FORMAT_HAND_RECORD_PDF || format == dealingv1.Format_FORMAT_HAND_RECORD_HTML
		return platform.File{Name: file.GetFileName(), ContentType: file.GetContentType(), Content: file.GetContent(), Inline: inline}, nil
	})
}
