package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// The crash test runs the real binary under concurrent result submissions and
// rulings applied, kills it with SIGKILL at random moments, starts it again
// over the same files and resends what was in flight, as terminals and
// directors do. At the end every acknowledged result and every applied ruling
// must be in both services exactly once, and the stores must check clean.

var crashRounds = flag.Int("crash.rounds", 20, "how many times the crash test kills the director")

// crashEntrants is the size of the crash test's section: table t seats pairs
// 2t-1 and 2t, so no pair plays a board twice.
const crashEntrants = 200

// A job is one client's piece of work: a result to submit, or a ruling to
// take from the call to its application. Each step has its own request_id,
// kept across crashes, so a resent step must answer as the first did.
type job struct {
	n       int
	ruling  bool
	step    int    // the next step of a ruling: 0 open, 1 rule, 2 apply, 3 done
	call    string // the call's name, once opened
	acked   bool   // the last step was answered 200
	inDoubt bool   // a step was sent and no answer came
	failed  bool   // a step was refused: the test has failed
}

func (j *job) table() int { return j.n%(crashEntrants/2) + 1 }

// board: results use boards 1 to 400; rulings use boards dealt by North
// (401, 405, ...) so that the README's insufficient bid is South's.
func (j *job) board() int {
	if j.ruling {
		return 401 + 4*(j.n/(crashEntrants/2))
	}
	return j.n/(crashEntrants/2) + 1
}

func (j *job) tricks() int { return 6 + j.n%8 }

func (j *job) requestID() string {
	kind := "result"
	if j.ruling {
		kind = "ruling"
	}
	return fmt.Sprintf("crash-%s-%d-step-%d", kind, j.n, j.step)
}

// request is the step's method, path and body.
func (j *job) request() (string, string, string) {
	ns, ew := 2*j.table()-1, 2*j.table()
	if !j.ruling {
		return "POST", "/v1/events/crash/results", fmt.Sprintf(`{"request_id": %q, "result": {"table": %d, "round": 1, "board": %d,
			"ns_pair": %d, "ew_pair": %d, "played": {"contract": "3NT", "declarer": "SEAT_NORTH", "tricks": %d}}}`,
			j.requestID(), j.table(), j.board(), ns, ew, j.tricks())
	}
	switch j.step {
	case 0:
		return "POST", "/v1/events/crash/sessions/1/sections/A/calls", fmt.Sprintf(`{"request_id": %q, "call": {"table": %d, "round": 1,
			"board": %d, "called_by": "SEAT_WEST", "auction": "1S P", "description": "South bid 1H over 1S"}}`, j.requestID(), j.table(), j.board())
	case 1:
		return "POST", "/v1/" + j.call + ":rule", fmt.Sprintf(`{"request_id": %q, "irregularity": {"kind": "KIND_INSUFFICIENT_BID",
			"offender": "SEAT_SOUTH", "call": "1H"}, "answers": {"unintended": "no"}}`, j.requestID())
	}
	return "POST", "/v1/" + j.call + ":apply", fmt.Sprintf(`{"request_id": %q, "reason": "Law 27D: East-West damaged",
		"adjusted_score": {"ns_pair": %d, "ew_pair": %d, "ns_score": -110},
		"procedural_penalty": {"pair": %d, "amount": 10, "unit": "PENALTY_UNIT_PERCENT_OF_TOP", "reason": "crash test", "law": "90B2"}}`,
		j.requestID(), ns, ew, ns)
}

// send runs the job's next step once. It reports false when no answer came
// (the director is down), leaving the step in doubt to be resent.
func (j *job) send(t *testing.T, client *http.Client, base string) bool {
	method, path, body := j.request()
	req, err := http.NewRequest(method, base+path, strings.NewReader(body))
	if err != nil {
		t.Error(err)
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	j.inDoubt = true
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return false
	}
	if resp.StatusCode != http.StatusOK {
		// A resent step answers as the first did; anything else is a bug.
		t.Errorf("%s %s (%s): status %d: %s", method, path, j.requestID(), resp.StatusCode, raw)
		j.inDoubt, j.failed = false, true
		return true
	}
	j.inDoubt, j.acked = false, true
	if j.ruling {
		var out struct {
			Call struct {
				Name string `json:"name"`
			} `json:"call"`
		}
		if err := json.Unmarshal(raw, &out); err != nil || out.Call.Name == "" {
			t.Errorf("%s: answer %s carries no call", j.requestID(), raw)
			return true
		}
		j.call = out.Call.Name
		j.step++
	}
	return true
}

// done reports whether nothing of the job remains to send.
func (j *job) done() bool {
	return j.failed || !j.inDoubt && (!j.ruling || j.step == 3) && j.acked
}

func TestCrashesLoseNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test runs the binary many times")
	}
	dataDir := t.TempDir()
	s := startDirector(t, dataDir)
	entrants := make([]string, crashEntrants)
	for i := range entrants {
		entrants[i] = fmt.Sprintf(`{"number": %d}`, i+1)
	}
	s.mustCall(t, "POST", "/v1/events", `{"event_id": "crash", "event": {"scoring": {"form": "FORM_MATCHPOINTS"}}}`, nil)
	s.mustCall(t, "POST", "/v1/events/crash/sessions", `{"session_id": 1}`, nil)
	s.mustCall(t, "POST", "/v1/events/crash/sessions/1/sections",
		fmt.Sprintf(`{"section_id": "A", "section": {"entrants": [%s]}}`, strings.Join(entrants, ",")), nil)
	s.stop(t)

	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 8))
	var (
		mu              sync.Mutex
		results, calls  int
		pending         []*job // in doubt, or rulings not finished
		client          = &http.Client{Timeout: 10 * time.Second}
		killed, crashed int
		all             []*job // every job handed out
	)
	// next gives a worker the job to work on: a pending one first.
	next := func() *job {
		mu.Lock()
		defer mu.Unlock()
		if len(pending) > 0 {
			j := pending[0]
			pending = pending[1:]
			return j
		}
		j := &job{n: results}
		if rng.IntN(4) == 0 && calls < 40*(crashEntrants/2) {
			j = &job{n: calls, ruling: true}
			calls++
		} else {
			results++
		}
		all = append(all, j)
		return j
	}
	for round := range *crashRounds {
		s := startDirector(t, dataDir)
		var wg sync.WaitGroup
		stop := make(chan struct{})
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					j := next()
					for !j.done() {
						if !j.send(t, client, s.base) {
							break
						}
					}
					if !j.done() {
						mu.Lock()
						pending = append(pending, j)
						mu.Unlock()
						return // the director is down
					}
				}
			}()
		}
		time.Sleep(time.Duration(20+rng.IntN(300)) * time.Millisecond)
		if round%10 == 9 {
			// Now and then a clean stop instead of a crash.
			close(stop)
			wg.Wait()
			s.stop(t)
		} else {
			s.cmd.Process.Kill()
			<-s.done
			s.done <- nil
			close(stop)
			wg.Wait()
			killed++
		}
		if t.Failed() {
			t.Fatalf("round %d failed; director log:\n%s", round, s.logs)
		}
		crashed = round + 1
	}

	// Start once more, finish what was in flight, and let the rulings'
	// deliveries to scoring complete.
	s = startDirector(t, dataDir)
	for _, j := range pending {
		for !j.done() {
			if !j.send(t, client, s.base) {
				t.Fatalf("director stopped answering:\n%s", s.logs)
			}
		}
	}
	checkCrashOutcome(t, s, all)
	s.stop(t)
	check := exec.Command(binary, "check", "--data", dataDir)
	if out, err := check.CombinedOutput(); err != nil {
		t.Fatalf("director check after %d rounds: %v\n%s", crashed, err, out)
	}
	if !t.Failed() {
		t.Logf("%d rounds (%d SIGKILLs): %d results and %d rulings, each stored once", crashed, killed, results, calls)
	}
}

// checkCrashOutcome checks that every result and every ruling is stored once.
func checkCrashOutcome(t *testing.T, s *server, jobs []*job) {
	t.Helper()
	type slot struct{ table, board int }
	stored := map[slot]crashResult{}
	for _, r := range listAll[crashResult](t, s, "/v1/events/crash/results", "results") {
		stored[slot{r.Table, r.Board}] = r
	}
	penalties := map[string]int{}
	for _, p := range listAll[struct {
		Ruling string `json:"ruling"`
	}](t, s, "/v1/events/crash/penalties", "penalties") {
		penalties[p.Ruling]++
	}
	waitForDeliveries(t, s)
	for _, j := range jobs {
		r, ok := stored[slot{j.table(), j.board()}]
		switch {
		case !ok:
			t.Errorf("%s was acknowledged but is not stored", j.requestID())
		case r.Revision != 1:
			t.Errorf("%s is stored at revision %d, want 1: it was written twice", r.Name, r.Revision)
		case !j.ruling && (r.Played == nil || r.Played.Tricks != j.tricks()):
			t.Errorf("%s holds %+v, want %d tricks", r.Name, r.Played, j.tricks())
		case j.ruling && r.Assigned == nil:
			t.Errorf("%s holds %+v, want the ruling's assigned score", r.Name, r)
		}
		if j.ruling {
			if n := penalties[j.call]; n != 1 {
				t.Errorf("%s gave %d penalties, want 1", j.call, n)
			}
			var got struct {
				Call struct {
					State  string `json:"state"`
					Result string `json:"result"`
				} `json:"call"`
			}
			s.mustCall(t, "GET", "/v1/"+j.call, "", &got)
			if got.Call.State != "STATE_APPLIED" || got.Call.Result == "" {
				t.Errorf("%s is %s with result %q, want applied with its result", j.call, got.Call.State, got.Call.Result)
			}
		}
	}
	if len(stored) != len(jobs) {
		t.Errorf("%d results stored, want %d: one for each result and each ruling", len(stored), len(jobs))
	}
}

type crashResult struct {
	Name     string `json:"name"`
	Table    int    `json:"table"`
	Board    int    `json:"board"`
	Revision int    `json:"revision"`
	Played   *struct {
		Tricks int `json:"tricks"`
	} `json:"played"`
	Assigned *struct {
		NSScore int `json:"ns_score"`
	} `json:"assigned"`
}

// waitForDeliveries waits until no applied ruling of the session is still
// on its way to scoring.
func waitForDeliveries(t *testing.T, s *server) {
	t.Helper()
	for range 100 {
		pending := 0
		for _, c := range listAll[struct {
			DeliveryPending bool `json:"delivery_pending"`
		}](t, s, "/v1/events/crash/sessions/1/calls", "calls") {
			if c.DeliveryPending {
				pending++
			}
		}
		if pending == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("applied rulings are still on their way to scoring after 10 s")
}

// listAll reads every page of a List method, the items under key.
func listAll[T any](t *testing.T, s *server, path, key string) []T {
	t.Helper()
	var all []T
	token := ""
	for {
		var page map[string]json.RawMessage
		s.mustCall(t, "GET", path+"?page_size=1000&page_token="+url.QueryEscape(token), "", &page)
		var items []T
		if raw, ok := page[key]; ok {
			if err := json.NewDecoder(bytes.NewReader(raw)).Decode(&items); err != nil {
				t.Fatal(err)
			}
		}
		all = append(all, items...)
		if err := json.Unmarshal(page["next_page_token"], &token); err != nil || token == "" {
			return all
		}
	}
}
