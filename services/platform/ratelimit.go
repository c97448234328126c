package platform

import (
	"fmt"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
)

// RateLimit is how fast one caller may call: PerSecond calls a second on
// average, and up to Burst at once.
type RateLimit struct {
	PerSecond float64 `json:"per_second"`
	Burst     int     `json:"burst"`
}

// defaultRateLimits are the limits of the roles a token file does not set.
// A terminal enters a result every few seconds and resends after a lost
// connection; a scorer or director works a whole event from one desk; the
// public limit holds for every anonymous address, and for a token that
// fails to authenticate.
var defaultRateLimits = map[Role]RateLimit{
	RoleFederationAdmin: {PerSecond: 200, Burst: 400},
	RoleDirector:        {PerSecond: 50, Burst: 100},
	RoleScorer:          {PerSecond: 50, Burst: 100},
	RoleTerminal:        {PerSecond: 20, Burst: 40},
	RolePublic:          {PerSecond: 10, Burst: 20},
}

// maxCallers bounds how many callers the limiter remembers.
const maxCallers = 100_000

// limiter keeps one token bucket per caller: per token, or per client
// address for anonymous callers.
type limiter struct {
	limits map[Role]RateLimit
	now    func() time.Time

	mu        sync.Mutex
	callers   map[string]*rate.Limiter
	lastSweep time.Time
}

func newLimiter(limits map[Role]RateLimit) *limiter {
	return &limiter{limits: limits, now: time.Now, callers: map[string]*rate.Limiter{}}
}

// allow takes one call from the bucket of caller, whose limit is the most
// generous of roles. When the bucket is empty it returns how long until the
// call would be allowed.
func (l *limiter) allow(caller string, roles []Role) (time.Duration, bool) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > time.Minute || len(l.callers) >= maxCallers {
		l.sweep(now)
	}
	lim := l.callers[caller]
	if lim == nil {
		limit := l.limitOf(roles)
		lim = rate.NewLimiter(rate.Limit(limit.PerSecond), limit.Burst)
		l.callers[caller] = lim
	}
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, false
	}
	return 0, true
}

// sweep forgets the callers whose buckets are full again, which loses
// nothing; when every remembered caller is busy and there are too many, it
// forgets some of them too, so that the map stays bounded.
func (l *limiter) sweep(now time.Time) {
	l.lastSweep = now
	for caller, lim := range l.callers {
		if lim.TokensAt(now) >= float64(lim.Burst()) {
			delete(l.callers, caller)
		}
	}
	for caller := range l.callers {
		if len(l.callers) < maxCallers*9/10 {
			break
		}
		delete(l.callers, caller)
	}
}

func (l *limiter) limitOf(roles []Role) RateLimit {
	var best RateLimit
	for _, r := range roles {
		lim, ok := l.limits[r]
		if !ok {
			lim = defaultRateLimits[r]
		}
		best.PerSecond = math.Max(best.PerSecond, lim.PerSecond)
		best.Burst = max(best.Burst, lim.Burst)
	}
	return best
}

// rateLimited is the error of a call over its caller's limit: ResourceExhausted
// with a RetryInfo saying when to try again (the gateway turns it into 429
// with Retry-After).
func rateLimited(who string, wait time.Duration) error {
	st := status.New(codes.ResourceExhausted, fmt.Sprintf("too many requests from %s; retry in %s", who, wait.Round(time.Millisecond)))
	if withInfo, err := st.WithDetails(&errdetails.RetryInfo{RetryDelay: durationpb.New(wait)}); err == nil {
		st = withInfo
	}
	return st.Err()
}
