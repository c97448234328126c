// Package platform holds what every Director service shares: the bbolt store
// with its schema version, migrations and idempotent writes; the error
// constructors that carry the project's status codes and details; the gRPC
// interceptors for recovery, logging, authentication and request IDs; and the
// server bootstrap that serves gRPC, health and reflection, and on its HTTP
// listener the REST facade it is given (package gateway builds it), with the
// limits every caller meets (limits.go), TLS (tls.go) and the in-process
// connection, which calls the handlers directly through the same
// interceptors and whose calls can act as a service (inprocess.go,
// identity.go), and the connections to the services that run in other
// processes, over which the REST facade calls them too (peers.go,
// route.go);
// the outbox that carries a change to another service (outbox.go), the
// change feed every service writes with its changes and serves to readers
// (feed.go), the etags
// of mutable resources (etag.go), the pages of List methods (page.go), and
// the file downloads the services add to the REST routes (download.go), and
// the admin API every process serves for its services' stores: an online
// backup of each (backup.go) and the export and import of one event's
// records, which a service offers by naming the buckets that keep them
// (EventArchiver, eventarchive.go; admin.go).
//
// # Access
//
// Each service's Policy gives every method a Rule: the roles that may call
// it, the request fields that name the resources it acts on, and how the
// request names the table it acts at; a method that acts on every event's
// records while naming none (EveryEvent: a store's copy), or on every table
// of the events it names (WholeEvent: an event's export), says so, and is
// refused to a token limited to events or to tables. The auth interceptor
// checks a token's roles, events and tables from those declarations for
// every method, and
// CheckPolicyCovers fails a service's test when a request field that could
// hold a resource name or a table is declared by nobody.
//
// A bearer token is one of the token file's, or else a table's or a pair's
// code, which a TableTokens checks: the service of this process that keeps
// them, or the one that keeps them in another process, asked over gRPC and
// remembered for a short time (tabletokens.go). A pair's code acts in each
// round at its pair's table of that round (Principal.Seats), which the
// rule's TableRef.Round tells the interceptor to check.
//
// # Store layout
//
// Each service keeps one bbolt file. Platform owns six top-level buckets in
// it; the service's own buckets sit beside them and are described in the
// service's store package comment.
//
//	meta/
//	  schema_version -> <uint64 big-endian>  number of the last migration applied
//	  record_format  -> 0x01                 every value outside meta/ is a record (below)
//	idempotency/
//	  <full gRPC method>/                     e.g. "/bridge.scoring.v1.ScoringService/SubmitResult"
//	    <event> 0x00 <caller> 0x00 <request_id> -> <record of an answer>
//	outbox/
//	  <peer>/                                 e.g. "scoring"
//	    <seq u64 big-endian> -> <outbox record>  calls waiting for the peer, in order
//	outbox_subjects/                          the same records by subject, for OutboxPending
//	  <subject> 0x00 <peer> 0x00 <seq u64 big-endian> -> <empty record>
//	feed/                                     the change feed (AppendChange)
//	  <event id>/                             its sequence is the last record's
//	    <seq u64 big-endian> -> <record of a bridge.type.v1.Change>
//	feed_acks/
//	  <event id>/
//	    <consumer> -> <record of the acknowledged seq, u64 big-endian>
//
// A request ID belongs to its caller (the token's name, "" for an anonymous
// call; "service:<service>/<user>" for a service calling on a user's behalf,
// such as an outbox delivery, so that the IDs a service derives never meet
// the user's own) in the event the request's declared fields name first ("events/<id>",
// "" for none): another caller's use of the same ID is another request. The
// replay interceptor answers a retry from its record before the handler
// runs. Records written before keys held the event and the caller (keyed by
// the bare request_id) are no longer found, and expire with the retention.
//
// # Records
//
// Every value outside meta/, the services' and platform's alike, is a
// record: a checksum, then the payload.
//
//	<crc: uint32 big-endian, CRC-32C (Castagnoli) of the payload>
//	<payload>
//
// A service's payload is its protobuf message, encoded deterministically
// (PutMessage, GetMessage, DecodeMessage). A record whose checksum does not
// match, or whose payload does not decode, is a DataLoss error naming the
// file's base name, the bucket and the key; the rest of the store is served
// as before, and `director check` (CheckStore) lists every such record. A
// store written before records had checksums gets them from a numbered
// migration of its service that calls AddChecksums, which also sets
// meta/record_format.
//
// The payload of an idempotency record is the answer to one mutating
// request, written in the same transaction as the change it made:
//
//	<created_at: int64 big-endian Unix nanoseconds>
//	<fingerprint: 32 bytes, SHA-256 of the deterministic encoding of the
//	              request with its request_id cleared>
//	<response: the protobuf-encoded response message>
//
// An outbox record's payload (see Enqueue) is JSON: Peer, Method (the full
// gRPC method), OnBehalfOf, Subject, Label, Origin (the original
// request_id), Request (a google.protobuf.Any in binary, base64, its
// request_id set) and Created (Unix nanoseconds). It is deleted, with its
// entry in outbox_subjects/, in the transaction that records its outcome.
//
// A feed record's sequence is the key's, from 1 within its event. A
// consumer is the name of the token that acknowledged.
//
// # Opening a store
//
// OpenStore refuses a file that is empty, shorter than its last transaction
// says (bbolt would fault on the missing pages), or whose meta pages are both
// unreadable, with the file's path, what is wrong and what to do; it
// creates a new store whole (a ".new" file renamed into place), so a crash at
// first start leaves no empty file behind.
//
// Adding buckets or keys needs no new schema version. Changing the meaning of
// an existing key does: the service adds a numbered Migration, and OpenStore
// applies it and bumps meta/schema_version in the same transaction.
package platform
