package platform

import (
	"net/http"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/keepalive"
)

// The limits every caller meets, in one place. None of them is reached by a
// club's terminals, a director's browser or another Director service doing
// its work; each stops a caller who would hold memory, connections or
// goroutines without end.
const (
	// maxRecvMsg caps a request over gRPC. The REST facade caps a body
	// itself (gateway.DefaultMaxBody, below this) and calls the services in
	// process, where no message limit applies; this leaves room for gRPC
	// clients that send larger requests than a browser would.
	maxRecvMsg = 4 << 20
	// maxSendMsg caps an answer over gRPC (a REST answer, made in process,
	// has no cap). Lists page well below it; the largest answers are
	// downloads (hand records as PDF for a long session).
	maxSendMsg = 16 << 20
	// maxStreams bounds the calls one gRPC connection runs at once, as
	// HTTP/2 servers commonly do; a client wanting more opens a connection.
	maxStreams = 100
	// maxGRPCConns and maxHTTPConns bound the open connections per
	// listener, below the usual 1024 file descriptors a process gets, with
	// room for the stores. gRPC clients multiplex, so they need few; every
	// terminal or browser holds one or more HTTP connections.
	maxGRPCConns = 256
	maxHTTPConns = 640

	// maxWatches bounds the watches of one service's change feed served at
	// once (over gRPC and through the gateway's server-sent events), and
	// maxWatchTime how long one runs: the watcher then resumes from its
	// cursor, as after a dropped connection. Each watch holds a goroutine
	// and, while it sends, one page of records.
	maxWatches   = 1000
	maxWatchTime = 30 * time.Minute

	// readHeaderTimeout bounds how long a client may take to send its
	// request headers (slow-loris).
	readHeaderTimeout = 10 * time.Second
	// readTimeout bounds the whole request with its body: the body cap at
	// 35 kB/s, a weak venue Wi-Fi.
	readTimeout = 30 * time.Second
	// writeTimeout bounds the time from the end of the request headers to
	// the end of the answer. It is generous so that a download of hand
	// records over a slow link, and a long poll of up to a minute, finish.
	writeTimeout = 2 * time.Minute
	// idleTimeout closes a keep-alive connection nobody uses.
	idleTimeout = 2 * time.Minute
)

// keepaliveOptions say how a gRPC server treats idle connections and pings:
// it pings a silent client every two minutes and drops it after 20 seconds
// without an answer, and it drops a client that pings more often than every
// 30 seconds (a ping flood costs the server a write each).
var keepaliveOptions = []grpc.ServerOption{
	grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{
		MinTime:             30 * time.Second,
		PermitWithoutStream: true, // peers keep idle connections alive
	}),
	grpc.KeepaliveParams(keepalive.ServerParameters{
		MaxConnectionIdle: 15 * time.Minute,
		Time:              2 * time.Minute,
		Timeout:           20 * time.Second,
	}),
}

// messageOptions are the message size limits of the public gRPC server.
var messageOptions = []grpc.ServerOption{
	grpc.MaxRecvMsgSize(maxRecvMsg),
	grpc.MaxSendMsgSize(maxSendMsg),
}

// newHTTPServer returns the REST server with its timeouts.
func newHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    64 << 10, // a token and the usual headers fit many times over
	}
}
