// Package dealing deals duplicate boards that nobody can predict or rig, numbers
// deals the way published tools do, and keeps board sets straight once they exist.
//
// # Dealing
//
// A Source deals one deal after another. There are two:
//
//   - Secure (NewSecure) for everyday dealing: every one of the
//     D = 53,644,737,765,488,792,839,237,440,000 deals equally likely and every board
//     independent of the others, from the operating system's random source through a
//     reseeded ChaCha8 stream; several million deals a second.
//   - Keyed (NewKeyed) for dealing that others can check: exactly BigDeal's method
//     (Hans van Staveren's dealer, used at world and European championships), so that
//     from the same owner string and entropy it deals the same boards BigDeal does.
//     SquareDeal (ParseSQD, ParseSQK, SquareDeal.Sessions) builds on it to commit to a
//     whole tournament's boards before a delayed public value is known; Verify and
//     Session.Verify check a published set against its keys board by board.
//     The World Bridge Games 2024 publication is the golden test: all 1,186 deals.
//
// # Numbering
//
// Number is a deal's index in [0, D), and Encode and Decode convert between deals
// and numbers in the three published numberings (Scheme): BigDeal's Gödel numbering,
// Pavlicek's and Andrews'. The API always uses the index counted from 0; the "page"
// that books and web pages print is index + 1 (Number.Page, ParsePage).
//
// # Board sets
//
// A BoardSet holds a session's boards with their Law 2 markings and the copies made
// of them (Law 6F). Redeal deals a board again under Law 6D and keeps what it held
// before; Reconstruct compares the cards found in a fouled board with the record
// (Laws 13, 14 and 87A).
//
// The package is pure Go and deterministic given its inputs: no clocks, and no
// randomness a caller cannot inject (NewSecure reads crypto/rand; NewSecureFrom
// takes any reader).
package dealing
