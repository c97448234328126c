// Package doubledummy solves bridge deals double dummy: how many tricks each
// side takes when all four players see all 52 cards and play perfectly. It
// fills the 20-cell double-dummy table of a hand record (bridge.DDTable), the
// tricks of one contract, and the tricks still to come from any position in
// the middle of play, for rulings on claims.
//
// The search is a null-window alpha-beta under an MTD(f) driver, with a
// transposition table at trick boundaries keyed on the suit lengths of the
// four hands and the relative ranks of the cards that decided the result
// (partition search), sure-trick cutoffs, equivalent-card pruning and move
// ordering. It is pure Go, deterministic, and keeps no package-level state: a
// Solver is used by one goroutine at a time and caps the memory of its tables;
// Tables runs a pool of solvers over many deals.
package doubledummy
