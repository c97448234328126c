// Package registry reads a federation's player registry from CSV and
// compares it with the registry already held, so that an import changes
// only what changed.
//
// The file is UTF-8 text (a byte-order mark is allowed) whose first line
// names the columns: national_id and name, and optionally club, in any
// order and any letter case; other columns, such as a federation's e-mail
// or grade columns, are ignored. Each further line is one player: the
// national id is the federation's member number (1 to MaxField bytes of
// letters, digits, '-', '_' and '.'), the name is required, the club may be
// empty; spaces around a field are dropped. Every error names the line and
// the column of the first thing wrong, and an id given twice names both
// lines.
//
// Compare takes the registry held and the players of a file and says which
// players the file adds, which it changes, how many it leaves as they are,
// and which ids of the registry it no longer lists; what to do with those
// is the caller's choice.
package registry
