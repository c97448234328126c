package platform

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Paging (AIP-158). Every List method reads its page_size and page_token with
// ReadPage and fills its page with Page.Add, in the order of its store's keys.
const (
	// DefaultPageSize is the page a List method answers when page_size is 0.
	DefaultPageSize = 100
	// MaxPageSize is the largest page: a larger page_size gets this many.
	MaxPageSize = 1000
	// MaxPageBytes bounds the encoded size of one page's items, well under
	// gRPC's 4 MiB message limit: a page ends early rather than exceed it.
	MaxPageBytes = 2 << 20
)

// queryHashLen is how much of the hash of the query a page token carries.
const queryHashLen = 8

// A page token is unpadded base64url of
//
//	<query: 8 bytes, the start of the SHA-256 of the request's full name, a
//	        zero byte and the deterministic encoding of the List request
//	        with page_size and page_token cleared>
//	<after: the store key of the last item of the previous page>
//
// so a token is tied to the query that made it: reused with other filters
// (or another parent) it is InvalidArgument. The key only says where to
// resume; a List method reads only under its parent, so a forged key cannot
// reach further.

// Page is one page of a List request being filled.
type Page struct {
	size  int
	query []byte
	after []byte
	n     int
	bytes int
	last  []byte
	next  string
}

// ReadPage reads the page_size and page_token of a List request.
func ReadPage(req proto.Message) (*Page, error) {
	m := req.ProtoReflect()
	fields := m.Descriptor().Fields()
	sizeFd, tokenFd := fields.ByName("page_size"), fields.ByName("page_token")
	if sizeFd == nil || tokenFd == nil {
		return nil, fmt.Errorf("%s has no page_size and page_token", m.Descriptor().FullName())
	}
	p := &Page{size: DefaultPageSize, query: queryHash(req, sizeFd, tokenFd)}
	switch n := m.Get(sizeFd).Int(); {
	case n < 0:
		return nil, FieldError("page_size", fmt.Sprintf("%d is negative: give 0 for the default page (%d) or up to %d", n, DefaultPageSize, MaxPageSize))
	case n > MaxPageSize:
		p.size = MaxPageSize
	case n > 0:
		p.size = int(n)
	}
	token := m.Get(tokenFd).String()
	if token == "" {
		return p, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) <= queryHashLen {
		return nil, FieldError("page_token", "not a token this list gave: pass next_page_token as it came")
	}
	if !bytes.Equal(raw[:queryHashLen], p.query) {
		return nil, FieldError("page_token", "the token belongs to a list with other filters: give the same filters as the first page, or start again without a token")
	}
	p.after = raw[queryHashLen:]
	return p, nil
}

func queryHash(req proto.Message, sizeFd, tokenFd protoreflect.FieldDescriptor) []byte {
	clone := proto.Clone(req)
	clone.ProtoReflect().Clear(sizeFd)
	clone.ProtoReflect().Clear(tokenFd)
	b, _ := proto.MarshalOptions{Deterministic: true}.Marshal(clone)
	// The request's type goes in too: two lists with the same filters (one
	// event's results and its standings) take each other's tokens otherwise.
	sum := sha256.Sum256(append([]byte(clone.ProtoReflect().Descriptor().FullName()+"\x00"), b...))
	return sum[:queryHashLen]
}

// After is the store key the page starts after; nil for the first page.
func (p *Page) After() []byte { return p.after }

// Skip reports whether the item at key was on an earlier page: the caller
// walks its keys in order and skips those.
func (p *Page) Skip(key []byte) bool { return p.after != nil && bytes.Compare(key, p.after) <= 0 }

// Add reports whether the item m, stored at key, fits on the page. When it
// does not, the page is full: the caller stops, and NextToken resumes at m.
// The first item always fits, so every page moves the list on.
func (p *Page) Add(key []byte, m proto.Message) bool {
	if p.next != "" {
		return false
	}
	size := proto.Size(m)
	if p.n > 0 && (p.n >= p.size || p.bytes+size > MaxPageBytes) {
		p.next = base64.RawURLEncoding.EncodeToString(append(bytes.Clone(p.query), p.last...))
		return false
	}
	p.n++
	p.bytes += size
	p.last = bytes.Clone(key)
	return true
}

// NextToken is the next_page_token of the answer: empty when the list ended
// on this page.
func (p *Page) NextToken() string { return p.next }
