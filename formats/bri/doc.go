// Package bri reads and writes BRI files, the plainest file a duplicating machine
// (Jannersten Duplimate, and the dealing programs that feed it) reads.
//
// A BRI file is a run of 128-byte records, one per board, with no header. A record
// holds the cards of North, East and South as 39 two-digit ASCII card numbers, 13 per
// hand, then 32 spaces and 18 NUL bytes; West holds the 13 cards left over. Cards are
// numbered from the ace of spades down to the two of clubs: AS=01, KS=02 … 2S=13,
// AH=14 … 2H=26, AD=27 … 2D=39, AC=40 … 2C=52 (CardNumber). The same numbering
// serves the DUP and DLM files of the sibling packages.
//
// The file carries no board numbers. Write therefore takes consecutive boards marked
// by Law 2, and Read numbers the boards from FirstBoard (1 unless told) and marks
// them by Law 2 (bridge.NewBoard).
//
// BRI is the base of the Duplimate family, so the package also holds what its
// siblings share: the card part of a record (AppendCards, ParseCards, used by DUP),
// the card numbering (used by DLM), the rule a board set must follow to be written
// (CheckSet) and the reading of fixed-size records (ReadRecords, used by DGE and DUP).
//
// Read checks every record: its length, that each card number is two digits from 01
// to 52, that no card appears twice, and that the filler holds only spaces and NULs
// (any mix, so that files from other dealing programs read too). Errors name the
// board, its bytes in the file and what is wrong, for example
//
//	bri: board 3 (bytes 256-383): North's card 4 "53" is not a card number (01 to 52)
package bri
