package platform

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var (
	// idPattern is what a resource id may be: "club-night", "2026-congress", "1".
	idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,62}$`)
	// sectionPattern is what a section may be called: "A", "B", "AA", "N1".
	sectionPattern = regexp.MustCompile(`^[A-Z0-9]{1,8}$`)
)

// ValidSection reports whether s can name a section: 1 to 8 of A-Z and 0-9.
func ValidSection(s string) bool { return sectionPattern.MatchString(s) }

// ValidID reports whether id can be a segment of a resource name: 1 to 63 of
// a-z, 0-9 and '-', not starting with '-'.
func ValidID(id string) bool { return idPattern.MatchString(id) }

// ParseName matches a resource name against a pattern such as
// "events/{event}/sessions/{session:n}" and returns its ids in order. A
// variable written {name:n} must be a number from 1 up, one written
// {name:letters} a section's letters (1 to 8 of A-Z and 0-9), and any other
// an id. Errors name field and show the pattern.
func ParseName(field, name, pattern string) ([]string, error) {
	bad := func(why string) error {
		return FieldError(field, fmt.Sprintf("%q is not a name of the form %s: %s", name, pattern, why))
	}
	want := strings.Split(pattern, "/")
	got := strings.Split(name, "/")
	if len(got) != len(want) {
		return nil, bad(fmt.Sprintf("it has %d parts, want %d", len(got), len(want)))
	}
	var ids []string
	for i, w := range want {
		if !strings.HasPrefix(w, "{") {
			if got[i] != w {
				return nil, bad(fmt.Sprintf("part %d is %q, want %q", i+1, got[i], w))
			}
			continue
		}
		variable, kind, _ := strings.Cut(strings.Trim(w, "{}"), ":")
		switch kind {
		case "n":
			if n, err := strconv.Atoi(got[i]); err != nil || n < 1 || strconv.Itoa(n) != got[i] {
				return nil, bad(fmt.Sprintf("the %s %q is not a number from 1 up", variable, got[i]))
			}
		case "letters":
			if !ValidSection(got[i]) {
				return nil, bad(fmt.Sprintf("the %s %q is not 1 to 8 of A-Z and 0-9", variable, got[i]))
			}
		default:
			if !ValidID(got[i]) {
				return nil, bad(fmt.Sprintf("the %s %q is not 1 to 63 of a-z, 0-9 and '-'", variable, got[i]))
			}
		}
		ids = append(ids, got[i])
	}
	return ids, nil
}
