package platform

import (
	"context"
	"slices"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// VersionHeader is the response metadata by which a read names the version
// of its answer: two answers of the same read with the same version are the
// same, whoever asks. The REST gateway sends it as the answer's ETag, keeps
// the encoded answer for the next reader, and answers a client that already
// holds it 304 Not Modified.
const VersionHeader = DirectorMetadataPrefix + "version"

// HeldVersionsHeader is the request metadata by which the REST gateway says
// which versions of a read's answer it holds already: the one its client
// sent as If-None-Match, the one it keeps encoded. Like every key of
// DirectorMetadataPrefix it is believed only of a trusted hop: over the
// in-process connection, or from a gateway in another process with a
// service's client certificate (trustedHop).
const HeldVersionsHeader = DirectorMetadataPrefix + "held-versions"

// AnswerVersion names the version of the answer of the read that ctx serves,
// and reports whether its caller holds that answer already: then the read
// answers an empty message, which the caller replaces with the answer it
// holds, and spares building one. A read that cannot send the version is
// still answered, only not kept, so a failure to send it is not the read's.
func AnswerVersion(ctx context.Context, version string) (held bool) {
	_ = grpc.SetHeader(ctx, metadata.Pairs(VersionHeader, version))
	return trustedHop(ctx) && slices.Contains(metadata.ValueFromIncomingContext(ctx, HeldVersionsHeader), version)
}
