package platform

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// An etag (AIP-154) names one state of a mutable resource: the first 12
// bytes of the SHA-256 of the resource's deterministic protobuf encoding with
// its etag field cleared, in unpadded base64url (16 characters). Every stored
// change alters the resource (a revision, a time stamp, a state), so every
// change alters its etag. It is computed, never stored, so a resource read
// from an older file gets one too.

// ETag returns the etag of m.
func ETag(m proto.Message) string {
	clone := proto.Clone(m)
	if fd := etagField(clone.ProtoReflect().Descriptor()); fd != nil {
		clone.ProtoReflect().Clear(fd)
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(clone)
	if err != nil {
		// A message this process built always encodes; a failure here is a
		// bug, and an etag that matches nothing is the safe answer.
		return "unencodable"
	}
	sum := sha256.Sum256(b)
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// SetETag sets m's etag field to its etag, and returns m.
func SetETag[M proto.Message](m M) M {
	r := m.ProtoReflect()
	if fd := etagField(r.Descriptor()); fd != nil && r.IsValid() {
		r.Set(fd, protoreflect.ValueOfString(ETag(m)))
	}
	return m
}

// CheckETag refuses a change to current that names an etag other than
// current's: ABORTED (409 over REST), with current, etag set, as a detail so
// the caller can see what changed. An empty etag accepts any state: the last
// writer wins. current is the resource as its readers are answered; when it
// carries an etag already (a resource answered without its secret parts
// keeps the etag of the whole), that is its etag. resource and name say what
// was changed, for the message.
func CheckETag(given string, resource, name string, current proto.Message) error {
	if given == "" {
		return nil
	}
	now := proto.Clone(current)
	fd := etagField(now.ProtoReflect().Descriptor())
	if fd == nil {
		return nil
	}
	if now.ProtoReflect().Get(fd).String() == "" {
		SetETag(now)
	}
	etag := now.ProtoReflect().Get(fd).String()
	if given == etag {
		return nil
	}
	return statusError(codes.Aborted, fmt.Sprintf("%s %q changed since it was read (etag %q, now %q): read it again and redo the change", resource, name, given, etag), now)
}

func etagField(d protoreflect.MessageDescriptor) protoreflect.FieldDescriptor {
	fd := d.Fields().ByName("etag")
	if fd == nil || fd.Kind() != protoreflect.StringKind || fd.Cardinality() == protoreflect.Repeated {
		return nil
	}
	return fd
}
