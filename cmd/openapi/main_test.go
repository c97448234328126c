package main

import (
	"bytes"
	"encoding/json"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi2"

	"github.com/bridge-director/director/services/platform"
)

const (
	swaggerFile = "../../services/gateway/director.swagger.json"
	v3File      = "../../services/gateway/director.openapi3.json"
)

// generated reads the committed Swagger 2.0 description.
func generated(t *testing.T) *openapi2.T {
	t.Helper()
	raw, err := os.ReadFile(swaggerFile)
	if err != nil {
		t.Fatal(err)
	}
	var doc openapi2.T
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

// TestDescriptionsAreCurrent: completing the committed description again
// changes nothing, and converting it gives the committed OpenAPI 3 file, so
// the two files say the same.
func TestDescriptionsAreCurrent(t *testing.T) {
	dir := t.TempDir()
	swagger, v3 := filepath.Join(dir, "director.swagger.json"), filepath.Join(dir, "director.openapi3.json")
	committed, err := os.ReadFile(swaggerFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(swagger, committed, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(swagger, v3); err != nil {
		t.Fatal(err)
	}
	for written, want := range map[string]string{swagger: swaggerFile, v3: v3File} {
		got, _ := os.ReadFile(written)
		wanted, _ := os.ReadFile(want)
		if !bytes.Equal(got, wanted) {
			t.Errorf("%s differs from what cmd/openapi writes: run .ci/generate", want)
		}
	}
}

// TestEveryDownloadIsDescribed: each service's downloads are GET routes of
// the description, with their variables, their files and the error answers.
func TestEveryDownloadIsDescribed(t *testing.T) {
	doc := generated(t)
	if len(downloads()) == 0 {
		t.Fatal("no downloads")
	}
	for _, d := range downloads() {
		item := doc.Paths[d.Pattern]
		if item == nil || item.Get == nil {
			t.Errorf("%s is not in the description", d.Pattern)
			continue
		}
		op := item.Get
		for _, v := range pathVariable.FindAllStringSubmatch(d.Pattern, -1) {
			found := false
			for _, p := range op.Parameters {
				found = found || (p.In == "path" && p.Name == v[1] && p.Required)
			}
			if !found {
				t.Errorf("%s: no required path parameter %s", d.Pattern, v[1])
			}
		}
		for _, ct := range d.ContentTypes {
			if !strings.Contains(strings.Join(op.Produces, "|"), ct) {
				t.Errorf("%s: produces %v, without %s", d.Pattern, op.Produces, ct)
			}
		}
		r := op.Responses.Value("200")
		switch {
		case d.Answer == "" && (r == nil || r.Schema == nil || r.Schema.Value == nil || !r.Schema.Value.Type.Is("file")):
			t.Errorf("%s: the 200 answer is not a file", d.Pattern)
		case d.Answer != "" && (r == nil || r.Description != d.Answer):
			t.Errorf("%s: the 200 answer does not say %q", d.Pattern, d.Answer)
		}
		for _, q := range d.Query {
			if !slices.ContainsFunc(op.Parameters, func(p *openapi2.Parameter) bool {
				return p.In == "query" && p.Name == q.Name && p.Description == q.Description
			}) {
				t.Errorf("%s: no query parameter %s", d.Pattern, q.Name)
			}
		}
	}
}

// TestEveryRouteIsLintClean checks, route by route, what the linters ask:
// a bearer token, unique operation ids, and every answer described, the
// errors as Error with its http_status.
func TestEveryRouteIsLintClean(t *testing.T) {
	doc := generated(t)
	if s := doc.SecurityDefinitions[bearer]; s == nil || s.In != "header" || s.Name != "Authorization" {
		t.Errorf("security definition %q = %+v, want the Authorization header", bearer, s)
	}
	if len(doc.Security) != 1 || doc.Security[0][bearer] == nil {
		t.Errorf("security = %v, want the bearer token", doc.Security)
	}
	if e := doc.Definitions[errorSchema]; e == nil || e.Value.Properties["http_status"] == nil || e.Value.Properties["code"] == nil {
		t.Errorf("the %s definition lacks http_status or code", errorSchema)
	}
	ids := map[string]string{}
	for path, item := range doc.Paths {
		for method, op := range item.Operations() {
			where := method + " " + path
			if other, ok := ids[op.OperationID]; ok || op.OperationID == "" {
				t.Errorf("%s: operation id %q, also of %s", where, op.OperationID, other)
			}
			ids[op.OperationID] = where
			for _, v := range pathVariable.FindAllStringSubmatch(path, -1) {
				found := false
				for _, p := range op.Parameters {
					found = found || (p.In == "path" && p.Name == v[1])
				}
				if !found || strings.HasSuffix(v[1], "ie") {
					t.Errorf("%s: the variable %s has no parameter of its name, or a name cut from its collection's", where, v[0])
				}
			}
			for code := range errorAnswers {
				if r := op.Responses.Value(code); r == nil || r.Schema == nil || r.Schema.Ref != "#/definitions/"+errorSchema {
					t.Errorf("%s: no %s answer of the Error schema", where, code)
				}
			}
			for code, r := range op.Responses.Map() {
				if r.Description == "" {
					t.Errorf("%s: the %s answer is not described", where, code)
				}
			}
		}
	}
}

// TestDownloadsNeedASegmentPerVariable: a download whose pattern spells a
// variable over several segments is refused, naming it, since the
// description could not say which segments the client fills in.
func TestDownloadsNeedASegmentPerVariable(t *testing.T) {
	doc := generated(t)
	err := addDownload(doc, platform.Download{
		Pattern: "/v1/{name=events/*}/files/{file}", Method: "/bridge.scoring.v1.ScoringService/ExportEvent",
		Summary: "Download an event", ContentTypes: []string{"text/csv"},
	})
	if err == nil || !strings.Contains(err.Error(), "{name=events/*}") {
		t.Errorf("a variable over segments: %v, want a refusal naming it", err)
	}
	err = addDownload(doc, platform.Download{Pattern: "/v1/events/{event}/files/{file}", Method: "/bridge.scoring.v1.ScoringService/ExportEvent"})
	if err == nil || !strings.Contains(err.Error(), "summary") {
		t.Errorf("a download without a summary: %v, want a refusal", err)
	}
}

// TestEveryServingPackageIsAsked: every package that serves a download
// (calls platform.HandleDownload) is one whose Downloads this command
// describes, so a download added to a service reaches the description.
func TestEveryServingPackageIsAsked(t *testing.T) {
	main, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	imported := map[string]bool{}
	for _, spec := range main.Imports {
		imported[strings.Trim(spec.Path.Value, `"`)] = true
	}
	err = filepath.WalkDir("../../services", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(src, []byte("platform.HandleDownload(")) {
			return err
		}
		pkg := "github.com/bridge-director/director/" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../../")))
		if !imported[pkg] {
			t.Errorf("%s serves downloads, but cmd/openapi does not describe them: add its Downloads to downloads()", pkg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
