package platform

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// checkScope refuses a request that names, in the fields its method's rule
// declares, an event outside the events of a scoped token, or a table
// outside the tables of a token limited to tables. A name a scoped token
// sends that is not under "events/" is refused too: the handler could not
// tell which event it means either. A method whose rule says it acts on
// every event (EveryEvent) is refused to any scoped token, and one that
// acts on events whole (WholeEvent) to a token limited to tables.
func checkScope(p Principal, rule Rule, req any) error {
	m, ok := req.(proto.Message)
	if !ok || len(p.Events) == 0 && len(p.Tables) == 0 {
		return nil
	}
	if rule.EveryEvent {
		return permissionDenied("token %q is limited to %s, and this method reads the records of every event, naming none: it needs a token with no events or tables in the token file", p.Name, scopeText(p))
	}
	if rule.WholeEvent && p.AtTables() {
		return permissionDenied("token %q is limited to %s, and this method acts on every table of the event: it needs a token with no tables in the token file", p.Name, scopeText(p))
	}
	r := m.ProtoReflect()
	var err error
	rangeEvents(rule, r, func(field, value, event string) bool {
		switch {
		case event == "":
			err = FieldError(field, fmt.Sprintf("%q is not the name of a resource of an event (events/<id>/...)", value))
		case !p.MayActOn(event):
			err = permissionDenied("token %q may not act on %q (field %s); it is limited to %v", p.Name, event, field, p.Events)
		}
		return err == nil
	})
	if err != nil || !p.AtTables() || rule.Table == nil {
		return err
	}
	tables, err := tableNames(rule.Table, r)
	if err != nil {
		return err
	}
	if p.Pair != "" {
		return checkSeat(p, rule.Table, r, tables)
	}
	for _, table := range tables {
		if !p.MayActAt(table) {
			return permissionDenied("token %q may not act at %s; it is limited to %v", p.Name, table, p.Tables)
		}
	}
	return nil
}

// checkSeat holds a pair's token to where its pair sits: in the round the
// request names (by t.Round, or a parent's name below the table), at the
// table the schedule seats the pair in that round; with no round to name,
// at one of the pair's tables.
func checkSeat(p Principal, t *TableRef, m protoreflect.Message, tables []string) error {
	rounds := roundsNamed(t, m)
	if len(rounds) == 0 && t.Round != "" {
		return FieldError(t.Round, "a pair's code acts in one round at a time: name the round (from 1)")
	}
	for _, table := range tables {
		if len(rounds) == 0 && !slices.Contains(p.Tables, table) {
			return permissionDenied("pair %s never sits at %s; its tables are %v", p.Pair, table, p.Tables)
		}
		for _, round := range rounds {
			seat, ok := p.SeatIn(round)
			switch {
			case !ok:
				return permissionDenied("pair %s sits out round %d (or the schedule has no such round): its code acts at no table then, not at %s", p.Pair, round, table)
			case seat.Table != table:
				return permissionDenied("pair %s sits at %s %s in round %d, not at %s", p.Pair, seat.Table, direction(seat), round, table)
			}
		}
	}
	return nil
}

// scopeText says what a scoped principal is limited to.
func scopeText(p Principal) string {
	var parts []string
	if len(p.Events) > 0 {
		parts = append(parts, fmt.Sprintf("events %v", p.Events))
	}
	if len(p.Tables) > 0 {
		parts = append(parts, fmt.Sprintf("tables %v", p.Tables))
	}
	if p.Pair != "" {
		parts = append(parts, "the tables of pair "+p.Pair)
	}
	return strings.Join(parts, " and ")
}

func direction(s Seat) string {
	if s.EastWest {
		return "East-West"
	}
	return "North-South"
}

// roundsNamed returns the rounds a request names by t: the round of a
// parent's name below a table (".../tables/<n>/rounds/<r>/..."), and the
// field t.Round, each when given.
func roundsNamed(t *TableRef, m protoreflect.Message) []int32 {
	var rounds []int32
	segments := strings.Split(first(stringsAt(m, t.Parent)), "/")
	if len(segments) > 9 && segments[8] == "rounds" {
		if n, err := strconv.ParseInt(segments[9], 10, 32); err == nil {
			rounds = append(rounds, int32(n))
		}
	}
	if n := intAt(m, t.Round); n != 0 {
		rounds = append(rounds, n)
	}
	return rounds
}

// eventOfRequest returns the first event the declared fields of req name,
// or "" when they name none.
func eventOfRequest(rule Rule, req any) string {
	m, ok := req.(proto.Message)
	if !ok {
		return ""
	}
	var first string
	rangeEvents(rule, m.ProtoReflect(), func(_, _, event string) bool {
		first = event
		return event == ""
	})
	return first
}

// rangeEvents calls fn with every name set in the resource fields of rule
// and the event it lies in ("" when it names none), until fn returns false.
func rangeEvents(rule Rule, m protoreflect.Message, fn func(field, value, event string) bool) {
	for _, path := range rule.Resources {
		for _, v := range stringsAt(m, path) {
			event, _ := eventOf(v)
			if !fn(path, v, event) {
				return
			}
		}
	}
	if rule.EventID != "" {
		for _, id := range stringsAt(m, rule.EventID) {
			event, _ := eventOf("events/" + id)
			if !fn(rule.EventID, id, event) {
				return
			}
		}
	}
}

// eventOf returns the "events/<id>" prefix of a resource name.
func eventOf(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, "events/")
	if !ok {
		return "", false
	}
	id, _, _ := strings.Cut(rest, "/")
	return "events/" + id, true
}

// tableKinds are the collections of a table's name, in order.
var tableKinds = [4]string{"events", "sessions", "sections", "tables"}

// tableNames returns the tables the request names by t: the parent's own,
// when its name lies at or below a table, and the one its parts and the
// fields of t make.
func tableNames(t *TableRef, m protoreflect.Message) ([]string, error) {
	parent := first(stringsAt(m, t.Parent))
	segments := strings.Split(parent, "/")
	var given [4]string
	for i, kind := range tableKinds {
		if 2*i+1 >= len(segments) {
			break
		}
		if segments[2*i] != kind || segments[2*i+1] == "" {
			return nil, FieldError(t.Parent, fmt.Sprintf("%q does not name an event, session, section or table", parent))
		}
		given[i] = segments[2*i+1]
	}
	if given[0] == "" {
		return nil, FieldError(t.Parent, fmt.Sprintf("%q does not name an event", parent))
	}
	var names []string
	if given[3] != "" {
		names = append(names, tableName(given))
	}
	made := given
	if n := intAt(m, t.Session); n != 0 {
		made[1] = strconv.Itoa(int(n))
	} else if made[1] == "" {
		made[1] = "1"
	}
	if s := first(stringsAt(m, t.Section)); s != "" {
		made[2] = strings.ToUpper(s)
	} else if made[2] == "" {
		made[2] = "A"
	}
	if n := intAt(m, t.Number); n != 0 {
		made[3] = strconv.Itoa(int(n))
	}
	if made[3] == "" {
		field := t.Number
		if field == "" {
			field = t.Parent
		}
		return nil, FieldError(field, "names no table")
	}
	if made != given {
		names = append(names, tableName(made))
	}
	return names, nil
}

func tableName(parts [4]string) string {
	var b strings.Builder
	for i, kind := range tableKinds {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(kind + "/" + parts[i])
	}
	return b.String()
}

// stringsAt returns the values set at the string field path of m: through
// lists and map values of messages, every element; of a repeated string,
// every element that is not empty.
func stringsAt(m protoreflect.Message, path string) []string {
	var out []string
	leaves(m, path, func(fd protoreflect.FieldDescriptor, v protoreflect.Value) {
		if s := v.String(); fd.Kind() == protoreflect.StringKind && s != "" {
			out = append(out, s)
		}
	})
	return out
}

// intAt returns the value of the int32 field path of m, 0 when unset.
func intAt(m protoreflect.Message, path string) int32 {
	var n int32
	leaves(m, path, func(fd protoreflect.FieldDescriptor, v protoreflect.Value) {
		if fd.Kind() == protoreflect.Int32Kind && n == 0 {
			n = int32(v.Int())
		}
	})
	return n
}

// leaves calls fn with every value set at path in m, following the
// messages of singular fields, lists and map values on the way.
func leaves(m protoreflect.Message, path string, fn func(protoreflect.FieldDescriptor, protoreflect.Value)) {
	if path == "" {
		return
	}
	name, rest, more := strings.Cut(path, ".")
	fd := m.Descriptor().Fields().ByName(protoreflect.Name(name))
	if fd == nil || !m.Has(fd) {
		return
	}
	v := m.Get(fd)
	switch {
	case !more && fd.IsList():
		for i := range v.List().Len() {
			fn(fd, v.List().Get(i))
		}
	case !more && !fd.IsMap():
		fn(fd, v)
	case !more:
	case fd.IsMap():
		if fd.MapValue().Message() != nil {
			v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool {
				leaves(mv.Message(), rest, fn)
				return true
			})
		}
	case fd.Message() == nil:
	case fd.IsList():
		for i := range v.List().Len() {
			leaves(v.List().Get(i).Message(), rest, fn)
		}
	default:
		leaves(v.Message(), rest, fn)
	}
}

func first(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[0]
}
