// Package rounddata reads and writes the RoundData table of Bridgemate
// scoring terminals: one row a table a round, with the section, the table,
// the round, the North-South and East-West pairs and the first and last
// board played, as CSV under the header line
// Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard.
//
// Rows gives the rows of a Director movement and WriteCSV writes them, so
// that a section's schedule goes to the terminals (rounddata.csv). ReadCSV
// reads such a table written by another program, and Movement turns one
// section of it into a movement, so that a movement made elsewhere can be
// checked and printed. An empty seat is pair 0; a table without boards has
// boards 0 to 0. Every error names the row or the line, and the column.
package rounddata
