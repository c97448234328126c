// Package lin reads and writes LIN, the pipe-separated text with which Bridge Base
// Online (BBO) and programs that feed it (BigDeal, RealBridge, hand viewers)
// describe boards.
//
// A LIN record is a run of pairs "key|value|". The deal line of a board is
//
//	qx|o1|md|3SJ43HAKJ7DK85CJ73,SK72HQ63DQ62CA952,SAT86HT82DT9743CT,|rh||ah|Board 1|sv|0|pg||
//
// and these are the pairs Director reads and writes as types:
//
//   - qx: the room and board, "o1" for the open room, "c1" for the closed room;
//   - pn: the players' names, South, West, North, East, separated by commas;
//   - md: the dealer as a digit (1 South, 2 West, 3 North, 4 East), then the
//     hands of South, West, North and East separated by commas, each written as
//     suit letters followed by ranks ("SAKQ...H..."); East may be left out, and
//     then holds the cards the others do not;
//   - ah: the title, "Board 12";
//   - sv: the vulnerability, 0 (or o) for none, n for NS, e for EW, b for both.
//
// Every other pair (rh, st, pg, mb for calls, an for alerts, pc for cards played,
// mc for a claim, vg and rs for matches, ...) is kept as it was read, in order.
//
// Read takes one record per line. Results services embed LIN percent-encoded
// (RealBridge writes "ah|Board%201"); ParseEncodedRecord reads that form.
package lin
