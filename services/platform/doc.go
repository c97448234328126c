// Package platform holds what every Director service shares: the bbolt store
// with its schema version, migrations and idempotent writes; the error
// constructors that carry the project's status codes and details; the gRPC
// interceptors for recovery, logging, authentication and request IDs; the
// outbox that carries a change to another service (outbox.go), the etags of
// mutable resources (etag.go) and the pages of List methods (page.go); and
// the server bootstrap that serves gRPC, health, reflection and the REST
// gateway.
//
// # Store layout
//
// Each service keeps one bbolt file. Platform owns three top-level buckets in
// it; the service's own buckets sit beside them and are described in the
// service's store package comment.
//
//	meta/
//	  schema_version -> <uint64 big-endian>  number of the last migration applied
//	idempotency/
//	  <full gRPC method>/                     e.g. "/bridge.scoring.v1.ScoringService/SubmitResult"
//	    <request_id> -> <record>
//	outbox/
//	  <peer>/                                 e.g. "scoring"
//	    <seq u64 big-endian> -> <outbox record>  calls waiting for the peer, in order
//
// A record is the answer to one mutating request, written in the same
// transaction as the change it made:
//
//	<created_at: int64 big-endian Unix nanoseconds>
//	<fingerprint: 32 bytes, SHA-256 of the deterministic encoding of the
//	              request with its request_id cleared>
//	<response: the protobuf-encoded response message>
//
// An outbox record (see Enqueue) is protobuf wire format: 1 method (the full
// gRPC method), 2 request (a google.protobuf.Any, its request_id set),
// 3 on_behalf_of, 4 subject, 5 label, 6 origin (the original request_id),
// 7 created_at (varint Unix nanoseconds), 8 peer. It is deleted in the
// transaction that records its outcome.
//
// Adding buckets or keys needs no new schema version. Changing the meaning of
// an existing key does: the service adds a numbered Migration, and OpenStore
// applies it and bumps meta/schema_version in the same transaction.
package platform
