// Command openapi completes the OpenAPI description protoc-gen-openapiv2
// writes from the protos and converts it to OpenAPI 3.0, for the REST
// facade to serve both (services/gateway). .ci/generate runs it:
//
//	go run ./cmd/openapi services/gateway/director.swagger.json services/gateway/director.openapi3.json
//
// It rewrites the Swagger 2.0 file with what the protos cannot say: the
// title and version of the API, the bearer token every route takes, the
// error answers every route may give (with the HTTP status in the body,
// services/gateway/mux.go) and the file downloads the services serve beside
// their grpc-gateway routes (platform.Download). Then it writes the same
// description as OpenAPI 3.0, for the client generators that read only 3.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"

	dealingservice "github.com/bridge-director/director/services/dealing"
	"github.com/bridge-director/director/services/gateway"
	movementservice "github.com/bridge-director/director/services/movement"
	"github.com/bridge-director/director/services/platform"
	scoringservice "github.com/bridge-director/director/services/scoring"
)

// downloads are the file downloads of every service that serves some.
func downloads() []platform.Download {
	return slices.Concat(dealingservice.Downloads(), movementservice.Downloads(), scoringservice.Downloads(), gateway.Streams())
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: openapi <swagger 2.0 file, rewritten> <OpenAPI 3.0 file, written>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "openapi:", err)
		os.Exit(1)
	}
}

func run(swaggerPath, v3Path string) error {
	raw, err := os.ReadFile(swaggerPath)
	if err != nil {
		return err
	}
	var doc openapi2.T
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("%s: %w", swaggerPath, err)
	}
	if err := complete(&doc, downloads()); err != nil {
		return fmt.Errorf("%s: %w", swaggerPath, err)
	}
	v3, err := convert(&doc)
	if err != nil {
		return err
	}
	if err := write(swaggerPath, &doc); err != nil {
		return err
	}
	return write(v3Path, v3)
}

func write(path string, doc any) error {
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, append(out, '\n'), 0o644)
}

const (
	// bearer names the security scheme of the description.
	bearer = "bearer"
	// errorSchema is the definition of every error answer, the generator's
	// google.rpc.Status (statusSchema) with the HTTP status beside its code.
	errorSchema  = "Error"
	statusSchema = "rpcStatus"
	tokenHelp    = "A token of this Director's --auth-config, sent as `Authorization: Bearer <token>`. " +
		"Reads open to the public (standings, travellers, scorecards of a published event) need none; " +
		"a Director started without --auth-config takes every call without one."
)

// errorAnswers are the error statuses any route may answer, beside the
// default; README's "What the answers mean" says when each comes.
var errorAnswers = map[string]string{
	"400": "A field of the request is wrong (named in the message and the BadRequest detail), or the body is not one JSON value of the request.",
	"401": "No token where one is needed, a malformed Authorization header, or a token this Director does not know.",
	"403": "The token's roles may not call this, or its events or tables do not cover what the request names.",
	"404": "What the request names does not exist (named in the message and the ResourceInfo detail).",
	"429": "Too many calls for the token or the address; Retry-After says how many seconds to wait.",
}

// complete adds to a description protoc-gen-openapiv2 wrote the parts the
// protos cannot say (the command's comment lists them).
func complete(doc *openapi2.T, downloads []platform.Download) error {
	doc.Info.Title = "Director"
	doc.Info.Version = "v1"
	doc.Info.Description = "The REST API of Director, duplicate bridge event software: events, movements, " +
		"board sets, results, standings and rulings. Every route calls the gRPC method of the same name; " +
		"the protos in proto/bridge/ say what every field means."
	doc.SecurityDefinitions = map[string]*openapi2.SecurityScheme{
		bearer: {Type: "apiKey", In: "header", Name: "Authorization", Description: tokenHelp},
	}
	doc.Security = openapi2.SecurityRequirements{{bearer: {}}}
	if err := defineError(doc); err != nil {
		return err
	}
	for _, d := range downloads {
		if err := addDownload(doc, d); err != nil {
			return err
		}
	}
	singularVariables(doc)
	for path, item := range doc.Paths {
		for method, op := range item.Operations() {
			if op.Responses == nil || op.Responses.Value("200") == nil {
				return fmt.Errorf("%s %s answers nothing on success", method, path)
			}
			describeErrors(op.Responses)
		}
	}
	return nil
}

// defineError adds the Error definition, the google.rpc.Status with the
// HTTP status, and makes every answer that was a Status an Error.
func defineError(doc *openapi2.T) error {
	if doc.Definitions[errorSchema] != nil {
		return nil // completed already
	}
	status := doc.Definitions[statusSchema]
	if status == nil || status.Value == nil {
		return fmt.Errorf("no %s definition for the error answers: did protoc-gen-openapiv2 write this file?", statusSchema)
	}
	e := *status.Value
	e.Description = "An error answer: the gRPC status of the call (code, message and details such as google.rpc.BadRequest) and its HTTP status."
	e.Properties = maps.Clone(e.Properties)
	e.Properties["http_status"] = &openapi2.SchemaRef{Value: &openapi2.Schema{
		Type:        &openapi3.Types{"integer"},
		Format:      "int32",
		Description: "The HTTP status of the answer, as in its status line (404 for NotFound).",
	}}
	doc.Definitions[errorSchema] = &openapi2.SchemaRef{Value: &e}
	for _, item := range doc.Paths {
		for _, op := range item.Operations() {
			for _, r := range op.Responses.Map() {
				if r.Schema != nil && r.Schema.Ref == "#/definitions/"+statusSchema {
					r.Schema = errorRef()
				}
				// A stream's answer is an object per message, its error
				// beside its result.
				if r.Schema != nil && r.Schema.Value != nil {
					for name, p := range r.Schema.Value.Properties {
						if p.Ref == "#/definitions/"+statusSchema {
							r.Schema.Value.Properties[name] = errorRef()
						}
					}
				}
			}
		}
	}
	delete(doc.Definitions, statusSchema)
	if used, err := json.Marshal(doc); err != nil || bytes.Contains(used, []byte(`"#/definitions/`+statusSchema+`"`)) {
		return errors.Join(err, fmt.Errorf("%s is still used beside the error answers", statusSchema))
	}
	return nil
}

func errorRef() *openapi2.SchemaRef { return &openapi2.SchemaRef{Ref: "#/definitions/" + errorSchema} }

// describeErrors adds the error answers a route lacks, and a description
// to any answer without one.
func describeErrors(responses *openapi2.Responses) {
	for code, help := range errorAnswers {
		if responses.Value(code) == nil {
			responses.Set(code, &openapi2.Response{Description: help, Schema: errorRef()})
		}
	}
	if responses.Value("default") == nil {
		responses.Set("default", &openapi2.Response{Description: "Any other error.", Schema: errorRef()})
	}
	for _, r := range responses.Map() {
		if strings.TrimSpace(r.Description) == "" {
			r.Description = "An answer."
		}
	}
}

var pathVariable = regexp.MustCompile(`\{([^}]*)\}`)

// collectionVariable is a variable protoc-gen-openapiv2 named after the
// collection before it by dropping its s: penalties/{penaltie}.
var collectionVariable = regexp.MustCompile(`/(\w+)ies/\{(\w+)ie\}`)

// singularVariables names such a variable as the singular it stands for
// (penalties/{penalty}), in its path and in its parameters.
func singularVariables(doc *openapi2.T) {
	for path, item := range doc.Paths {
		renamed := map[string]string{}
		fixed := collectionVariable.ReplaceAllStringFunc(path, func(m string) string {
			sub := collectionVariable.FindStringSubmatch(m)
			if sub[1] != sub[2] {
				return m
			}
			renamed[sub[2]+"ie"] = sub[2] + "y"
			return "/" + sub[1] + "ies/{" + sub[2] + "y}"
		})
		if len(renamed) == 0 {
			continue
		}
		for _, op := range item.Operations() {
			for _, p := range op.Parameters {
				if to, ok := renamed[p.Name]; ok && p.In == "path" {
					p.Name = to
				}
			}
		}
		delete(doc.Paths, path)
		doc.Paths[fixed] = item
	}
}

// addDownload describes the download d as a GET of its pattern.
func addDownload(doc *openapi2.T, d platform.Download) error {
	service, method, ok := strings.Cut(strings.TrimPrefix(d.Method, "/"), "/")
	if !ok && d.Operation == "" || d.Pattern == "" || d.Summary == "" || len(d.ContentTypes) == 0 {
		return fmt.Errorf("the download %q of %q needs a pattern, a method (or an operation), a summary and its media types", d.Pattern, d.Method)
	}
	service = service[strings.LastIndex(service, ".")+1:]
	id := service + "_" + method + d.Variant + "File"
	if d.Answer != "" {
		id = service + "_" + method + d.Variant + "Events"
	}
	if d.Operation != "" {
		service, id = "Gateway", d.Operation
	}
	op := &openapi2.Operation{
		Summary:     d.Summary,
		Description: d.Description,
		Tags:        []string{service},
		OperationID: id,
		Produces:    slices.Concat(d.ContentTypes, []string{"application/json"}),
		Responses:   openapi2.NewResponsesWithCapacity(1),
	}
	for _, v := range pathVariable.FindAllStringSubmatch(d.Pattern, -1) {
		if strings.ContainsAny(v[1], "=*") {
			return fmt.Errorf("the download %s: write each variable as a segment of its own ({event}), not %s", d.Pattern, v[0])
		}
		op.Parameters = append(op.Parameters, &openapi2.Parameter{In: "path", Name: v[1], Required: true, Type: &openapi3.Types{"string"}})
	}
	for _, q := range d.Query {
		op.Parameters = append(op.Parameters, &openapi2.Parameter{In: "query", Name: q.Name, Description: q.Description, Type: &openapi3.Types{"string"}})
	}
	answer := &openapi2.Response{
		Description: "The file, with Content-Disposition naming it.",
		Schema:      &openapi2.SchemaRef{Value: &openapi2.Schema{Type: &openapi3.Types{"file"}}},
	}
	if d.Answer != "" {
		answer = &openapi2.Response{Description: d.Answer, Schema: &openapi2.SchemaRef{Value: &openapi2.Schema{Type: &openapi3.Types{"string"}}}}
	}
	op.Responses.Set("200", answer)
	if doc.Paths == nil {
		doc.Paths = map[string]*openapi2.PathItem{}
	}
	item := doc.Paths[d.Pattern]
	if item == nil {
		item = &openapi2.PathItem{}
		doc.Paths[d.Pattern] = item
	}
	if old := item.Get; old != nil && old.OperationID != op.OperationID {
		return fmt.Errorf("the download %s is also the route of %s", d.Pattern, old.OperationID)
	}
	item.Get = op
	return nil
}

// convert writes doc as OpenAPI 3.0, with the token as an HTTP bearer
// scheme (Swagger 2.0 has none, so doc says it as a header) and the
// description served at the root of the Director that serves it.
func convert(doc *openapi2.T) (*openapi3.T, error) {
	v3, err := openapi2conv.ToV3(doc)
	if err != nil {
		return nil, fmt.Errorf("converting to OpenAPI 3: %w", err)
	}
	v3.Components.SecuritySchemes[bearer] = &openapi3.SecuritySchemeRef{Value: &openapi3.SecurityScheme{
		Type: "http", Scheme: "bearer", Description: tokenHelp,
	}}
	v3.Servers = openapi3.Servers{{URL: "/", Description: "The Director serving this description."}}
	// Swagger 2.0 gives an operation one list of media types for all its
	// answers: a download lists its files' and JSON's. OpenAPI 3 says them
	// per answer: errors are JSON, the file is one of the others.
	for _, item := range v3.Paths.Map() {
		for _, op := range item.Operations() {
			for _, r := range op.Responses.Map() {
				if r.Value == nil || len(r.Value.Content) < 2 {
					continue
				}
				if asJSON := r.Value.Content.Get("application/json"); asJSON != nil && asJSON.Schema != nil && asJSON.Schema.Ref == "#/components/schemas/"+errorSchema {
					r.Value.Content = openapi3.Content{"application/json": asJSON}
				} else {
					delete(r.Value.Content, "application/json")
				}
			}
		}
	}
	if err := v3.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("the OpenAPI 3 description is not valid: %w", err)
	}
	return v3, nil
}
