package bridge

import (
	"fmt"
	"strings"
)

// upperASCII returns s with the ASCII letters in upper case. The parsers use it
// rather than strings.ToUpper so that no other letter turns into a bridge word
// (strings.ToUpper makes "ſ" an "S").
func upperASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// parseError returns the error of a parser: it names what was being read, quotes
// the input and says what is wrong, as in `bridge: contract "8S": level 8 is outside 1 to 7`.
func parseError(what, input, format string, args ...any) error {
	return fmt.Errorf("bridge: %s %q: %s", what, input, fmt.Sprintf(format, args...))
}

// marshalText is the MarshalText of the package's types: the String form of a
// valid value, and an error for an invalid one, so that no file carries a value
// that cannot be read back.
func marshalText(what string, v fmt.Stringer, valid bool) ([]byte, error) {
	if !valid {
		return nil, fmt.Errorf("bridge: cannot write invalid %s %v", what, v)
	}
	return []byte(v.String()), nil
}

// unmarshalText is the UnmarshalText of the package's types: it parses b and
// stores the value in dst only when it is good.
func unmarshalText[T any](dst *T, b []byte, parse func(string) (T, error)) error {
	v, err := parse(string(b))
	if err != nil {
		return err
	}
	*dst = v
	return nil
}
