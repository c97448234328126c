// Package ddslist reads the test hand files of DDS, Bo Haglund's and Soren Hein's
// double-dummy solver (hands/list*.txt and hands/sol*.txt in its repository), so
// that a double-dummy solver can be checked against the results DDS computed.
// Only tests read the files: dealing/doubledummy's, which reproduce DDS's
// tables, and dealing/par's, which reproduce its par lines.
//
// A list file starts with "NUMBER n" and then gives seven lines per deal:
//
//	PBN <dealer> <vul> <trump> <leader> "<deal>"
//	FUT <n> <suit×n> <rank×n> <equals×n> <score×n>
//	TABLE <t0> … <t19>
//	PAR "NS <score>" "EW <score>" "NS:<contracts>" "EW:<contracts>"
//	PAR2 "<score>" "<contracts>"
//	PLAY <n> "<cards>"
//	TRACE <n+1> <tricks…>
//
// Seats are numbered N, E, S, W from 0; vulnerability 0 none, 1 both, 2 NS, 3 EW;
// strains (trump) and FUT suits S, H, D, C from 0, and 4 for no trumps; ranks 2 to
// 14. PBN names the board for the single-deal test: the trump and the player on
// lead. FUT is what SolveBoard returns for it: each card the leader may play, the
// lower cards equal to it (a bit per rank) and the tricks the leader's side then
// takes. TABLE is the double-dummy table, value 4·strain+declarer holding the
// tricks declarer takes (read into a bridge.DDTable). PAR is the par of Par(), PAR2 of DealerPar(). PLAY is a
// sequence of cards from the start and TRACE the declarer's double-dummy tricks
// before the play and after each card, up to the 48th.
//
// A sol file (GIB format) has one deal per line: the hands of West, North, East
// and South, a colon, and 20 hexadecimal digits: for the strains NT, S, H, D, C in
// turn, the tricks North-South take when East, North, West and South declare.
package ddslist
