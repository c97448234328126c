// Package movementcards prints the table and guide cards of a movement, as
// movement.TableCards and movement.GuideCards make them: WriteText as plain
// text (the cards.txt a section downloads), WritePDF as a PDF of one or two
// cards to a page (cards.pdf).
//
// A table card stands on its table: for every round the pairs sitting
// North-South and East-West, the boards, and where the pairs and the boards
// go next ("stay", "table 4 EW", "relay, then table 3"). A guide card goes
// with a moving pair: for every round its table, its direction, its
// opponents and its boards. A column of notes appears on a card that has a
// round out of the ordinary: a sit-out, an empty table, boards shared with
// another table. The movement's own notes are printed under the rounds.
//
// Both writers refuse cards they cannot print (no cards, a card of no known
// kind, boards that cannot be numbered) with an error naming the card and
// the round. The PDF embeds the Go fonts and is reproducible: the same cards
// and options give the same bytes.
package movementcards
