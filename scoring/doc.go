// Package scoring computes duplicate bridge scores: Law 77 scores of a deal, the
// matchpoints of a pairs field (Law 78A) with Neuberg's formula for boards with fewer
// results, a fouled board's groups scored apart (Law 87B, fouled.go), and the
// artificial, weighted and split adjusted scores of Law 12C (weighted and split
// ones at IMPs too, weighted.go), IMPs (Law 78B), Butler and cross-IMPs, Victory
// Points and point-a-board for teams, procedural penalties (Law 90; in IMPs at a
// Victory Point match, taken as VPs from the team's match), and rankings with
// shared places.
//
// Where regulating authorities differ (2/1 or 1/½ matchpoints, average plus fixed at
// 60% or raised to the session percentage, VP scales), the rules come from a Profile
// (WBF, ACBL, EBU) rather than from constants. The package is pure Go and
// deterministic; it keeps matchpoints exact on the 2-per-beaten-score scale and
// rounds only what it reports.
//
// A session is scored whole by ScoreSession (results, settings and penalties in;
// traveller lines, standings with penalties deducted and ranked once, and the
// boards that cannot be scored out), and kept scored as its results change by a
// Field, which scores again only the board a change touches. Outlying says
// which entries of a board stand far from the rest of its field, for the
// director to look at.
//
// The formulas are checked against results published by real scoring programs
// (EBUScore, PairsScorer, RealBridge, BriAn, Pianola, TeamsScorer) in the golden tests.
package scoring
