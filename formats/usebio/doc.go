// Package usebio reads and writes USEBIO 1.0–1.3 files, the XML results format of the English
// Bridge Union ("Universal Scoring Exchange for Bridge Information and Output") that
// EBUScore, Jeff Smith's PairsScorer and TeamsScorer, Pianola, RealBridge, BriAn and
// Bridgewebs write.
//
// Read returns plain structs that mirror the file: a File holds the club and the
// Event; the event holds Sessions, a session holds Sections, and a section holds the
// Participants (pairs or teams), the Boards with their traveller lines and, for team
// events, the Matches. Real files leave levels out (a one-section file may put
// PARTICIPANTS and BOARD straight under EVENT or SESSION); Read then supplies the
// missing session or section with an empty ID, so that callers always walk
// Event.Sessions[i].Sections[j].
//
// Values are kept as the text the file holds, because the same element carries
// numbers, codes and blanks in real files: SCORE is "-620" or the artificial code
// "A5050", PLACE is "3" or "3=", PAIR_NUMBER is "7" in a pairs event and "7-1-2" in a
// teams event, MASTER_POINTS_AWARDED may be empty. ParseInt and ParseFloat turn such
// text into numbers with errors that name the element and quote the value.
//
// Write writes a File in the full form (every session under EVENT, every
// section under its SESSION), in UTF-8 and leaving out empty elements; Read
// reads it back to the same File.
//
// Files from EBU programs are encoded in ISO-8859-1; Read decodes ISO-8859-1,
// Windows-1252 and UTF-8.
package usebio
