package gateway

// Conditional reads. A read whose service names the version of its answer
// (platform.VersionHeader) is sent with an ETag made of that version and
// "Cache-Control: no-cache", so that browsers and scoreboards ask again with
// If-None-Match; a client that already holds the version is answered 304 Not
// Modified with no body. The encoded answer of a large read is kept by URL
// and caller (the answer a director reads may say more than the public's),
// so that the players who read the same traveller or the same page of
// standings between two changes cost one encoding, not one each: encoding
// and copying a 5,000-line traveller takes far longer than scoring it.
//
// The service is called on every read (it checks the caller and says which
// version is current), told which versions the gateway holds
// (platform.HeldVersionsHeader): when the current one is among them, the
// service answers an empty message and the gateway what it holds.

import (
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/maypok86/otter/v2"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/services/platform"
)

const (
	// keptBodiesBudget bounds the bytes of the encoded answers kept: the
	// 26 travellers of a national field, 2.3 MB each, fit.
	keptBodiesBudget = 64 << 20
	// keptBodyMinimum is the smallest answer worth keeping: encoding a
	// smaller one costs less than keeping it. A page of a hundred
	// standings, some 15 KB, takes a third of a millisecond to encode:
	// read by every player between two scorings, it is worth keeping.
	keptBodyMinimum = 1 << 10
)

// keptBodies holds the latest encoded answer of each large versioned read,
// by URL and credentials (keptKey).
type keptBodies struct {
	cache     *otter.Cache[string, keptBody]
	marshaler runtime.Marshaler
}

// keptBody is an encoded answer and its version.
type keptBody struct {
	version string
	body    []byte
}

func newKeptBodies(m runtime.Marshaler) *keptBodies {
	return &keptBodies{
		cache: otter.Must(&otter.Options[string, keptBody]{
			MaximumWeight: keptBodiesBudget,
			Weigher:       func(key string, b keptBody) uint32 { return uint32(len(key) + len(b.body)) },
		}),
		marshaler: m,
	}
}

// conditionalRead is a GET request's conditions, kept in its context for
// the mux's metadata annotator, response option and rewriter.
type conditionalRead struct {
	uri         string
	key         string // of the answer kept (keptKey)
	ifNoneMatch string
	// held is the version the client holds (from its If-None-Match), and
	// kept the answer kept for the URL when the request came.
	held        string
	kept        keptBody
	notModified bool
}

type conditionalReadKey struct{}

// readConditionally is the mux middleware that notes a GET request's
// conditions, and the answer kept for its URL.
func (k *keptBodies) readConditionally(next runtime.HandlerFunc) runtime.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		if r.Method == http.MethodGet {
			read := &conditionalRead{uri: r.URL.RequestURI(), ifNoneMatch: r.Header.Get("If-None-Match")}
			read.key = keptKey(read.uri, r)
			read.held = heldVersion(read.ifNoneMatch, read.uri)
			read.kept, _ = k.cache.GetIfPresent(read.key)
			r = r.WithContext(context.WithValue(r.Context(), conditionalReadKey{}, read))
		}
		next(w, r, params)
	}
}

// keptKey is the key of the answer kept for a read of uri by r's caller:
// the URL and the credentials, so that an answer kept for one reader (a
// director's standings say who held the results) is never sent to another.
func keptKey(uri string, r *http.Request) string {
	return uri + "\x00" + r.Header.Get("Authorization")
}

// heldMetadata is the mux's metadata annotator that tells the service which
// versions of the answer the gateway holds.
func heldMetadata(_ context.Context, r *http.Request) metadata.MD {
	read, _ := r.Context().Value(conditionalReadKey{}).(*conditionalRead)
	if read == nil {
		return nil
	}
	md := metadata.MD{}
	for _, v := range []string{read.held, read.kept.version} {
		if v != "" {
			md.Append(platform.HeldVersionsHeader, v)
		}
	}
	return md
}

// answerVersion is the mux's response option: it sends the version of a
// read's answer as its ETag, and 304 Not Modified when the client holds it.
func answerVersion(ctx context.Context, w http.ResponseWriter, _ proto.Message) error {
	read, version := versionedRead(ctx)
	if read == nil {
		return nil
	}
	etag := entityTag(version, read.uri)
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "no-cache")
	if matchesAny(read.ifNoneMatch, etag) {
		read.notModified = true
		w.Header().Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
	}
	return nil
}

// rewrite is the mux's response rewriter: it gives the marshaler the body
// of a versioned read already encoded, the one kept when it is current.
func (k *keptBodies) rewrite(ctx context.Context, resp proto.Message) (any, error) {
	read, version := versionedRead(ctx)
	switch {
	case read == nil:
		return resp, nil
	case read.notModified:
		return encodedBody(nil), nil
	case version == read.kept.version:
		return encodedBody(read.kept.body), nil
	}
	body, err := k.marshaler.Marshal(resp)
	if err != nil {
		return nil, err
	}
	if len(body) >= keptBodyMinimum {
		k.cache.Set(read.key, keptBody{version: version, body: body})
	}
	return encodedBody(body), nil
}

// versionedRead returns a GET request's conditions and the version its
// service named, or nil when it is not a GET or names none.
func versionedRead(ctx context.Context) (*conditionalRead, string) {
	read, _ := ctx.Value(conditionalReadKey{}).(*conditionalRead)
	md, ok := runtime.ServerMetadataFromContext(ctx)
	if read == nil || !ok {
		return nil, ""
	}
	versions := md.HeaderMD.Get(platform.VersionHeader)
	if len(versions) != 1 || versions[0] == "" {
		return nil, ""
	}
	return read, versions[0]
}

// entityTag is the ETag of the answer of version to a read of uri. The
// version names the answer of one service's read, the same for every read
// of the same data; the URI's hash makes the tag its own, so that the tag
// of one read never passes for another's.
func entityTag(version, uri string) string {
	h := fnv.New64a()
	h.Write([]byte(uri))
	return fmt.Sprintf(`"%s.%x"`, version, h.Sum64())
}

// heldVersion is the version of the answer to a read of uri that an
// If-None-Match header names, or "" when it names none of uri's tags.
func heldVersion(ifNoneMatch, uri string) string {
	for tag := range strings.SplitSeq(ifNoneMatch, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		dot := strings.LastIndexByte(tag, '.')
		if len(tag) > 2 && dot > 1 && entityTag(tag[1:dot], uri) == tag {
			return tag[1:dot]
		}
	}
	return ""
}

// matchesAny reports whether an If-None-Match header names etag: "*", or a
// list of entity tags one of which is etag, weakly compared (RFC 9110
// 13.1.2), as a GET compares them.
func matchesAny(ifNoneMatch, etag string) bool {
	for tag := range strings.SplitSeq(ifNoneMatch, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}

// encodedBody is an answer already encoded, which the marshaler writes as
// it is.
type encodedBody []byte
