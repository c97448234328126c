// Package gateway holds what Director's REST facade serves beside the routes
// that grpc-gateway generates from proto/http.yaml: the OpenAPI description of
// every route, generated from the protos by .ci/generate.
package gateway

import (
	_ "embed"
	"net/http"
)

//go:embed director.swagger.json
var openAPI []byte

// OpenAPIPath is where the OpenAPI description is served.
const OpenAPIPath = "/openapi.json"

// OpenAPI serves the OpenAPI (Swagger 2.0) description of the REST API.
func OpenAPI() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "use GET", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(openAPI)
	})
}
