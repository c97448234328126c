// Package pbn reads and writes PBN 2.1 ("Portable Bridge Notation", Tis Veugen et
// al., 2017), the text format in which dealing programs, duplicating machines,
// hand-record printers and scoring programs exchange boards and results.
//
// Read accepts the import format, the free form most programs write; Write writes
// the export format. The rules of PBN 2.1 implemented here are:
//
//   - A file is a sequence of games (boards). A game is a run of tag pairs
//     [Name "Value"], each optionally followed by a section of data lines (the
//     auction, the play, or a table); an empty line ends the game.
//   - Tag names are letters, digits and underscores. A tag value is a string in
//     double quotes in which \" stands for a quote and \\ for a backslash; it does
//     not span lines.
//   - A line that starts with % is an escape line, ignored except that the %
//     lines before the first game are kept as the file's directives (% PBN 2.1,
//     % EXPORT, %Content-type, %Creator).
//   - ; starts a comment that runs to the end of the line and {...} a comment that
//     may span lines (an empty line inside it does not end the game). Neither counts
//     inside a quoted string. Comments are dropped.
//   - A tag value of "#" inherits the value of the same tag in the previous game.
//   - Files are ISO-8859-1 unless a %Content-type directive says charset=UTF-8.
//     Undeclared files that are valid UTF-8 are read as UTF-8, since many programs
//     write it without saying so.
//   - Table tags (ScoreTable, TotalScoreTable, OptimumResultTable, ...) have a
//     value "Col1\wA;Col2\wA" naming the columns, each with an optional width w and
//     alignment A (L or R); their section holds one row per line, the fields
//     separated by white space and quoted when they contain white space.
//   - The export format starts with "% PBN 2.1" and "% EXPORT", writes one tag pair
//     per line starting in column 1 with a single space between name and value,
//     the 15 tags of the Mandatory Tag Set first and in their order (Event, Site,
//     Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring,
//     Declarer, Contract, Result) with "?" for an unknown value, supplemental tags
//     after them, an empty line between games, and CR LF line ends.
//
// Typed views turn tags into Director's vocabulary: Game.Board returns a
// bridge.Board (from Board, Dealer, Vulnerable and a Deal tag starting with any
// seat), Game.Result the contract, declarer and tricks, Game.DoubleDummyTricks and
// Game.OptimumResultTable a bridge.DDTable (FormatDoubleDummyTricks and
// OptimumResultTableOf write one back), Game.Par the par of the OptimumScore
// ("NS 620", "EW 100") and ParContract ("NS 4S", "EW 4Sx-1; EW 5Dx-1") tags as
// a par.Par, and Game.SetDoubleDummy writes all four tags from a table and its
// par, Game.ScoreTable and Game.TotalScoreTable a
// board's traveller and the ranking (ScoreTableTag and TotalScoreTableTag write
// them, with the Score_NS/Score_EW, MP_ or IMP_, Names and TotalScore columns
// of scoring programs), and Game.Table any table section.
//
// Errors say where and what: "pbn: line 12: tag "Deal": ...".
package pbn
