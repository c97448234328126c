// Package dge reads and writes DGE files, the hand-display file of Jannersten's
// Duplimate machines.
//
// A DGE file is a run of 128-byte records, one per board, with no header. A record
// holds the four hands, North, East, South and West, each as four suits in the order
// spades, hearts, diamonds, clubs; a suit is one DOS code page 437 suit glyph byte
// (♠ 0x06, ♥ 0x03, ♦ 0x04, ♣ 0x05) followed by the ranks held, from AKQJT98765432.
// The 16 glyphs and 52 ranks make 68 bytes; 60 NUL bytes fill the record.
//
// The file carries no board numbers. Write therefore takes consecutive boards marked
// by Law 2 (bri.CheckSet), and Read numbers the boards from FirstBoard (1 unless
// told) and marks them by Law 2 (bridge.NewBoard).
//
// Read checks every record: its length, each suit glyph in its place, that every
// other byte of the hands is a rank, that no card appears twice, that each hand holds
// 13 cards, and that the filler holds only NULs and spaces. Ranks within a suit may
// come in any order. Errors name the board, its bytes in the file and what is wrong,
// for example
//
//	dge: board 2 (bytes 128-255): East holds 12 cards
package dge
