package pbn

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// decode turns the bytes of a file into text. A %Content-type directive with a
// charset decides; without one, valid UTF-8 is UTF-8 and anything else is
// ISO-8859-1, the character set of PBN.
func decode(raw []byte) (string, error) {
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	switch charset := declaredCharset(raw); charset {
	case "utf-8", "utf8":
		if !utf8.Valid(raw) {
			n := bytes.Count(raw[:firstInvalidUTF8(raw)], []byte("\n")) + 1
			return "", fmt.Errorf("pbn: line %d: not UTF-8, though the file declares charset=%s", n, charset)
		}
		return string(raw), nil
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1":
		return charmap.ISO8859_1.NewDecoder().String(string(raw))
	case "windows-1252", "cp1252":
		return charmap.Windows1252.NewDecoder().String(string(raw))
	case "":
		if utf8.Valid(raw) {
			return string(raw), nil
		}
		return charmap.ISO8859_1.NewDecoder().String(string(raw))
	default:
		return "", fmt.Errorf("pbn: unsupported charset %q (want ISO-8859-1, Windows-1252 or UTF-8)", charset)
	}
}

// declaredCharset returns the charset named by a % directive before the first tag
// pair, in lower case, or "".
func declaredCharset(raw []byte) string {
	for line := range bytes.Lines(raw) {
		if bytes.HasPrefix(line, []byte("[")) {
			break
		}
		if !bytes.HasPrefix(line, []byte("%")) {
			continue
		}
		lower := strings.ToLower(string(line))
		_, after, ok := strings.Cut(lower, "charset=")
		if !ok {
			continue
		}
		end := strings.IndexAny(after, "; \t\r\n")
		if end < 0 {
			end = len(after)
		}
		return strings.Trim(after[:end], `"`)
	}
	return ""
}

// firstInvalidUTF8 returns the index of the first byte of raw that is not part of
// valid UTF-8.
func firstInvalidUTF8(raw []byte) int {
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(raw)
}

// nonLatin1 returns the first character of s that ISO-8859-1 cannot hold.
func nonLatin1(s string) (rune, bool) {
	for _, r := range s {
		if r > 0xFF {
			return r, true
		}
	}
	return 0, false
}

// latin1 returns text in ISO-8859-1; every character must have passed nonLatin1.
func latin1(text string) []byte {
	out := make([]byte, 0, len(text))
	for _, r := range text {
		out = append(out, byte(r))
	}
	return out
}
