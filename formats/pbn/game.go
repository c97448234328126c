package pbn

import "fmt"

// File is a PBN file: the directives at its head and its games.
type File struct {
	// Directives are the % lines before the first game, without the %, such as
	// " PBN 2.1" and "Creator: BigDeal".
	Directives []string
	Games      []Game
}

// Game is one game (board) of a PBN file: its tag pairs in the order the file
// gives them.
type Game struct {
	Tags []Tag
}

// Tag is a tag pair and the section of data lines that follows it.
type Tag struct {
	Name  string
	Value string
	// Inherited is set when the file wrote "#" and Value was copied from the
	// previous game.
	Inherited bool
	// Data holds the section after the tag: the auction, the play or the rows of
	// a table, with comments removed.
	Data []Line
	// Line is where the tag was read, or 0 for a tag made in code.
	Line int
}

// Line is a data line of a section and where it was read (0 when made in code).
type Line struct {
	Number int
	Text   string
}

// MandatoryTags are the 15 tags of the Mandatory Tag Set, in the order the export
// format writes them.
var MandatoryTags = [15]string{
	"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
}

// Tag returns the first tag called name.
func (g Game) Tag(name string) (Tag, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t, true
		}
	}
	return Tag{}, false
}

// Value returns the value of the first tag called name.
func (g Game) Value(name string) (string, bool) {
	t, ok := g.Tag(name)
	return t.Value, ok
}

// valueOr returns the value of the first tag called name, or def.
func (g Game) valueOr(name, def string) string {
	if v, ok := g.Value(name); ok {
		return v
	}
	return def
}

// Set gives the first tag called name the value, or appends the tag when the game
// has none. The tag's data section is kept.
func (g *Game) Set(name, value string) {
	g.SetTag(Tag{Name: name, Value: value})
}

// SetTag replaces the first tag called t.Name by t, keeping its data section when t
// has none, or appends t when the game has no such tag.
func (g *Game) SetTag(t Tag) {
	for i := range g.Tags {
		if g.Tags[i].Name == t.Name {
			if t.Data == nil {
				t.Data = g.Tags[i].Data
			}
			g.Tags[i] = t
			return
		}
	}
	g.Tags = append(g.Tags, t)
}

// where names the place of a tag in error messages: `line 12: tag "Deal"`, or
// just `tag "Deal"` for a tag made in code.
func (t Tag) where() string {
	if t.Line > 0 {
		return fmt.Sprintf("line %d: tag %q", t.Line, t.Name)
	}
	return fmt.Sprintf("tag %q", t.Name)
}

// errorf returns an error about the tag: `pbn: line 12: tag "Deal": ...`.
func (t Tag) errorf(format string, args ...any) error {
	return fmt.Errorf("pbn: %s: %s", t.where(), fmt.Sprintf(format, args...))
}

// isUnknown reports whether a tag value stands for "not known": "?", "" or
// absent.
func isUnknown(value string, ok bool) bool {
	return !ok || value == "" || value == "?"
}
