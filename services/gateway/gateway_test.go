package gateway

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"
	"sigs.k8s.io/yaml"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

// TestOpenAPIHasEveryRoute checks that the served description is valid JSON
// and names every route of proto/http.yaml, so a stale file is caught.
func TestOpenAPIHasEveryRoute(t *testing.T) {
	rec := httptest.NewRecorder()
	OpenAPI().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, OpenAPIPath, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d", OpenAPIPath, rec.Code)
	}
	var doc struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatalf("the OpenAPI file is not JSON: %v", err)
	}
	raw, err := os.ReadFile("../../proto/http.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		HTTP struct {
			Rules []map[string]string `json:"rules"`
		} `json:"http"`
	}
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		t.Fatal(err)
	}
	if len(cfg.HTTP.Rules) == 0 {
		t.Fatal("proto/http.yaml has no rules")
	}
	for _, rule := range cfg.HTTP.Rules {
		for _, verb := range []string{"get", "post", "patch", "delete", "put"} {
			path, ok := rule[verb]
			if !ok {
				continue
			}
			if !hasPath(doc.Paths, path, verb) {
				t.Errorf("%s %s (%s) is missing from the OpenAPI file: run .ci/generate", strings.ToUpper(verb), path, rule["selector"])
			}
		}
	}
}

// hasPath reports whether the OpenAPI paths hold the http.yaml template,
// comparing them with every variable written as {}.
func hasPath(paths map[string]map[string]any, template, verb string) bool {
	want := normalise(template)
	for p, ops := range paths {
		if normalise(p) == want {
			_, ok := ops[verb]
			return ok
		}
	}
	return false
}

func normalise(path string) string {
	var b strings.Builder
	depth := 0
	for _, r := range path {
		switch {
		case r == '{':
			if depth == 0 {
				b.WriteString("{}")
			}
			depth++
		case r == '}':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestOpenAPIRefusesPost(t *testing.T) {
	rec := httptest.NewRecorder()
	OpenAPI().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, OpenAPIPath, nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST %s: status %d, want 405", OpenAPIPath, rec.Code)
	}
}

// TestEveryRPCHasARoute checks the promise at the top of proto/http.yaml:
// every method of every Director service has a REST rule.
func TestEveryRPCHasARoute(t *testing.T) {
	raw, err := os.ReadFile("../../proto/http.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		HTTP struct {
			Rules []map[string]string `json:"rules"`
		} `json:"http"`
	}
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		t.Fatal(err)
	}
	routed := map[string]bool{}
	for _, rule := range cfg.HTTP.Rules {
		routed[rule["selector"]] = true
	}
	for _, sd := range []protoreflect.ServiceDescriptor{
		dealingv1.File_bridge_dealing_v1_dealing_proto.Services().Get(0),
		movementv1.File_bridge_movement_v1_movement_proto.Services().Get(0),
		rulingsv1.File_bridge_rulings_v1_rulings_proto.Services().Get(0),
		scoringv1.File_bridge_scoring_v1_scoring_proto.Services().Get(0),
	} {
		for i := range sd.Methods().Len() {
			if m := sd.Methods().Get(i); !routed[string(m.FullName())] {
				t.Errorf("%s has no rule in proto/http.yaml", m.FullName())
			}
		}
	}
}
