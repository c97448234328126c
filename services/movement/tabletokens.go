package movementservice

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// Table tokens: the codes a director issues for the devices at a section's
// tables (see platform.TableTokens for how every service checks them). The
// tabletokens bucket keeps each by the SHA-256 of its code, never the code.

// The bounds of a table token's life, and its default.
const (
	minTokenTTL     = 15 * time.Minute
	maxTokenTTL     = 24 * time.Hour
	defaultTokenTTL = 6 * time.Hour
)

// codeAlphabet is Crockford's base 32: digits and capitals without I, L, O
// and U, all in a QR code's alphanumeric mode.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// codeLength is the characters of a code, 80 bits, written in groups of
// codeGroup.
const (
	codeLength = 16
	codeGroup  = 4
)

// newCode draws a code from crypto/rand.
func newCode() (string, error) {
	raw := make([]byte, codeLength)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	var b strings.Builder
	for i, r := range raw {
		if i > 0 && i%codeGroup == 0 {
			b.WriteByte('-')
		}
		b.WriteByte(codeAlphabet[r%32])
	}
	return b.String(), nil
}

// codeKey is the key of a code in the tabletokens bucket: the SHA-256 of
// its characters in capitals without dashes or spaces, O read as 0 and I
// and L as 1, so that a code typed loosely finds its token.
func codeKey(code string) []byte {
	var b strings.Builder
	for _, r := range strings.ToUpper(code) {
		switch r {
		case '-', ' ':
		case 'O':
			b.WriteByte('0')
		case 'I', 'L':
			b.WriteByte('1')
		default:
			b.WriteRune(r)
		}
	}
	sum := sha256.Sum256([]byte(b.String()))
	return sum[:]
}

// IssueTableTokens issues a token for each table asked for, revoking the
// earlier token of each, in one write.
func (s *Service) IssueTableTokens(ctx context.Context, req *movementv1.IssueTableTokensRequest) (*movementv1.IssueTableTokensResponse, error) {
	tokens, err := s.issueIn(ctx, req.GetSection(), req.GetTtl(), func(sec resource.Section) ([]*movementv1.TableToken, error) {
		section, err := s.sectionMovement("section", sec.String())
		if err != nil {
			return nil, err
		}
		tables, err := tablesToIssue(section, req.GetTables())
		var tokens []*movementv1.TableToken
		for _, t := range tables {
			tokens = append(tokens, &movementv1.TableToken{Table: resource.Table{Event: sec.Event, Session: sec.Session, Section: sec.Section, Table: t}.String()})
		}
		return tokens, err
	})
	return &movementv1.IssueTableTokensResponse{Tokens: tokens}, err
}

// issueIn issues, for ttl (the default when nil), the tokens that
// holders names in section, which the request's field section names.
func (s *Service) issueIn(ctx context.Context, section string, ttl *durationpb.Duration, holders func(resource.Section) ([]*movementv1.TableToken, error)) ([]*movementv1.TableToken, error) {
	sec, err := resource.ParseSection("section", section)
	if err != nil {
		return nil, err
	}
	life, err := tokenTTL(ttl)
	if err != nil {
		return nil, err
	}
	tokens, err := holders(sec)
	if err != nil {
		return nil, err
	}
	if err := s.issueTokens(ctx, tokens, life); err != nil {
		return nil, err
	}
	return tokens, nil
}

// tokenTTL is the life of the tokens an issue asks for.
func tokenTTL(asked *durationpb.Duration) (time.Duration, error) {
	if asked == nil {
		return defaultTokenTTL, nil
	}
	ttl := asked.AsDuration()
	if ttl < minTokenTTL || ttl > maxTokenTTL {
		return 0, platform.FieldError("ttl", fmt.Sprintf("%v is outside %v to %v", ttl, minTokenTTL, maxTokenTTL))
	}
	return ttl, nil
}

// issueTokens draws a code for each token, which names its table or pair,
// and keeps them for ttl, revoking the earlier live token of each table
// and pair, in one write. It sets the tokens' codes and times.
func (s *Service) issueTokens(ctx context.Context, tokens []*movementv1.TableToken, ttl time.Duration) error {
	by, now := platform.CallerName(ctx), s.now()
	var codes [][]byte
	issuing := map[string]bool{}
	for _, t := range tokens {
		code, err := newCode()
		if err != nil {
			return fmt.Errorf("drawing a token's code: %w", err)
		}
		codes = append(codes, codeKey(code))
		t.Code, t.CreateTime, t.ExpireTime, t.CreatedBy = code, timestamppb.New(now), timestamppb.New(now.Add(ttl)), by
		issuing[holderOf(t)] = true
	}
	// No request ID: the answer holds the codes, which are not kept. A
	// retried issue issues new codes, and they revoke the first ones.
	return s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketTableTokens)
		if _, err := revokeLive(b, issuing, by, now); err != nil {
			return err
		}
		for i, t := range tokens {
			kept := proto.Clone(t).(*movementv1.TableToken)
			kept.Code = ""
			if err := platform.PutMessage(b, codes[i], kept); err != nil {
				return err
			}
		}
		return nil
	})
}

// tokenOf names a token for people: "table token of <table>", "pair token
// of <pair>".
func tokenOf(t *movementv1.TableToken) string {
	if t.GetPair() != "" {
		return "pair token of " + t.GetPair()
	}
	return "table token of " + t.GetTable()
}

// holderOf names what a token is for: its table, or its pair.
func holderOf(t *movementv1.TableToken) string {
	if t.GetPair() != "" {
		return t.GetPair()
	}
	return t.GetTable()
}

// tablesToIssue checks the tables asked for against the section's
// movement, or lists all of its tables when none are.
func tablesToIssue(section *movementv1.Section, asked []int32) ([]int32, error) {
	n := section.GetMovement().GetTables()
	if len(asked) == 0 {
		all := make([]int32, n)
		for i := range all {
			all[i] = int32(i + 1)
		}
		return all, nil
	}
	for i, t := range asked {
		switch {
		case t < 1 || t > n:
			return nil, platform.FieldError(fmt.Sprintf("tables[%d]", i), fmt.Sprintf("%s has tables 1 to %d, not %d", section.GetName(), n, t))
		case slices.Contains(asked[:i], t):
			return nil, platform.FieldError(fmt.Sprintf("tables[%d]", i), fmt.Sprintf("table %d is given twice", t))
		}
	}
	return asked, nil
}

// forgetAfter is how long after it expired a token is kept, to say so to a
// device that still sends it; later it is deleted, the next time tokens
// are issued or revoked, and the code is simply unknown.
const forgetAfter = 24 * time.Hour

// revokeLive revokes the live tokens of the tables and pairs in holders, in one pass over the
// bucket that also deletes the tokens that expired over forgetAfter ago, so
// that the bucket holds about a day's tokens however long Director runs.
// It returns the tokens it revoked.
func revokeLive(b *bbolt.Bucket, holders map[string]bool, by string, now time.Time) ([]*movementv1.TableToken, error) {
	var revoked []*movementv1.TableToken
	var forget, keys [][]byte
	err := eachToken(b, func(k []byte, t *movementv1.TableToken) {
		switch {
		case now.Sub(t.GetExpireTime().AsTime()) > forgetAfter:
			forget = append(forget, slices.Clone(k))
		case holders[holderOf(t)] && live(t, now):
			t.RevokeTime, t.RevokedBy = timestamppb.New(now), by
			revoked, keys = append(revoked, t), append(keys, slices.Clone(k))
		}
	})
	if err != nil {
		return nil, err
	}
	for _, k := range forget {
		if err := b.Delete(k); err != nil {
			return nil, err
		}
	}
	for i, t := range revoked {
		if err := platform.PutMessage(b, keys[i], t); err != nil {
			return nil, err
		}
	}
	return revoked, nil
}

// eachToken calls fn with every token of the tabletokens bucket b and its
// key, which fn must copy to keep.
func eachToken(b *bbolt.Bucket, fn func(k []byte, t *movementv1.TableToken)) error {
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		t := &movementv1.TableToken{}
		if err := platform.DecodeMessage(b, string(bucketTableTokens), k, v, t); err != nil {
			return err
		}
		fn(k, t)
	}
	return nil
}

// live reports whether t is neither revoked nor expired at now.
func live(t *movementv1.TableToken, now time.Time) bool {
	return t.GetRevokeTime() == nil && now.Before(t.GetExpireTime().AsTime())
}

// ListTableTokens lists a section's live tokens, tables by number, then
// pairs by number.
func (s *Service) ListTableTokens(ctx context.Context, req *movementv1.ListTableTokensRequest) (*movementv1.ListTableTokensResponse, error) {
	if _, err := s.section("section", req.GetSection()); err != nil {
		return nil, err
	}
	prefix, now := req.GetSection()+"/", s.now()
	resp := &movementv1.ListTableTokensResponse{}
	err := s.store.View(func(tx *bbolt.Tx) error {
		return eachToken(tx.Bucket(bucketTableTokens), func(_ []byte, t *movementv1.TableToken) {
			if strings.HasPrefix(holderOf(t), prefix) && live(t, now) {
				resp.Tokens = append(resp.Tokens, t)
			}
		})
	})
	slices.SortFunc(resp.Tokens, func(a, b *movementv1.TableToken) int {
		isPair := func(t *movementv1.TableToken) int {
			if t.GetPair() != "" {
				return 1
			}
			return 0
		}
		return cmp.Or(isPair(a)-isPair(b), compareHolders(holderOf(a), holderOf(b))) // tables first
	})
	return resp, err
}

// compareHolders orders two tables, or two pairs, of a section by number.
func compareHolders(a, b string) int {
	na, _ := strconv.Atoi(a[strings.LastIndex(a, "/")+1:])
	nb, _ := strconv.Atoi(b[strings.LastIndex(b, "/")+1:])
	return na - nb
}

// loggedOn records that the device of holder's live token (a table or a
// pair) has logged on, the first time it asks who it is; later calls
// change nothing.
func (s *Service) loggedOn(ctx context.Context, holder string) error {
	now := s.now()
	find := func(b *bbolt.Bucket) ([]byte, *movementv1.TableToken, error) {
		var key []byte
		var found *movementv1.TableToken
		err := eachToken(b, func(k []byte, t *movementv1.TableToken) {
			if holderOf(t) == holder && live(t, now) && t.GetLogonTime() == nil {
				key, found = slices.Clone(k), t
			}
		})
		return key, found, err
	}
	var pending bool
	err := s.store.View(func(tx *bbolt.Tx) error {
		_, t, err := find(tx.Bucket(bucketTableTokens))
		pending = t != nil
		return err
	})
	if err != nil || !pending {
		return err
	}
	return s.store.Mutate(ctx, "", "", nil, nil, func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketTableTokens)
		key, t, err := find(b)
		if err != nil || t == nil {
			return err // another call recorded it first
		}
		t.LogonTime = timestamppb.New(now)
		if err := platform.PutMessage(b, key, t); err != nil {
			return err
		}
		return s.store.AppendChange(tx, platform.Change{Kind: typev1.ChangeKind_CHANGE_KIND_TABLE_LOGGED_ON, Name: holder,
			By: platform.CallerName(ctx), Resource: t})
	})
}

// RevokeTableToken revokes a table's live token.
func (s *Service) RevokeTableToken(ctx context.Context, req *movementv1.RevokeTableTokenRequest) (*movementv1.RevokeTableTokenResponse, error) {
	table, err := resource.ParseTable("table", req.GetTable())
	if err != nil {
		return nil, err
	}
	resp := &movementv1.RevokeTableTokenResponse{}
	err = s.revokeToken(ctx, movementv1.MovementService_RevokeTableToken_FullMethodName, req.GetRequestId(), req, resp, "live table token", table.String(), func(t *movementv1.TableToken) { resp.Token = t })
	return resp, err
}

// revokeToken revokes the live token of holder (a table or a pair) in the
// write of method's request, giving answer the token revoked.
func (s *Service) revokeToken(ctx context.Context, method, requestID string, req, resp proto.Message, what, holder string, answer func(*movementv1.TableToken)) error {
	by, now := platform.CallerName(ctx), s.now()
	return s.store.Mutate(ctx, method, requestID, req, resp, func(tx *bbolt.Tx) error {
		revoked, err := revokeLive(tx.Bucket(bucketTableTokens), map[string]bool{holder: true}, by, now)
		switch {
		case err != nil:
			return err
		case len(revoked) == 0:
			return platform.NotFound(what, holder)
		}
		answer(revoked[0])
		return nil
	})
}

// GetTableIdentity answers the table of the caller's token, or, for a
// federation admin or a service, of the code it names.
func (s *Service) GetTableIdentity(ctx context.Context, req *movementv1.GetTableIdentityRequest) (*movementv1.GetTableIdentityResponse, error) {
	p, _ := platform.PrincipalFrom(ctx)
	if code := req.GetCode(); code != "" {
		if !slices.Contains(p.Roles, platform.RoleFederationAdmin) {
			return nil, platform.FieldError("code", "only a federation admin may ask about a code other than its own token's; leave it empty")
		}
		var ok bool
		var err error
		if p, ok, err = s.TableToken(ctx, code); err != nil {
			return nil, err
		} else if !ok {
			return nil, status.Error(codes.NotFound, "no table token has that code")
		}
	}
	var resp *movementv1.GetTableIdentityResponse
	if p.Pair != "" {
		var err error
		if resp, err = pairIdentity(p, req.GetRound()); err != nil {
			return nil, err
		}
	} else {
		if len(p.Tables) != 1 {
			return nil, platform.FailedPrecondition(fmt.Sprintf("token %q is not the token of one table or pair", p.Name))
		}
		t, err := resource.ParseTable("table", p.Tables[0])
		if err != nil {
			return nil, err
		}
		resp = &movementv1.GetTableIdentityResponse{
			Table:   t.String(),
			Event:   t.Parent().Parent().Parent().String(),
			Session: t.Parent().Parent().String(),
			Section: t.Parent().String(),
			Number:  t.Table,
		}
	}
	if !p.Expires.IsZero() {
		resp.ExpireTime = timestamppb.New(p.Expires)
	}
	// A table's or a pair's token (they expire; a token file's terminal
	// does not) logs its device on.
	if req.GetCode() == "" && !p.Expires.IsZero() {
		holder := p.Pair
		if holder == "" {
			holder = resp.GetTable()
		}
		if err := s.loggedOn(ctx, holder); err != nil {
			slog.Warn("movement: a device's log-on could not be recorded", "holder", holder, "err", err)
		}
	}
	return resp, nil
}

// TableToken checks a table's or a pair's token's code against the store,
// at every call: a revoked token is refused at once (platform.TableTokens).
// A pair's seats come from its section's schedule in memory, so that a
// change of the movement holds its device to the new seats at once.
func (s *Service) TableToken(_ context.Context, code string) (platform.Principal, bool, error) {
	t := &movementv1.TableToken{}
	var ok bool
	err := s.store.View(func(tx *bbolt.Tx) error {
		var err error
		ok, err = platform.GetMessage(tx.Bucket(bucketTableTokens), string(bucketTableTokens), codeKey(code), t)
		return err
	})
	switch {
	case err != nil || !ok:
		return platform.Principal{}, false, err
	case t.GetRevokeTime() != nil:
		return platform.Principal{}, false, platform.Unauthenticated(fmt.Sprintf("the %s was revoked at %s by %s; ask the director for a new code",
			tokenOf(t), t.GetRevokeTime().AsTime().Format(time.RFC3339), t.GetRevokedBy()))
	case !s.now().Before(t.GetExpireTime().AsTime()):
		return platform.Principal{}, false, platform.Unauthenticated(fmt.Sprintf("the %s expired at %s; ask the director for a new code",
			tokenOf(t), t.GetExpireTime().AsTime().Format(time.RFC3339)))
	case t.GetPair() != "":
		seats, err := s.pairSeats(t.GetPair())
		if err != nil {
			return platform.Principal{}, false, err
		}
		return platform.PairPrincipal(t.GetPair(), seats, t.GetExpireTime().AsTime()), true, nil
	}
	return platform.TablePrincipal(t.GetTable(), t.GetExpireTime().AsTime()), true, nil
}

// RemoteTableTokens checks table tokens with the movement service of
// another process, for the services that run without it (Config.
// TableTokens): it asks GetTableIdentity as a Director service, which
// takes no caller's rate there.
type RemoteTableTokens struct {
	conn atomic.Pointer[grpc.ClientConnInterface]
}

// Peers names the movement service.
func (r *RemoteTableTokens) Peers() []string { return []string{"movement"} }

// Connect gives it the connection to the movement service.
func (r *RemoteTableTokens) Connect(_ string, conn grpc.ClientConnInterface) { r.conn.Store(&conn) }

// TableToken asks the movement peer about code.
func (r *RemoteTableTokens) TableToken(ctx context.Context, code string) (platform.Principal, bool, error) {
	conn := r.conn.Load()
	if conn == nil {
		return platform.Principal{}, false, status.Error(codes.Unavailable, "table tokens cannot be checked yet: the movement service is not connected")
	}
	ctx = metadata.NewOutgoingContext(ctx, nil)
	ctx = platform.WithServiceIdentity(ctx, "tabletokens", "")
	resp, err := movementv1.NewMovementServiceClient(*conn).GetTableIdentity(ctx, &movementv1.GetTableIdentityRequest{Code: code})
	if err != nil {
		if status.Code(err) == codes.NotFound {
			return platform.Principal{}, false, nil
		}
		return platform.Principal{}, false, err
	}
	if resp.GetPair() != "" {
		seats, err := identitySeats(resp)
		if err != nil {
			return platform.Principal{}, false, err
		}
		return platform.PairPrincipal(resp.GetPair(), seats, resp.GetExpireTime().AsTime()), true, nil
	}
	return platform.TablePrincipal(resp.GetTable(), resp.GetExpireTime().AsTime()), true, nil
}
