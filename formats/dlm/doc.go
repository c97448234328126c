// Package dlm reads and writes DLM files, the board-set file of Jannersten's newer
// Duplimate machines and their Windows software.
//
// A DLM file is INI-style text with Windows (CRLF) line endings; Write writes CRLF
// and Read accepts CRLF or LF. It holds one [Document] section:
//
//	[Document]
//	Headline=<free text, Windows-1252>
//	Status=Show                      (Sealed: the machine shows no cards on screen)
//	Duplicates=0
//	From board=1
//	To board=24
//	Next board to duplimate=0
//	PrintOuts=0
//	Crypto key=0
//	Checksum=25                      (Duplicates XOR From XOR To, XOR 1 if Show)
//	Duplicates 01=0
//	Board 01=<26 letters a..p><3-digit checksum>
//	... a Duplicates and a Board line for every board 01 to 99
//
// A board record takes the cards two at a time in the order AS, KS … 2S, AH … 2C
// (bri.CardNumber) and writes the pair as the letter 'a' + 4·owner(first) +
// owner(second), owners numbered North 0, East 1, South 2, West 3. Its checksum is
// the board number XOR the codes of all 26 letters, written as three decimal
// digits. Boards outside From..To hold a dummy record, North holding the spades,
// East the hearts, South the diamonds and West the clubs
// ("aaaaaabffffffkkkkkklpppppp", checksum board XOR 14).
//
// The file always lists boards 1 to 99, so a set must lie within them: Write
// refuses a board numbered 100 or more.
//
// Read checks every line: the section header, that every key is known and given
// once and every expected key is present, the numbers, Status, both kinds of
// checksum, the letters of every record, and that each hand of a board within
// From..To holds 13 cards. It refuses a non-zero Crypto key, whose records it could
// not decode. Errors name the line and key, for example
//
//	dlm: line 20 (Board 05): checksum 123, want 117
package dlm
