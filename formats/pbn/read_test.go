package pbn

import (
	"reflect"
	"strings"
	"testing"
)

func mustRead(t *testing.T, input string) *File {
	t.Helper()
	f, err := Read(strings.NewReader(input))
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, input)
	}
	return f
}

// tagsOf lists the tags of a game as name=value, with their data lines after a |.
func tagsOf(g Game) []string {
	var out []string
	for _, t := range g.Tags {
		s := t.Name + "=" + t.Value
		for _, l := range t.Data {
			s += "|" + l.Text
		}
		out = append(out, s)
	}
	return out
}

func TestReadSyntax(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  [][]string // tags of each game
	}{
		{"escapes in values", `[Event "The \"Open\" \\ Teams"]` + "\n" + `[ScoreTable "Result\2R"]`,
			[][]string{{`Event=The "Open" \ Teams`, `ScoreTable=Result\2R`}}},
		{"games end at empty lines", "[Board \"1\"]\n\n\n[Board \"2\"]\n   \n[Board \"3\"]\n",
			[][]string{{"Board=1"}, {"Board=2"}, {"Board=3"}}},
		{"CR LF line ends", "[Board \"1\"]\r\n[Dealer \"N\"]\r\n\r\n[Board \"2\"]\r\n",
			[][]string{{"Board=1", "Dealer=N"}, {"Board=2"}}},
		{"semicolon comments", "; a comment line\n[Board \"1\"] ; the first\n[Event \"a;b\"]\n",
			[][]string{{"Board=1", "Event=a;b"}}},
		{"brace comments, even across an empty line", "[Board \"1\"] {a comment\n\nstill the comment}\n[Dealer \"S\"] {x} {y}\n",
			[][]string{{"Board=1", "Dealer=S"}}},
		{"a comment-only line does not end a game", "[Board \"1\"]\n{note}\n[Dealer \"E\"]\n",
			[][]string{{"Board=1", "Dealer=E"}}},
		{"sections follow their tag", "[Auction \"N\"]\n1S Pass 2S Pass ; agreed\nPass {end} Pass\n[Play \"E\"]\nHA H2\n",
			[][]string{{"Auction=N|1S Pass 2S Pass|Pass   Pass", "Play=E|HA H2"}}},
		{"several tags on a line", `[Board "1"][Dealer "W"]  [Vulnerable "All"]`,
			[][]string{{"Board=1", "Dealer=W", "Vulnerable=All"}}},
		{"quoted data keeps comment characters", "[ScoreTable \"Names\"]\n\"a ; {b}\"\n",
			[][]string{{`ScoreTable=Names|"a ; {b}"`}}},
		{"inheritance with #", "[Event \"Club\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Board \"2\"]\n\n[Event \"#\"]\n",
			[][]string{{"Event=Club", "Board=1"}, {"Event=Club", "Board=2"}, {"Event=Club"}}},
		{"escape lines inside a game are ignored", "[Board \"1\"]\n% not a tag\n[Dealer \"N\"]\n",
			[][]string{{"Board=1", "Dealer=N"}}},
		{"white space inside the brackets", "[ Board   \"1\" ]\n",
			[][]string{{"Board=1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustRead(t, tt.input)
			var got [][]string
			for _, g := range f.Games {
				got = append(got, tagsOf(g))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestReadKeepsDirectivesLinesAndInheritance(t *testing.T) {
	f := mustRead(t, "% PBN 2.1\n%Creator: BigDeal\n\n[Event \"E\"]\n[Board \"1\"]\n\n% between\n[Event \"#\"]\n[Board \"2\"]\n")
	if want := []string{" PBN 2.1", "Creator: BigDeal"}; !reflect.DeepEqual(f.Directives, want) {
		t.Errorf("directives %q, want %q", f.Directives, want)
	}
	second := f.Games[1].Tags[0]
	if !second.Inherited || second.Line != 8 || f.Games[0].Tags[0].Inherited {
		t.Errorf("second game's Event: %+v; want inherited, line 8", second)
	}
}

func TestReadCharsets(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"undeclared UTF-8", "[West \"Łukasz\"]", "Łukasz"},
		{"undeclared bytes that are not UTF-8 are ISO-8859-1", "[West \"Jos\xe9\"]", "José"},
		{"declared ISO-8859-1 wins over valid UTF-8", "%Content-type: text/x-pbn; charset=ISO-8859-1\n[West \"\xc3\xa9\"]", "Ã©"},
		{"declared Windows-1252", "%Content-type: text/x-pbn; charset=windows-1252\n[West \"\x80\"]", "€"},
		{"a byte order mark is dropped", "\xef\xbb\xbf[West \"A\"]", "A"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustRead(t, tt.input)
			if got, _ := f.Games[0].Value("West"); got != tt.want {
				t.Errorf("West = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadErrorsSayWhereAndWhat(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"no value", "[Board \"1\"]\n[Deal N:...]", `pbn: line 2, column 7: tag pair: tag "Deal": want the value in double quotes, found 'N'`},
		{"no name", `[ "1"]`, `pbn: line 1, column 3: tag pair: want a tag name (letters, digits and _) after [, found '"'`},
		{"no closing bracket", `[Board "1"`, `pbn: line 1, column 11: tag pair: tag "Board": want ] after the value, found the end of the line`},
		{"unterminated value", "\n\n[Board \"1]", `pbn: line 3, column 8: string has no closing quote on its line`},
		{"open comment", "[Board \"1\"]\n{ never closed\n", `pbn: line 2: comment opened with { is never closed`},
		{"data before a tag", "1S Pass\n", `pbn: line 1, column 1: "1S Pass" is neither a tag pair nor the data of one`},
		{"inheritance in the first game", `[Event "#"]`, `pbn: line 1: tag "Event": "#" inherits the value of the previous game, but this is the first game`},
		{"inheritance of a tag the previous game lacks", "[Board \"1\"]\n\n[Event \"#\"]", `pbn: line 3: tag "Event": "#" inherits the value of the previous game, which has no Event tag`},
		{"declared UTF-8 that is not", "%Content-type: text/x-pbn; charset=UTF-8\n[West \"Jos\xe9\"]", `pbn: line 2: not UTF-8, though the file declares charset=utf-8`},
		{"unknown charset", "%Content-type: text/x-pbn; charset=EBCDIC\n", `pbn: unsupported charset "ebcdic"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.input))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v\nwant  %s", err, tt.want)
			}
		})
	}
}
