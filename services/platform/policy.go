package platform

import (
	"fmt"
	"slices"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// Role is what a token may do.
type Role string

// The roles of Director. A federation admin may call every method in the
// policy; public marks a method anyone may call without a token, and a token
// with only the public role calls just those.
const (
	RoleFederationAdmin Role = "federation-admin"
	RoleDirector        Role = "director"
	RoleScorer          Role = "scorer"
	RoleTerminal        Role = "terminal"
	RolePublic          Role = "public"
)

var knownRoles = []Role{RoleFederationAdmin, RoleDirector, RoleScorer, RoleTerminal, RolePublic}

// Policy maps full gRPC method names ("/bridge.scoring.v1.ScoringService/
// SubmitResult") to their rules. A method missing from the policy is denied
// to everyone.
type Policy map[string]Rule

// Rule is the access policy of one method: who may call it, and which
// fields of its request name what it acts on, so that one interceptor checks
// a scoped token's events and tables for every method.
type Rule struct {
	// Roles may call the method; RolePublic opens it to everyone.
	Roles []Role
	// Resources are the paths of the request fields that hold the names of
	// resources the method acts on ("parent", "result.name", "board_set").
	// A path goes through message fields, lists and map values of messages
	// alike (each element counts), and may end in a repeated string. Every
	// name set must lie in the caller's events.
	Resources []string
	// EventID is the path of a field that holds the id of an event the
	// method creates ("event_id"): the event "events/<id>".
	EventID string
	// Table, when the method acts at a table, says how the request names it.
	Table *TableRef
	// EveryEvent marks a method that acts on the records of every event
	// while naming none (a store copied whole): a token limited to some
	// events or tables may not call it.
	EveryEvent bool
	// WholeEvent marks a method that acts on every record of the events it
	// names, at every table (an event's export): a token limited to some
	// tables may not call it.
	WholeEvent bool
}

// TableRef says how a request names the table a method acts at: the name
// held by the field Parent gives the event and whatever else it holds
// ("events/e", "events/e/sessions/1/sections/A", or a name below the table);
// the int32 fields Session (1 when zero) and Section (letters, "A" when
// empty, upper-cased) and Number give the parts the parent does not. A
// field that is set names the table even where the parent also gives the
// part; both tables must then be the caller's. Round, for a method that
// acts at the table in one round, is the int32 field of the round; a parent
// that names a round below the table (a result's name) gives it too. A
// pair's token is held to the table that seats its pair in that round.
type TableRef struct {
	Parent, Session, Section, Number, Round string
}

// CheckPolicyCovers returns an error naming every method of sd that p does
// not list, lists with no or unknown roles, or whose declared fields do not
// exist; and every field of a request (nested messages, lists and maps
// included) that is a string, or an int32 named table, and is neither
// declared by its method's rule nor a known plain-text field (plainFields).
// Services call it in a test so that no RPC and no resource field is left out
// of their policy.
func CheckPolicyCovers(p Policy, sd grpc.ServiceDesc) error {
	var problems []string
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(sd.ServiceName))
	service, ok := d.(protoreflect.ServiceDescriptor)
	if err != nil || !ok {
		return fmt.Errorf("access policy of %s: the service's descriptor is not registered", sd.ServiceName)
	}
	for _, method := range serviceMethods(sd) {
		rule, ok := p[method]
		switch {
		case !ok:
			problems = append(problems, method+" is missing")
			continue
		case len(rule.Roles) == 0:
			problems = append(problems, method+" lists no roles")
		}
		for _, r := range rule.Roles {
			if !slices.Contains(knownRoles, r) {
				problems = append(problems, fmt.Sprintf("%s lists unknown role %q", method, r))
			}
		}
		md := service.Methods().ByName(protoreflect.Name(method[strings.LastIndex(method, "/")+1:]))
		if md == nil {
			problems = append(problems, method+" is not a method of "+sd.ServiceName)
			continue
		}
		for _, problem := range checkRuleFields(rule, md.Input()) {
			problems = append(problems, method+": "+problem)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("access policy of %s: %s", sd.ServiceName, strings.Join(problems, "; "))
	}
	return nil
}

// checkServices runs CheckPolicyCovers on every gRPC service each of the
// services registers, so that Director refuses to start with a method or a
// resource field its policy leaves out.
func checkServices(services []Service) error {
	for _, s := range services {
		probe := grpc.NewServer()
		s.RegisterGRPC(probe)
		for name, info := range probe.GetServiceInfo() {
			sd := grpc.ServiceDesc{ServiceName: name}
			for _, m := range info.Methods {
				if m.IsClientStream || m.IsServerStream {
					sd.Streams = append(sd.Streams, grpc.StreamDesc{StreamName: m.Name})
				} else {
					sd.Methods = append(sd.Methods, grpc.MethodDesc{MethodName: m.Name})
				}
			}
			if err := CheckPolicyCovers(s.Policy(), sd); err != nil {
				return fmt.Errorf("serve: %s: %w", s.Name(), err)
			}
		}
		probe.Stop()
	}
	return nil
}

// plainFields are the request fields known to hold no resource name and no
// table: by field name wherever it appears, or, where a name means a
// resource elsewhere, by full field name. Adding to it is a review of what
// the field holds.
var plainFields = map[string]bool{
	// Ids and tokens of the request itself.
	"request_id": true, "etag": true, "page_token": true,
	// The id of a resource created under the declared parent.
	"board_set_id": true, "section_id": true,
	// Text for people, and who made a record (output only).
	"title": true, "reason": true, "description": true, "summary": true, "text": true,
	"consequence": true, "outcome": true, "notes": true, "member_number": true,
	"created_by": true, "redealt_by": true, "entered_by": true, "removed_by": true,
	"recorded_by": true, "delivery_error": true, "confirmed_by": true,
	// Bridge: contracts, calls, cards, deals, laws, and the keys they are dealt from.
	"contract": true, "lead": true, "auction": true, "continued_auction": true, "call": true,
	"calls": true, "card": true, "cards": true, "replacement": true, "designation": true,
	"information": true, "unauthorised": true, "adjustment_may_follow": true, "deal": true,
	"pbn": true, "shape": true, "law": true, "laws": true, "owner": true, "entropy": true,
	"sqd": true, "sqk": true, "answers": true, "over_under": true, "flags": true, "claim_line": true, "line_tricks": true,
	// Names of people and teams, and of a movement's kind.
	"bridge.movement.v1.Entrant.name": true, "bridge.movement.v1.Player.name": true,
	"bridge.movement.v1.Movement.name": true,
	// Where an event is played.
	"bridge.movement.v1.Event.venue": true,
	// Ids of a ruling's questions and choices, and the suits of a lead
	// restriction.
	"bridge.rulings.v1.Question.id": true, "bridge.rulings.v1.Choice.id": true,
	"bridge.rulings.v1.Restriction.suits": true,
	// Section letters within the event the request names.
	"bridge.scoring.v1.ListResultsRequest.section": true, "bridge.scoring.v1.GetTravellerRequest.section": true,
	"bridge.scoring.v1.GetStandingsRequest.section": true, "bridge.scoring.v1.GetScorecardRequest.section": true,
	"bridge.scoring.v1.ListMatchesRequest.section": true, "bridge.scoring.v1.Penalty.section": true,
	// The tables of a movement's schedule (output only).
	"bridge.movement.v1.Seating.table": true,
	// The player registry, which belongs to no event: a player's name
	// (players/{national_id}) and a search of the registry.
	"bridge.movement.v1.GetPlayerRequest.name": true, "bridge.movement.v1.ListPlayersRequest.query": true,
	// The code of a table token a service checks (GetTableIdentity).
	"bridge.movement.v1.GetTableIdentityRequest.code": true,
	// The service whose store the admin API backs up or imports into.
	"bridge.admin.v1.BackupStoreRequest.service": true, "bridge.admin.v1.ImportEventRequest.service": true,
}

// checkRuleFields checks that the fields a rule declares exist with the
// right kinds, and that every string field of the request (and int32 field
// named table) is declared or plain.
func checkRuleFields(rule Rule, input protoreflect.MessageDescriptor) []string {
	var problems []string
	declared := map[string]bool{}
	declare := func(path string, singular bool, kinds ...protoreflect.Kind) {
		if path == "" {
			return
		}
		declared[path] = true
		fd, err := fieldAt(input, path, singular)
		if err != nil {
			problems = append(problems, err.Error())
		} else if !slices.Contains(kinds, fd.Kind()) {
			problems = append(problems, fmt.Sprintf("field %s is a %s, not a %s", path, fd.Kind(), kinds[0]))
		}
	}
	for _, path := range rule.Resources {
		declare(path, false, protoreflect.StringKind)
	}
	declare(rule.EventID, true, protoreflect.StringKind)
	if t := rule.Table; t != nil {
		if t.Parent == "" {
			problems = append(problems, "its table has no parent field")
		}
		declare(t.Parent, true, protoreflect.StringKind)
		declare(t.Session, true, protoreflect.Int32Kind)
		declare(t.Section, true, protoreflect.StringKind)
		declare(t.Number, true, protoreflect.Int32Kind)
		declare(t.Round, true, protoreflect.Int32Kind)
	}
	walkFields(input, "", map[protoreflect.FullName]bool{}, func(path string, fd protoreflect.FieldDescriptor, kind protoreflect.Kind) {
		isString := kind == protoreflect.StringKind
		isTable := fd.Name() == "table" && kind == protoreflect.Int32Kind
		if (isString || isTable) && !declared[path] && !plainFields[string(fd.Name())] && !plainFields[string(fd.FullName())] {
			problems = append(problems, fmt.Sprintf("field %s (%s) may name a resource or a table: declare it in the rule, or, if it is plain text, in plainFields", path, fd.FullName()))
		}
	})
	return problems
}

// walkFields calls fn with the path and descriptor of every field of md and
// of the messages in it, through lists and map values, with the kind of its
// values. A message met again inside itself is not walked again.
func walkFields(md protoreflect.MessageDescriptor, prefix string, open map[protoreflect.FullName]bool, fn func(path string, fd protoreflect.FieldDescriptor, kind protoreflect.Kind)) {
	if open[md.FullName()] {
		return
	}
	open[md.FullName()] = true
	defer delete(open, md.FullName())
	fields := md.Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		path := prefix + string(fd.Name())
		value := fd
		if fd.IsMap() {
			value = fd.MapValue()
		}
		if value.Message() != nil {
			walkFields(value.Message(), path+".", open, fn)
			continue
		}
		fn(path, fd, value.Kind())
	}
}

// fieldAt finds the field at a dotted path through message fields, and,
// unless singular, through lists and map values of messages too, ending in
// a list of strings.
func fieldAt(md protoreflect.MessageDescriptor, path string, singular bool) (protoreflect.FieldDescriptor, error) {
	names := strings.Split(path, ".")
	for i, name := range names {
		fd := md.Fields().ByName(protoreflect.Name(name))
		if fd == nil {
			return nil, fmt.Errorf("field %s is not in %s", path, md.FullName())
		}
		many := fd.IsList() || fd.IsMap()
		if many && singular {
			return nil, fmt.Errorf("field %s: %s is a list or a map; a table is named by singular fields", path, name)
		}
		if i == len(names)-1 {
			if fd.IsMap() || fd.IsList() && fd.Kind() != protoreflect.StringKind {
				return nil, fmt.Errorf("field %s is a map or a list of other than strings", path)
			}
			return fd, nil
		}
		if fd.IsMap() {
			fd = fd.MapValue()
		}
		if fd.Message() == nil {
			return nil, fmt.Errorf("field %s: %s is not a message", path, name)
		}
		md = fd.Message()
	}
	return nil, fmt.Errorf("empty field path")
}

// serviceMethods returns the full names of the unary and streaming methods
// of sd.
func serviceMethods(sd grpc.ServiceDesc) []string {
	var names []string
	for _, m := range sd.Methods {
		names = append(names, "/"+sd.ServiceName+"/"+m.MethodName)
	}
	for _, s := range sd.Streams {
		names = append(names, "/"+sd.ServiceName+"/"+s.StreamName)
	}
	return names
}

// publicPolicy opens every method of sd to everyone.
func publicPolicy(sd grpc.ServiceDesc) Policy {
	p := Policy{}
	for _, method := range serviceMethods(sd) {
		p[method] = Rule{Roles: []Role{RolePublic}}
	}
	return p
}
