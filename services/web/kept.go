package web

// Kept answers. The result pages of a large field are read by many players
// between two changes: the whole field's traveller of a national event is
// five thousand lines, scored, sorted and paged on every read. The pages
// keep the latest answer of each versioned read (a read whose service names
// the version of its answer, platform.VersionHeader) and tell the service
// which version they hold (platform.HeldVersionsHeader): while it is
// current, the service still checks the caller and answers an empty
// message, and the page is rendered from the answer kept. The REST
// gateway keeps its encoded answers the same way.

import (
	"context"
	"net/http"

	"github.com/maypok86/otter/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"

	"github.com/bridge-director/director/services/platform"
)

// keptAnswersBudget bounds the bytes of the answers kept (as their wire
// size): a national field's traveller pages and standings pages fit many
// times over.
const keptAnswersBudget = 32 << 20

// keptAnswers holds the latest answer of each versioned read the pages
// make, by the read and its caller.
type keptAnswers = otter.Cache[string, keptAnswer]

// keptAnswer is a read's answer and its version. The answer is never
// changed once kept: pages only read it.
type keptAnswer struct {
	version string
	answer  proto.Message
}

func newKeptAnswers() *keptAnswers {
	return otter.Must(&otter.Options[string, keptAnswer]{
		MaximumWeight: keptAnswersBudget,
		Weigher: func(key string, a keptAnswer) uint32 {
			return uint32(len(key) + len(a.version) + proto.Size(a.answer))
		},
	})
}

// readKept makes a versioned read for the page r asks for, answering the
// kept answer when the service says it is still the current one. The key is
// the read (its request message names its method), the request and the
// caller's credentials, so that an answer kept for one reader is never
// shown to another who may see less.
func readKept[Req, Resp proto.Message](s *Server, ctx context.Context, r *http.Request, req Req,
	read func(context.Context, Req, ...grpc.CallOption) (Resp, error)) (Resp, error) {
	encoded, err := proto.MarshalOptions{Deterministic: true}.Marshal(req)
	if err != nil {
		var none Resp
		return none, err
	}
	key := string(req.ProtoReflect().Descriptor().FullName()) + "\x00" + r.Header.Get("Authorization") + "\x00" + string(encoded)
	kept, held := s.kept.GetIfPresent(key)
	if held {
		ctx = metadata.AppendToOutgoingContext(ctx, platform.HeldVersionsHeader, kept.version)
	}
	var md metadata.MD
	resp, err := read(ctx, req, grpc.Header(&md))
	if err != nil {
		return resp, err
	}
	versions := md.Get(platform.VersionHeader)
	if len(versions) != 1 || versions[0] == "" {
		return resp, nil
	}
	if held && versions[0] == kept.version {
		return kept.answer.(Resp), nil
	}
	s.kept.Set(key, keptAnswer{version: versions[0], answer: resp})
	return resp, nil
}
