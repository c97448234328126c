package dlm

import (
	"fmt"
	"io"
	"strings"

	"github.com/bridge-director/director/bridge"
	"github.com/bridge-director/director/formats/bri"
	"golang.org/x/text/encoding/charmap"
)

// maxBoard is the highest board a DLM file holds.
const maxBoard = 99

// Option changes what Write writes.
type Option func(*options)

type options struct {
	headline string
	sealed   bool
}

// Headline sets the Headline line, empty unless told. It must be one line of
// text that Windows-1252 can encode.
func Headline(s string) Option { return func(o *options) { o.headline = s } }

// Sealed writes Status=Sealed rather than Show: the machine shows no cards on screen.
func Sealed() Option { return func(o *options) { o.sealed = true } }

// Write writes boards as a DLM file with CRLF line endings. The boards must pass
// bri.CheckSet and be numbered 1 to 99.
func Write(w io.Writer, boards []bridge.Board, opts ...Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if err := bri.CheckSet(boards); err != nil {
		return fmt.Errorf("dlm: %w", err)
	}
	from, to := boards[0].Number, boards[len(boards)-1].Number
	if to > maxBoard {
		return fmt.Errorf("dlm: board %d: a DLM file holds boards 1 to %d only", to, maxBoard)
	}
	if strings.ContainsAny(o.headline, "\r\n") {
		return fmt.Errorf("dlm: headline %q: a headline is one line", o.headline)
	}
	headline, err := charmap.Windows1252.NewEncoder().String(o.headline)
	if err != nil {
		return fmt.Errorf("dlm: headline %q: Windows-1252 cannot encode it", o.headline)
	}
	status, sum := "Show", from^to^1 // Duplicates is 0
	if o.sealed {
		status, sum = "Sealed", from^to
	}
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\r\n", args...) }
	line("[Document]")
	line("Headline=%s", headline)
	line("Status=%s", status)
	line("Duplicates=0")
	line("From board=%d", from)
	line("To board=%d", to)
	line("Next board to duplimate=0")
	line("PrintOuts=0")
	line("Crypto key=0")
	line("Checksum=%d", sum)
	for n := 1; n <= maxBoard; n++ {
		letters := dummyRecord
		if from <= n && n <= to {
			letters = encodeRecord(boards[n-from].Deal)
		}
		line("Duplicates %02d=0", n)
		line("Board %02d=%s%03d", n, letters, checksum(n, letters))
	}
	_, err = io.WriteString(w, b.String())
	return err
}
