package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/reflect/protoreflect"
	"sigs.k8s.io/yaml"

	dealingv1 "github.com/bridge-director/director/proto/bridge/dealing/v1"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
)

// TestOpenAPIHasEveryRoute checks that both served descriptions are valid
// JSON and name every route of proto/http.yaml, so a stale file is caught.
func TestOpenAPIHasEveryRoute(t *testing.T) {
	for path, h := range map[string]http.Handler{OpenAPIPath: OpenAPI(), OpenAPI3Path: OpenAPI3()} {
		t.Run(strings.TrimPrefix(path, "/"), func(t *testing.T) { hasEveryRoute(t, path, h) })
	}
}

func hasEveryRoute(t *testing.T, path string, h http.Handler) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d", path, rec.Code)
	}
	var doc struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatalf("%s is not JSON: %v", path, err)
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
			template, ok := rule[verb]
			if !ok {
				continue
			}
			if !hasPath(doc.Paths, template, verb) {
				t.Errorf("%s %s (%s) is missing from %s: run .ci/generate", strings.ToUpper(verb), template, rule["selector"], path)
			}
		}
	}
}

// hasPath reports whether the OpenAPI paths hold the http.yaml template,
// comparing them with every variable written as {}: the description spells
// a variable's segments out ({name=events/*} is events/{event}).
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

var variable = regexp.MustCompile(`\{[^}=]*(=([^}]*))?\}`)

func normalise(path string) string {
	return variable.ReplaceAllStringFunc(path, func(v string) string {
		segments := variable.FindStringSubmatch(v)[2]
		if segments == "" {
			return "{}"
		}
		return strings.ReplaceAll(segments, "*", "{}")
	})
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

// TestRESTCallsRunTheInterceptors: a REST call reaches its service through
// the interceptors, which check its token, its scope and its request_id,
// and the strict reading of its body names what is wrong; the facade serves
// the OpenAPI file and the health of the services beside the routes.
func TestRESTCallsRunTheInterceptors(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	result := `{"result":{"table":3,"board":7}}`

	resp, body := d.call(t, http.MethodPost, submitPath, "", result)
	if resp.StatusCode != http.StatusUnauthorized || body["code"] != float64(codes.Unauthenticated) {
		t.Errorf("no token: %d %v, want 401", resp.StatusCode, body)
	}
	resp, body = d.call(t, http.MethodPost, submitPath, "Bearer scorer-secret", result)
	if resp.StatusCode != http.StatusOK || enteredBy(body) != "venue-scorer" {
		t.Errorf("scorer: %d %v, want 200 entered by the token", resp.StatusCode, body)
	}
	resp, body = d.call(t, http.MethodPost, "/v1/events/county-pairs/results", "Bearer director-secret", result)
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("director out of scope: %d %v, want 403", resp.StatusCode, body)
	}

	resp, body = d.call(t, http.MethodPost, submitPath, "Bearer scorer-secret", `{"request_id":"not valid!","result":{"table":3}}`)
	details, _ := body["details"].([]any)
	if resp.StatusCode != http.StatusBadRequest || len(details) != 1 {
		t.Fatalf("bad request_id: %d %v, want 400 with one detail", resp.StatusCode, body)
	}
	detail := details[0].(map[string]any)
	violations, _ := detail["field_violations"].([]any)
	if detail["@type"] != "type.googleapis.com/google.rpc.BadRequest" || len(violations) != 1 ||
		violations[0].(map[string]any)["field"] != "request_id" {
		t.Errorf("detail = %v, want a BadRequest naming request_id", detail)
	}

	resp, body = d.call(t, http.MethodPost, submitPath, "Bearer scorer-secret", `{"result":{"table":3},"contract":"4S"}`)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(fmt.Sprint(body["message"]), "contract") {
		t.Errorf("unknown field: %d %v, want 400 naming the field", resp.StatusCode, body)
	}

	if resp, body := d.call(t, http.MethodGet, OpenAPIPath, "", ""); resp.StatusCode != http.StatusOK || body["swagger"] != "2.0" {
		t.Errorf("%s = %d, want 200 with the Swagger 2.0 description", OpenAPIPath, resp.StatusCode)
	}
	if resp, body := d.call(t, http.MethodGet, OpenAPI3Path, "", ""); resp.StatusCode != http.StatusOK || !strings.HasPrefix(fmt.Sprint(body["openapi"]), "3.0.") {
		t.Errorf("%s = %d, want 200 with the OpenAPI 3.0 description", OpenAPI3Path, resp.StatusCode)
	}
	if resp, body := d.call(t, http.MethodGet, "/healthz", "", ""); resp.StatusCode != http.StatusOK || body["status"] != "SERVING" {
		t.Errorf("/healthz = %d %v, want 200 SERVING", resp.StatusCode, body)
	}
}

// TestRESTCallsAreRateLimited: over REST too a token past its rate is
// refused with 429, and another token is not.
func TestRESTCallsAreRateLimited(t *testing.T) {
	d := serve(t, authenticator(t, `
tokens:
  - {name: desk-1, token: s1, roles: [scorer]}
  - {name: desk-2, token: s2, roles: [scorer]}
rate_limits: {scorer: {per_second: 0.001, burst: 1}}
`), Options{})
	result := `{"result":{"table":3,"board":7}}`
	if resp, body := d.call(t, http.MethodPost, submitPath, "Bearer s1", result); resp.StatusCode != http.StatusOK {
		t.Fatalf("first call: %d %v", resp.StatusCode, body)
	}
	resp, body := d.call(t, http.MethodPost, submitPath, "Bearer s1", result)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(fmt.Sprint(body["message"]), `too many requests from token "desk-1"`) {
		t.Errorf("second call: %d %v, want 429 naming the token", resp.StatusCode, body)
	}
	if resp, body := d.call(t, http.MethodPost, submitPath, "Bearer s2", result); resp.StatusCode != http.StatusOK {
		t.Errorf("another token: %d %v", resp.StatusCode, body)
	}
}

// TestDevelopmentModeAnswersSaySo: without tokens every REST caller is the
// development principal, and every answer says so in X-Director-Auth.
func TestDevelopmentModeAnswersSaySo(t *testing.T) {
	d := serve(t, platform.DevelopmentAuthenticator(), Options{})
	resp, body := d.call(t, http.MethodPost, submitPath, "", `{"result":{"table":3}}`)
	if resp.StatusCode != http.StatusOK || enteredBy(body) != "development" {
		t.Errorf("development call: %d %v", resp.StatusCode, body)
	}
	if got := resp.Header.Get("X-Director-Auth"); got != "development" {
		t.Errorf("X-Director-Auth = %q, want development", got)
	}
}

// TestEveryServiceNeedsRoutes: the facade refuses a service that has no
// REST routes, rather than leave its methods out of the REST API.
func TestEveryServiceNeedsRoutes(t *testing.T) {
	type unrouted struct{ platform.Service }
	_, err := Options{}.Handler(context.Background(), platform.Backend{Services: []platform.Service{unrouted{standIn{}}}, Auth: platform.DevelopmentAuthenticator()})
	if err == nil || !strings.Contains(err.Error(), "scoring has no REST routes") {
		t.Errorf("a service without routes: %v, want a refusal naming it", err)
	}
}

// TestRoutesOfServicesElsewhere: the facade registers the routes of a
// service that runs elsewhere from Options.Routes, over the backend's
// connection, serves its feed and its live standings, and refuses one it
// has no routes for.
func TestRoutesOfServicesElsewhere(t *testing.T) {
	var registered []grpc.ClientConnInterface
	conn := &grpc.ClientConn{}
	routes := map[string]RouteFunc{"scoring": func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		registered = append(registered, c)
		return nil
	}}
	b := platform.Backend{Elsewhere: []string{"scoring"}, Conn: conn, Auth: platform.DevelopmentAuthenticator(), Logger: slog.Default()}
	h, err := Options{Routes: routes}.Handler(context.Background(), b)
	if err != nil || len(registered) != 1 || registered[0] != conn {
		t.Fatalf("routes of scoring elsewhere: %v, registered over %v; want them once, over the backend's connection", err, registered)
	}
	if feeds := feedsOf(b.Elsewhere); len(feeds) != 1 || feeds[0].service != "scoring" {
		t.Errorf("the feeds of scoring elsewhere: %+v", feeds)
	}
	req := httptest.NewRequest(http.MethodOptions, "/v1/events/club/standings:watch", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code == http.StatusNotFound {
		t.Errorf("the live standings of scoring elsewhere are not served: %d %s", rec.Code, rec.Body)
	}
	b.Elsewhere = []string{"rulings"}
	if _, err := (Options{Routes: routes}).Handler(context.Background(), b); err == nil || !strings.Contains(err.Error(), "rulings runs elsewhere") {
		t.Errorf("rulings elsewhere without its routes: %v, want a refusal naming it", err)
	}
}

// TestAnswersKeepZeroValues: a REST answer carries the fields whose value
// is the zero (a score of 0, an empty name), and leaves out a message that
// is not set rather than answer it null.
func TestAnswersKeepZeroValues(t *testing.T) {
	d := serve(t, authenticator(t, clubTokens), Options{})
	resp, body := d.call(t, http.MethodPost, submitPath, "Bearer scorer-secret", `{"result":{"table":3,"board":7}}`)
	result, _ := body["result"].(map[string]any)
	if resp.StatusCode != http.StatusOK || result["ns_score"] != float64(0) || result["round"] != float64(0) || result["etag"] != "" {
		t.Errorf("a result scored 0: %d %v, want ns_score, round and etag answered as zeros", resp.StatusCode, body)
	}
	for _, unset := range []string{"played", "update_time"} {
		if v, ok := result[unset]; ok {
			t.Errorf("%s, not set, is answered as %v", unset, v)
		}
	}
}
