// Package dup reads and writes DUP files, the common input of Jannersten's Duplimate
// machines.
//
// A DUP file is a run of 156-byte records, one per board, with no header. A record is
// the card part of a BRI record (78 bytes, package bri), the hands part of a DGE
// record (68 bytes, package dge) and a 10-byte trailer, the same on every record:
//
//	byte 147      "Random hands?"       Y or N (Write: Y)
//	byte 148      "Backwards counting"  Y or N (Write: N)
//	bytes 149-151 lowest board number, left-aligned, space padded
//	bytes 152-153 copies of each board, left-aligned, space padded (Write: 0 unless told)
//	bytes 154-156 highest board number, left-aligned, space padded
//
// (byte positions counted from 1, as Duplimate's documentation counts them), so a
// 32-board set made in two copies ends each record with "YN1  2 32 ".
//
// The "blind" variant (Blind) writes 68 spaces in place of the first record's hands,
// so that the machine's screen shows no cards when the file is loaded; the BRI part
// still carries the deal.
//
// Read checks every record: the BRI part as package bri does, the DGE part as package
// dge does and that it shows the same deal, the trailer fields and that every record
// carries the same trailer, and that the trailer's board range matches the number of
// records. Boards are numbered from the trailer's lowest board and marked by Law 2.
// The backwards-counting flag is read but does not change the numbering: records are
// always taken to run from the lowest board up.
package dup
