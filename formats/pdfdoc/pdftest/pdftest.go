// Package pdftest reads back, for tests, what the PDF documents of package
// pdfdoc show: the content stream of each page, inflated, and the text
// strings the pages show in the Unicode fonts.
package pdftest

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

var (
	streamObject = regexp.MustCompile(`(\d+) 0 obj\n<<([^<>]*)>>\nstream\n`)
	streamLength = regexp.MustCompile(`/Length (\d+)`)
	pageContents = regexp.MustCompile(`/Contents (\d+) 0 R`)
)

// Pages returns the content streams of the pages of pdf, inflated, in page
// order.
func Pages(t testing.TB, pdf []byte) []string {
	t.Helper()
	streams := map[string]string{}
	for _, m := range streamObject.FindAllSubmatchIndex(pdf, -1) {
		object, dict := string(pdf[m[2]:m[3]]), string(pdf[m[4]:m[5]])
		length := streamLength.FindStringSubmatch(dict)
		if length == nil {
			t.Fatalf("object %s: no stream length in %q", object, dict)
		}
		n, err := strconv.Atoi(length[1])
		if err != nil || m[1]+n > len(pdf) {
			t.Fatalf("object %s: bad stream length in %q", object, dict)
		}
		data := pdf[m[1] : m[1]+n]
		if strings.Contains(dict, "/FlateDecode") {
			r, err := zlib.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("object %s: %v", object, err)
			}
			if data, err = io.ReadAll(r); err != nil {
				t.Fatalf("object %s: %v", object, err)
			}
		}
		streams[object] = string(data)
	}
	var pages []string
	for _, m := range pageContents.FindAllStringSubmatch(string(pdf), -1) {
		content, ok := streams[m[1]]
		if !ok {
			t.Fatalf("page content object %s is not a stream", m[1])
		}
		pages = append(pages, content)
	}
	return pages
}

// String returns s as a PDF string in a Unicode font holds it: UTF-16, big
// end first, escaped.
func String(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u >> 8))
		b.WriteByte(byte(u))
	}
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`, "\r", `\r`).Replace(b.String())
}

// Shown returns the operand a page's content stream shows s with: a page
// shows s where it holds Shown(s), whatever the operator's spacing.
func Shown(s string) string { return "(" + String(s) + ")" }
