package platform

import (
	"maps"
	"strings"
	"testing"
)

// coveringPolicy declares every resource field of Request for every method.
func coveringPolicy() Policy {
	rule := func(roles ...Role) Rule {
		return Rule{
			Roles: roles,
			Resources: []string{"name", "parent", "section", "ref.event", "ref.section", "ref.note",
				"refs.event", "refs.section", "refs.note", "by_board.event", "by_board.section", "by_board.note"},
			Table: &TableRef{Parent: "parent", Number: "table"},
		}
	}
	return Policy{
		"/" + testService + "/Public":   rule(RolePublic),
		"/" + testService + "/Score":    rule(RoleDirector, RoleScorer),
		"/" + testService + "/Unlisted": rule(RoleDirector),
		"/" + testService + "/Panic":    rule(RolePublic),
		"/" + testService + "/Watch":    rule(RoleDirector),
	}
}

func TestCheckPolicyCoversMethodsAndRoles(t *testing.T) {
	if err := CheckPolicyCovers(coveringPolicy(), testServiceDesc); err != nil {
		t.Errorf("complete policy: %v", err)
	}
	broken := coveringPolicy()
	delete(broken, "/"+testService+"/Unlisted")
	delete(broken, "/"+testService+"/Watch")
	broken["/"+testService+"/Score"] = Rule{}
	broken["/"+testService+"/Panic"] = Rule{Roles: []Role{"tournament-director"}, Resources: coveringPolicy()["/"+testService+"/Panic"].Resources, Table: &TableRef{Parent: "parent", Number: "table"}}
	err := CheckPolicyCovers(broken, testServiceDesc)
	for _, want := range []string{
		"/director.platformtest.TestService/Score lists no roles",
		`/director.platformtest.TestService/Panic lists unknown role "tournament-director"`,
		"/director.platformtest.TestService/Unlisted is missing",
		"/director.platformtest.TestService/Watch is missing",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to contain %q", err, want)
		}
	}
}

// TestCheckPolicyCoversEveryResourceField: a string field, or an int32
// field named table, anywhere in a request (nested, in a list, in a map's
// values) that the rule does not declare and that is not known plain text
// fails the check, naming the field.
func TestCheckPolicyCoversEveryResourceField(t *testing.T) {
	const score = "/" + testService + "/Score"
	tests := []struct {
		name  string
		edit  func(r *Rule)
		wants []string
	}{
		{"top-level field", func(r *Rule) { r.Resources = without(r.Resources, "name") },
			[]string{"Score: field name (director.platformtest.Request.name) may name a resource"}},
		{"nested field", func(r *Rule) { r.Resources = without(r.Resources, "ref.event") },
			[]string{"field ref.event (director.platformtest.Ref.event)"}},
		{"field in a list of messages", func(r *Rule) { r.Resources = without(r.Resources, "refs.section") },
			[]string{"field refs.section (director.platformtest.Ref.section)"}},
		{"field in map values", func(r *Rule) { r.Resources = without(r.Resources, "by_board.note") },
			[]string{"field by_board.note (director.platformtest.Ref.note)"}},
		{"repeated string", func(r *Rule) { r.Resources = without(r.Resources, "section") },
			[]string{"field section (director.platformtest.Request.section)"}},
		{"a table number", func(r *Rule) { r.Table = nil },
			[]string{"field table (director.platformtest.Request.table)"}},
		{"a declared field that does not exist", func(r *Rule) { r.Resources = append(r.Resources, "ref.board_set") },
			[]string{"Score: field ref.board_set is not in director.platformtest.Ref"}},
		{"a declared field of the wrong kind", func(r *Rule) { r.Resources = append(r.Resources, "table") },
			[]string{"field table is a int32, not a string"}},
		{"a table through a list", func(r *Rule) { r.Table = &TableRef{Parent: "refs.section", Number: "table"} },
			[]string{"refs is a list or a map; a table is named by singular fields"}},
		{"a table without parent", func(r *Rule) { r.Table = &TableRef{Number: "table"} },
			[]string{"Score: its table has no parent field"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := maps.Clone(coveringPolicy())
			r := p[score]
			tt.edit(&r)
			p[score] = r
			err := CheckPolicyCovers(p, testServiceDesc)
			for _, want := range tt.wants {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("err = %v, want it to contain %q", err, want)
				}
			}
		})
	}
}

func without(paths []string, path string) []string {
	var out []string
	for _, p := range paths {
		if p != path {
			out = append(out, p)
		}
	}
	return out
}
