// Package par finds the par of a deal from its double-dummy table: the score
// when both sides bid as well as the table allows, and the contracts that reach
// it, as DDS 2.9 (Bo Haglund's and Soren Hein's double-dummy solver) computes
// them, so that Director's hand records and exports agree with every other
// program built on DDS.
//
// DealerPar is DDS's DealerPar: the dealer starts the bidding, so when both
// sides can make the same highest contract, the side of the first seat that can
// bid it scores plus. SidesPar is DDS's Par: once with North-South starting
// the bidding and once with East-West starting. Both take sacrifices (always
// doubled) and the vulnerability into account and list every par contract; a
// making contract is shown at the lowest level that scores the par with the
// tricks it takes. Contract scores come from Law 77 as package scoring has it.
//
// A Par's String is for hand records ("Par +620: 4♠ by N", "Par −100: 4♠× by
// E, down 1"); DealerParText and SidesParText write DDS's own forms ("4S*-EW-1",
// "NS 23S,N 23H") for comparing with DDS and the files written with it. The
// tests reproduce every PAR and PAR2 line of DDS's test hands.
//
// The table must be complete: a table with unknown cells has no par.
package par
