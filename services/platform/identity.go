package platform

import "context"

// A call from another Director service carries the service's identity rather
// than a user's token: over the in-process connection, or from a peer that
// proved itself with a client certificate. It acts on behalf of the user who
// made the original request, and that user's name is what the records keep.

// servicePrincipal returns the principal of a call made by another Director
// service, and false for every other call.
func servicePrincipal(ctx context.Context) (Principal, bool) {
	return Principal{}, false
}

// isInternal reports whether the call came over the in-process connection
// (the REST gateway or a service of this process), whose metadata the
// server may trust, such as the client address the gateway forwards.
func isInternal(ctx context.Context) bool {
	return false
}

// WithServiceIdentity returns a context for calling a peer as service on
// behalf of the user named onBehalfOf, for work that outlives the user's
// request (an outbox delivery after a restart).
func WithServiceIdentity(ctx context.Context, service, onBehalfOf string) context.Context {
	return ctx
}
