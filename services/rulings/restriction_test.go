package rulingsservice

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	rulingsv1 "github.com/bridge-director/director/proto/bridge/rulings/v1"
	typev1 "github.com/bridge-director/director/proto/bridge/type/v1"
)

// FuzzRestrictionFromProto: a restriction in force a client sends is read
// or refused with a reason, never a panic, and one that is read writes
// back with the same structure, its until and text filled in.
func FuzzRestrictionFromProto(f *testing.F) {
	f.Add(int32(2), int32(1), "", "", false, int32(0), "27B2")
	f.Add(int32(6), int32(4), "C D S", "", false, int32(3), "26B")
	f.Add(int32(4), int32(2), "H", "", false, int32(5), "50D2(a)")
	f.Add(int32(5), int32(4), "", "CJ", true, int32(4), "24E")
	f.Add(int32(3), int32(3), "♠ ♥", "", false, int32(0), "50D2(b)")
	f.Add(int32(9), int32(0), "X", "ZZ", true, int32(-1), "")
	f.Fuzz(func(t *testing.T, kind, seat int32, suits, card string, major bool, until int32, law string) {
		in := &rulingsv1.Restriction{Kind: rulingsv1.RestrictionKind(kind), Seat: typev1.Seat(seat), Suits: strings.Fields(suits),
			Card: card, Major: major, Until: rulingsv1.Until(until), Law: law}
		r, err := restrictionFromProto(in)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%v refused without a reason", in)
			}
			return
		}
		out := restrictionToProto(r)
		if out.GetUntil() == rulingsv1.Until_UNTIL_UNSPECIFIED || out.GetText() == "" {
			t.Fatalf("%v written back as %v: no until or text", in, out)
		}
		again, err := restrictionFromProto(out)
		if err != nil {
			t.Fatalf("%v written back as %v, which is refused: %v", in, out, err)
		}
		if back := restrictionToProto(again); !proto.Equal(back, out) {
			t.Fatalf("%v: written back as %v, then as %v", in, out, back)
		}
		if out.GetKind() != in.GetKind() || out.GetSeat() != in.GetSeat() || out.GetLaw() != in.GetLaw() || out.GetMajor() != in.GetMajor() || len(out.GetSuits()) != len(in.GetSuits()) {
			t.Fatalf("%v written back as %v", in, out)
		}
	})
}
