package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
)

// fullSplit runs the real binary five times, as deploy/compose.yaml does:
// each service alone in its process, told where the services it calls run,
// and the REST gateway alone (--services gateway) in front of all four,
// with the tokens of tokens and mutual TLS between every pair. It starts
// them in the order they call each other, so that each is ready when
// started.
func fullSplit(t *testing.T, tokens string) (gateway *server, services map[string]*server, pki *testPKI) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "tokens.yaml")
	if err := os.WriteFile(file, []byte(tokens), 0o600); err != nil {
		t.Fatal(err)
	}
	pki = newTestPKI(t)
	services = map[string]*server{}
	start := func(name string, peers ...string) *server {
		args := []string{"--auth-config", file, "--services", name}
		if len(peers) > 0 {
			var list []string
			for _, p := range peers {
				list = append(list, p+"="+services[p].grpc)
			}
			args = append(args, "--peer", strings.Join(list, ","))
		}
		health := freeAddr(t)
		args = append(args, "--health-addr", health)
		s := launch(t, "https", pki.client(), filepath.Join(dir, name), append(args, pki.flags(t, name)...)...)
		s.health = health
		return s
	}
	services["movement"] = start("movement")
	services["dealing"] = start("dealing", "movement")
	services["scoring"] = start("scoring", "movement", "dealing")
	services["rulings"] = start("rulings", "movement", "scoring")
	gateway = start("gateway", "movement", "dealing", "scoring", "rulings")
	if _, err := os.Stat(filepath.Join(dir, "gateway")); !os.IsNotExist(err) {
		t.Errorf("the gateway alone made a data directory (%v): it keeps nothing", err)
	}
	return gateway, services, pki
}

// TestSplitGatewayAloneRunsAClubNight drives a club night over REST through
// a gateway that runs no service, in front of the four services each in its
// own process: the event, its session, section and Mitchell (movement), a
// dealt board set (dealing), the results each table enters with its code
// (scoring, which asks movement about the code), a director call ruled and
// its adjusted score applied (rulings, delivering to scoring), and the
// standings, a traveller (kept, and answered 304 to a client holding it),
// the change feeds of all four, the live standings and the standings page
// read back.
func TestSplitGatewayAloneRunsAClubNight(t *testing.T) {
	gw, services, _ := fullSplit(t, `tokens:
- {name: chief-director, token: director-secret, roles: [director]}
`)
	gw.token = "director-secret"
	clubEvent(t, gw, true)
	const section = "/v1/events/club-night/sessions/1/sections/A"

	var set struct {
		BoardSet struct {
			Name   string `json:"name"`
			Boards []struct {
				Number int `json:"number"`
			} `json:"boards"`
		} `json:"board_set"`
	}
	gw.mustCall(t, "POST", "/v1/events/club-night/sessions/1/boardsets", `{"board_set_id":"main",
		"board_set":{"title":"Tuesday pairs","first_board":1,"last_board":6,"method":"METHOD_KEYED"}}`, &set)
	if set.BoardSet.Name != "events/club-night/sessions/1/boardsets/main" {
		t.Fatalf("dealt %+v", set.BoardSet)
	}
	if resp, body := gw.get(t, "/v1/events/club-night/sessions/1/boardsets/main/files/boards.pbn"); resp.StatusCode != http.StatusUnauthorized &&
		resp.StatusCode != http.StatusForbidden {
		// The boards are the director's until released: anyone else is refused.
		t.Errorf("the boards without a token: %d %.80s", resp.StatusCode, body)
	}

	var issued issuedCodes
	json.Unmarshal(expectAs(t, gw, "director-secret", "POST", section+"/tabletokens:issue", `{"tables":[1,2,3]}`, http.StatusOK), &issued)
	if len(issued.Tokens) != 3 {
		t.Fatalf("issued %+v, want a code for each of 3 tables", issued)
	}
	// The Mitchell of clubNight, each table entering its own results with
	// its code; table 3 leaves board 5 of round 1 to the director's ruling.
	for round := 1; round <= 3; round++ {
		for table := 1; table <= 3; table++ {
			ew := 4 + (table-round+3)%3
			set := (table - 1 + round - 1) % 3
			for _, board := range []int{2*set + 1, 2*set + 2} {
				if table == 3 && round == 1 && board == 5 {
					continue
				}
				body := fmt.Sprintf(`{"result":{"table":%d,"round":%d,"board":%d,"ns_pair":%d,"ew_pair":%d,
					"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":%d}}}`, table, round, board, table, ew, 12-table)
				expectAs(t, gw, issued.Tokens[table-1].Code, "POST", "/v1/events/club-night/results", body, http.StatusOK)
			}
		}
	}
	wrongTable := `{"result":{"table":2,"round":1,"board":3,"ns_pair":2,"ew_pair":6,"played":{"contract":"4S","declarer":"SEAT_NORTH","tricks":10}}}`
	expectAs(t, gw, issued.Tokens[0].Code, "POST", "/v1/events/club-night/results", wrongTable, http.StatusForbidden)

	var call struct {
		Call struct {
			Name            string `json:"name"`
			State           string `json:"state"`
			Result          string `json:"result"`
			DeliveryPending bool   `json:"delivery_pending"`
			DeliveryError   string `json:"delivery_error"`
		} `json:"call"`
	}
	gw.mustCall(t, "POST", section+"/calls", `{"call":{"table":3,"round":1,"board":5,"called_by":"SEAT_SOUTH",
		"description":"East opened 1S before North, the dealer, called"}}`, &call)
	name := call.Call.Name
	gw.mustCall(t, "POST", "/v1/"+name+":rule", `{"irregularity":{"kind":"KIND_CALL_OUT_OF_ROTATION","offender":"SEAT_EAST","call":"1S"},"answers":{}}`, &call)
	if call.Call.State != "STATE_RULED" {
		t.Fatalf("the ruling did not complete: %+v", call)
	}
	gw.mustCall(t, "POST", "/v1/"+name+":apply", `{"reason":"the board could not be played","adjusted_score":{
		"ns_pair":3,"ew_pair":6,"artificial":{"north_south":"ADJUSTMENT_AVERAGE_PLUS","east_west":"ADJUSTMENT_AVERAGE_MINUS"}}}`, &call)
	for i := 0; call.Call.DeliveryPending && i < 500; i++ {
		time.Sleep(20 * time.Millisecond)
		gw.mustCall(t, "GET", "/v1/"+name, "", &call)
	}
	const result = "events/club-night/sessions/1/sections/A/tables/3/rounds/1/boards/5"
	if call.Call.State != "STATE_APPLIED" || call.Call.Result != result || call.Call.DeliveryError != "" {
		t.Fatalf("applied: %+v; want the adjusted score delivered to scoring\nrulings:\n%s", call, services["rulings"].logs)
	}
	var history struct {
		Revisions []struct {
			ChangedBy string `json:"changed_by"`
		} `json:"revisions"`
	}
	gw.mustCall(t, "GET", "/v1/"+result+"/history", "", &history)
	if len(history.Revisions) != 1 || history.Revisions[0].ChangedBy != "chief-director" {
		t.Errorf("scoring holds %+v: want the adjusted score once, entered on chief-director's behalf", history)
	}

	var got standings
	gw.mustCall(t, "GET", "/v1/events/club-night/standings", "", &got)
	pct := map[int]float64{}
	for _, st := range got.Standings {
		pct[st.Pair] = st.Percentage
		if st.Pair == 1 && st.Place != "1" {
			t.Errorf("pair 1, who made the most tricks at every board, placed %q", st.Place)
		}
	}
	// Pair 3 went down at every board it played: its only points are the
	// average-plus (60%) of the one board of six the ruling scored.
	if len(got.Standings) != 6 || pct[3] != 10 {
		t.Errorf("standings %+v: want 6 pairs, pair 3 at 10%% by its average-plus only", got.Standings)
	}
	var trav struct {
		Top   float64 `json:"top"`
		Lines []struct {
			Result struct {
				NsScore int `json:"ns_score"`
			} `json:"result"`
			NsPoints float64 `json:"ns_points"`
		} `json:"lines"`
	}
	gw.mustCall(t, "GET", "/v1/events/club-night/boards/2/traveller", "", &trav)
	points := map[int]float64{}
	for _, l := range trav.Lines {
		points[l.Result.NsScore] = l.NsPoints
	}
	if trav.Top != 4 || points[650] != 4 || points[620] != 2 || points[-100] != 0 {
		t.Errorf("board 2 traveller: top %v, matchpoints by score %v; want top 4 and 650→4, 620→2, -100→0", trav.Top, points)
	}
	// A read the gateway keeps is answered whole again, the service behind
	// it sparing the answer the gateway holds, and 304 to a client that
	// holds it.
	const director = "Bearer director-secret"
	first, firstBody := gw.get(t, "/v1/events/club-night/boards/2/traveller", "Authorization", director)
	again, againBody := gw.get(t, "/v1/events/club-night/boards/2/traveller", "Authorization", director)
	etag := first.Header.Get("ETag")
	if etag == "" || again.Header.Get("ETag") != etag || string(againBody) != string(firstBody) {
		t.Errorf("the traveller read twice through the gateway: ETags %q and %q, bodies\n%s\n%s", etag, again.Header.Get("ETag"), firstBody, againBody)
	}
	if held, body := gw.get(t, "/v1/events/club-night/boards/2/traveller", "Authorization", director, "If-None-Match", etag); held.StatusCode != http.StatusNotModified {
		t.Errorf("the traveller to a client holding it: %d %s, want 304", held.StatusCode, body)
	}

	// The watch follows the feeds of services in four processes at once.
	watch, code := gw.watchFeeds(t, "director-secret", "/v1/events/club-night/changes:watch?since=dealing:0,movement:0,rulings:0,scoring:0", "")
	if code != http.StatusOK {
		t.Fatalf("the watch through the gateway: %d", code)
	}
	fed := map[string]bool{}
	for range 100 {
		if len(fed) == 4 {
			break
		}
		_, r := watch.next(t)
		fed[r.Service] = true
	}
	if len(fed) != 4 {
		t.Errorf("the watch through the gateway followed %v, want the feeds of all four services", fed)
	}
	watch.cancel()

	// The live standings come through the gateway from scoring.
	live, cancelLive := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelLive()
	req, _ := http.NewRequestWithContext(live, "GET", gw.base+"/v1/events/club-night/standings:watch", nil)
	req.Header.Set("Authorization", director)
	liveResp, err := gw.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var firstLive standings
	for lines := bufio.NewScanner(liveResp.Body); lines.Scan(); {
		if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
			json.Unmarshal([]byte(data), &firstLive)
			break
		}
	}
	liveResp.Body.Close()
	cancelLive()
	if liveResp.StatusCode != http.StatusOK || len(firstLive.Standings) != 6 {
		t.Errorf("the live standings through the gateway: %d, first %+v", liveResp.StatusCode, firstLive)
	}

	resp, page := gw.get(t, "/events/club-night/standings?session=1")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(page), `<td class="num">2.40</td><td class="num">10.00</td>`) {
		t.Errorf("the standings page through the gateway: %d %s; want pair 3's 10%%:\n%s", resp.StatusCode, resp.Header.Get("Content-Type"), page)
	}
}

// TestSplitGatewayTakesARateOnce: a table's code called through a gateway
// alone is held to the terminal's rate there, once: the movement service
// behind it believes the gateway, whose client certificate proves it
// Director, that the call was taken, and keeps the code's rate of its own
// whole for a call made to it directly.
func TestSplitGatewayTakesARateOnce(t *testing.T) {
	gw, services, pki := fullSplit(t, `tokens:
- {name: chief-director, token: director-secret, roles: [director]}
- {name: federation, token: admin-secret, roles: [federation-admin]}
rate_limits: {terminal: {per_second: 0.001, burst: 3}}
`)
	gw.token = "director-secret"
	clubEvent(t, gw, true)
	var issued issuedCodes
	json.Unmarshal(expectAs(t, gw, "director-secret", "POST", "/v1/events/club-night/sessions/1/sections/A/tabletokens:issue", `{"tables":[1]}`, http.StatusOK), &issued)
	code := issued.Tokens[0].Code
	for range 3 {
		expectAs(t, gw, code, "GET", "/v1/table:whoami", "", http.StatusOK)
	}
	if raw := expectAs(t, gw, code, "GET", "/v1/table:whoami", "", http.StatusTooManyRequests); !strings.Contains(string(raw), "tables/1") {
		t.Errorf("the fourth call through the gateway: %s", raw)
	}
	// The movement process's own gateway shares its rates with its gRPC
	// server: had the three calls been taken there too, this one would be
	// refused.
	expectAs(t, services["movement"], code, "GET", "/v1/table:whoami", "", http.StatusOK)

	// Nobody without a service's client certificate poses as a service on
	// a service's gRPC port, TLS or not, nor is believed about the rate.
	pool := x509.NewCertPool()
	pool.AddCert(pki.cert)
	conn, err := grpc.NewClient(services["movement"].grpc, grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: pool})))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	posing := metadata.AppendToOutgoingContext(ctx, "x-director-service", "rulings", "x-director-on-behalf-of", "chief-director")
	_, err = movementv1.NewMovementServiceClient(conn).CreateEvent(posing, &movementv1.CreateEventRequest{EventId: "posed"})
	if status.Code(err) != codes.Unauthenticated {
		t.Errorf("a caller without a client certificate claiming to be rulings: %v; want Unauthenticated", err)
	}
	health, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{Service: "movement"})
	if err != nil || health.Status != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("movement's health over its gRPC port: %v, %v; want SERVING", health, err)
	}
	// A service down takes its own routes with it, and nothing else: the
	// gateway's health does not ask it.
	services["rulings"].stop(t)
	var down struct {
		Message string `json:"message"`
	}
	if code := gw.call(t, "GET", "/v1/events/club-night/sessions/1/calls", "", &down); code != http.StatusServiceUnavailable ||
		!strings.Contains(down.Message, "rulings service did not answer") || strings.Contains(down.Message, "127.0.0.1") {
		t.Errorf("the calls with rulings down: %d %q; want 503 naming rulings and no address", code, down.Message)
	}
	gw.mustCall(t, "GET", "/v1/events/club-night", "", nil)
	if resp, body := gw.get(t, "/healthz"); resp.StatusCode != http.StatusOK {
		t.Errorf("the gateway's /healthz with rulings down: %d %s", resp.StatusCode, body)
	}

	// A gateway alone keeps nothing to back up, and says where the stores are.
	if out, err := execDirector("backup", "--server", gw.grpc, "--token", "admin-secret", "--ca", pki.caFile, "--out", filepath.Join(t.TempDir(), "b.tar.gz")); err == nil || !strings.Contains(out, "back up the process of each service") {
		t.Errorf("a backup of the gateway alone: %v\n%s", err, out)
	}

	// Kubernetes' probes speak no TLS: each process answers them on its
	// plaintext health server (--health-addr), the gateway alone too.
	for name, s := range map[string]*server{"scoring": services["scoring"], "": gw} {
		plain, err := grpc.NewClient(s.health, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		defer plain.Close()
		if health, err := healthpb.NewHealthClient(plain).Check(ctx, &healthpb.HealthCheckRequest{Service: name}); err != nil || health.Status != healthpb.HealthCheckResponse_SERVING {
			t.Errorf("health %q over %s: %v, %v; want SERVING", name, s.health, health, err)
		}
		if _, err := movementv1.NewMovementServiceClient(plain).ListEvents(ctx, &movementv1.ListEventsRequest{}); status.Code(err) != codes.Unimplemented {
			t.Errorf("the health server answers more than health: %v", err)
		}
	}
}

// TestSplitGatewayAloneNeedsPeers: a gateway alone with nothing behind it,
// or mixed with services, does not start and says why.
func TestSplitGatewayAloneNeedsPeers(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--services", "gateway"}, "--peer"},
		{[]string{"--services", "gateway,scoring"}, "stands alone"},
		{[]string{"--services", "scoring", "--peer", "scoring=127.0.0.1:1,movement=127.0.0.1:1"}, "keep one"},
	} {
		args := append([]string{"serve", "--grpc-addr", freeAddr(t), "--http-addr", freeAddr(t), "--data", t.TempDir()}, c.args...)
		out, err := execDirector(args...)
		if err == nil || !strings.Contains(out, c.want) {
			t.Errorf("director %s: %v\n%s\nwant a refusal saying %q", strings.Join(c.args, " "), err, out, c.want)
		}
	}
}

// execDirector runs the binary until it exits, or for 20 seconds, and
// returns what it wrote.
func execDirector(args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, binary, args...).CombinedOutput()
	return string(out), err
}
