package platform

import (
	"context"
	"strings"

	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
)

// A call from another Director service carries the service's identity rather
// than a user's token: over the in-process connection, or from a peer that
// proved itself with a client certificate. It acts on behalf of the user who
// made the original request, and that user's name is what the records keep.
//
// The identity travels as two metadata keys. The REST gateway never forwards
// a client's header that begins with DirectorMetadataPrefix, and a call over
// the network is believed only with a verified client certificate, so nobody
// outside can claim to be a service.
const (
	serviceHeader    = DirectorMetadataPrefix + "service"
	onBehalfOfHeader = DirectorMetadataPrefix + "on-behalf-of"
)

// DirectorMetadataPrefix begins every metadata key by which Director tells
// its own services something about a call (a service's identity, a rate
// already taken): the REST gateway forwards no client header that begins
// with it.
const DirectorMetadataPrefix = "x-director-"

// RateTakenHeader marks a call the REST gateway forwards after its edge
// took it from its caller's rate (Authenticator.Admit). Like the client
// address the gateway forwards (x-forwarded-for), it is believed only of a
// trusted hop: over the in-process connection, or from a gateway in another
// process that proved itself a Director service with its client certificate
// (a gateway alone in front of the services, routedConn).
const RateTakenHeader = DirectorMetadataPrefix + "rate-taken"

// rateTaken reports whether the call was already taken from its caller's
// rate, so that the auth interceptor takes nothing: a REST call the guard
// took (marked RateTakenHeader), or a call another service makes while it
// serves a user's call (ForwardCredentials), which carries the user's token
// but not the client address the gateway forwards (x-forwarded-for), and
// must not spend the user's rate a second time. Both come over a trusted
// hop (trustedHop); no call from a client outside is either.
func rateTaken(ctx context.Context) bool {
	if !trustedHop(ctx) {
		return false
	}
	return firstValue(ctx, RateTakenHeader) != "" || firstValue(ctx, "x-forwarded-for") == ""
}

// trustedHop reports whether the call came from Director itself: over the
// in-process connection, or from another Director process with a client
// certificate that verified against the client CA. Only such a caller is
// believed about a call's client address and rate.
func trustedHop(ctx context.Context) bool {
	return isInternal(ctx) || verifiedClientCert(ctx)
}

// servicePrincipal returns the principal of a call made by another Director
// service, and false for every other call.
func servicePrincipal(ctx context.Context) (Principal, bool) {
	service := strings.TrimSpace(firstValue(ctx, serviceHeader))
	if service == "" || !trustedHop(ctx) {
		return Principal{}, false
	}
	name := strings.TrimSpace(firstValue(ctx, onBehalfOfHeader))
	if name == "" {
		name = servicePrefix + service
	}
	return Principal{Name: name, Roles: []Role{RoleFederationAdmin}, service: service}, true
}

// servicePrefix begins the names of Director's own services as callers,
// which no token may take.
const servicePrefix = "service:"

// isInternal reports whether the call came over the in-process connection
// (the REST gateway or a service of this process), whose metadata the
// server may trust, such as the client address the gateway forwards.
func isInternal(ctx context.Context) bool {
	p, ok := peer.FromContext(ctx)
	if !ok {
		return false
	}
	_, ok = p.AuthInfo.(inProcessAuth)
	return ok
}

// verifiedClientCert reports whether the call came over TLS with a client
// certificate that verified against the configured client CA. Without a
// client CA the server asks for no certificate and none verifies.
func verifiedClientCert(ctx context.Context) bool {
	p, ok := peer.FromContext(ctx)
	if !ok {
		return false
	}
	info, ok := p.AuthInfo.(credentials.TLSInfo)
	return ok && len(info.State.VerifiedChains) > 0
}

// WithServiceIdentity returns a context for calling a peer as service on
// behalf of the user named onBehalfOf, for work that outlives the user's
// request (an outbox delivery after a restart).
func WithServiceIdentity(ctx context.Context, service, onBehalfOf string) context.Context {
	pairs := []string{serviceHeader, service}
	if onBehalfOf != "" {
		pairs = append(pairs, onBehalfOfHeader, onBehalfOf)
	}
	return metadata.AppendToOutgoingContext(ctx, pairs...)
}
