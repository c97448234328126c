package platform

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// scopedFields are the names of the string fields that hold resource names,
// with what turns their value into a name: the id of an event being created
// (event_id) is the event "events/<id>".
var scopedFields = map[protoreflect.Name]string{"name": "", "parent": "", "event": "", "section": "", "event_id": "events/"}

// checkEventScope refuses a request that names an event outside the events
// of a scoped token. It looks at every field of scopedFields, in the request
// and in the messages nested in it, whose value starts with "events/".
func checkEventScope(p Principal, req any) error {
	m, ok := req.(proto.Message)
	if len(p.Events) == 0 || !ok {
		return nil
	}
	var err error
	rangeResourceNames(m.ProtoReflect(), "", func(path, value string) bool {
		event, isEvent := eventOf(value)
		if isEvent && !p.MayActOn(event) {
			err = permissionDenied("token %q may not act on %q (field %s); it is limited to %v", p.Name, event, path, p.Events)
			return false
		}
		return true
	})
	return err
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

// rangeResourceNames calls fn with the path and value of every populated
// string field of scopedFields in m and its nested messages, until fn
// returns false.
func rangeResourceNames(m protoreflect.Message, prefix string, fn func(path, value string) bool) bool {
	more := true
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		path := prefix + string(fd.Name())
		isMessage := fd.Message() != nil
		namePrefix, scoped := scopedFields[fd.Name()]
		isName := fd.Kind() == protoreflect.StringKind && scoped
		switch {
		case fd.IsMap():
			if fd.MapValue().Message() != nil {
				v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
					more = rangeResourceNames(mv.Message(), fmt.Sprintf("%s[%v].", path, k.Interface()), fn)
					return more
				})
			}
		case fd.IsList() && (isMessage || isName):
			list := v.List()
			for i := 0; i < list.Len() && more; i++ {
				if isMessage {
					more = rangeResourceNames(list.Get(i).Message(), fmt.Sprintf("%s[%d].", path, i), fn)
				} else {
					more = fn(fmt.Sprintf("%s[%d]", path, i), namePrefix+list.Get(i).String())
				}
			}
		case isMessage:
			more = rangeResourceNames(v.Message(), path+".", fn)
		case isName:
			more = fn(path, namePrefix+v.String())
		}
		return more
	})
	return more
}
