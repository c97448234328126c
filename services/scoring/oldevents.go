package scoringservice

// Before the movement service kept the events, scoring did, in the events
// bucket of scoring.db. Migration 5 hands each of them to movement through
// the store's outbox: it writes a CreateEvent for every old event in the
// transaction that records schema version 5, so the calls are written
// exactly once, and the outbox makes them as soon as scoring is connected to
// movement, again after every restart until movement answers. Until it has
// answered, the event is NotFound, as any event movement does not know.
//
// movement answers AlreadyExists when it has the event already (a director
// created it again): movement's event stands. Any other refusal is logged
// with what to do; the old event stays in the bucket either way.

import (
	"log/slog"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"

	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
	"github.com/bridge-director/director/services/platform"
	"github.com/bridge-director/director/services/resource"
)

// oldEventProto describes bridge.scoring.v1.Event as scoring stored it,
// whose generated code is gone: just the fields read. Field 1, the name
// "events/<id>", says what the key says; field 7, create_time, is left
// behind: movement stamps the event with the time it takes it.
const oldEventProto = `
name: "scoring.db/events.proto"
package: "scoringdb"
syntax: "proto3"
dependency: "bridge/scoring/v1/scoring.proto"
message_type {
  name: "Event"
  field { name: "title"        number: 2 label: LABEL_OPTIONAL type: TYPE_STRING }
  field { name: "form"         number: 3 label: LABEL_OPTIONAL type: TYPE_ENUM type_name: ".bridge.scoring.v1.Form" }
  field { name: "profile"      number: 4 label: LABEL_OPTIONAL type: TYPE_ENUM type_name: ".bridge.scoring.v1.Profile" }
  field { name: "two_winners"  number: 5 label: LABEL_OPTIONAL type: TYPE_BOOL }
  field { name: "across_field" number: 6 label: LABEL_OPTIONAL type: TYPE_BOOL }
}`

var oldEvent = func() protoreflect.MessageDescriptor {
	fdp := &descriptorpb.FileDescriptorProto{}
	if err := prototext.Unmarshal([]byte(oldEventProto), fdp); err != nil {
		panic(err)
	}
	fd, err := protodesc.NewFile(fdp, protoregistry.GlobalFiles)
	if err != nil {
		panic(err)
	}
	return fd.Messages().Get(0)
}()

// handOverEvents writes a CreateEvent to movement into the outbox for each
// old event. An event whose record is damaged cannot be handed over; it is
// logged, and left where it is, rather than keep Director from starting.
func handOverEvents(tx *bbolt.Tx) error {
	b := tx.Bucket(bucketEvents)
	return b.ForEach(func(k, v []byte) error {
		req, err := oldEventRequest(b, k, v)
		if err != nil {
			slog.With("service", "scoring", "part", "migration").Error("an event an older Director kept in scoring.db cannot be read, so it is not handed to the movement service; create the event again to reach its results",
				"event", resource.Event{Event: string(k)}.String(), "error", err)
			return nil
		}
		name := resource.Event{Event: req.GetEventId()}.String()
		_, err = platform.Enqueue(tx, platform.OutboxMessage{
			Peer: "movement", Method: movementv1.MovementService_CreateEvent_FullMethodName, Request: req,
			Subject: name, Label: "event", Origin: "scoring.db migration 5",
		})
		return err
	})
}

// oldEventRequest reads the old event stored at key k of b (its id) as the
// CreateEvent that gives movement the same event.
func oldEventRequest(b *bbolt.Bucket, k, v []byte) (*movementv1.CreateEventRequest, error) {
	m := dynamicpb.NewMessage(oldEvent)
	if err := platform.DecodeMessage(b, string(bucketEvents), k, v, m); err != nil {
		return nil, err
	}
	field := func(name protoreflect.Name) protoreflect.Value { return m.Get(oldEvent.Fields().ByName(name)) }
	return &movementv1.CreateEventRequest{
		EventId: string(k),
		Event: &movementv1.Event{
			Title: field("title").String(),
			Scoring: &scoringv1.ScoringSettings{
				Form:    scoringv1.Form(field("form").Enum()),
				Profile: scoringv1.Profile(field("profile").Enum()),
				// Only matchpoint pairs have two winners; scoring read
				// the setting of other forms as one winner.
				TwoWinners:  field("two_winners").Bool() && scoringv1.Form(field("form").Enum()) == scoringv1.Form_FORM_MATCHPOINTS,
				AcrossField: field("across_field").Bool(),
			},
		},
	}, nil
}

// settle logs what movement answered to an old event handed to it.
func (s *Service) settle(_ *bbolt.Tx, d platform.Delivery) error {
	log := slog.With("service", "scoring", "part", "outbox")
	switch status.Code(d.Err) {
	case codes.OK:
		log.Info("the movement service took an event an older Director kept in scoring.db", "event", d.Subject)
	case codes.AlreadyExists:
		log.Info("the movement service has the event an older Director kept in scoring.db already; its settings stand", "event", d.Subject)
	default:
		log.Error("the movement service refused an event an older Director kept in scoring.db; create the event again to reach its results",
			"event", d.Subject, "error", d.Err)
	}
	return nil
}
