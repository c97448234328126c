// Package bridge is the vocabulary every Director service shares: suits, ranks and
// cards; seats, sides and the board designation of Law 2 (dealer and vulnerability);
// strains, calls and contracts; hands and deals; and the double-dummy table (DDTable)
// that every file format carrying one shares.
//
// The types are small values with a String method that writes the form used in PBN
// files and on travellers, and a Parse function that reads that form back together
// with the spellings people and other programs use (lower case, suit symbols, "10"
// for the ten, "x" or "*" for a double). Every String result parses back to the same
// value. Parsers never panic; bad input returns an error whose text quotes the input
// and says what is wrong with it, for example
//
//	bridge: contract "8S": level 8 is outside 1 to 7
//
// A Hand is a 52-bit set, so that dealing engines can work on deals without
// allocating; bit i stands for CardFromIndex(i).
//
// The package is pure Go: no clocks, no randomness, no I/O.
package bridge
