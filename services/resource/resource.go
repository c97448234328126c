// Package resource builds and parses the names of Director's resources, the
// Google API way, for every service:
//
//	events/{event}
//	events/{event}/sessions/{session}
//	events/{event}/sessions/{session}/sections/{section}
//	events/{event}/sessions/{session}/sections/{section}/tables/{table}
//	events/{event}/sessions/{session}/sections/{section}/entrants/{entrant}
//	events/{event}/sessions/{session}/sections/{section}/tables/{table}/rounds/{round}/boards/{board}
//	events/{event}/sessions/{session}/sections/{section}/calls/{call}
//	events/{event}/sessions/{session}/boardsets/{boardset}
//	events/{event}/sessions/{session}/boardsets/{boardset}/boards/{board}
//	events/{event}/sessions/{session}/boardsets/{boardset}/operations/{operation}
//	events/{event}/penalties/{penalty}
//
// Each resource is a type whose String method builds its name and whose
// Parse function reads one, refusing a malformed name or a number outside
// the limits (limits.go) with an InvalidArgument error naming the request
// field. The limits are the ones every service checks, so that what one
// service accepts (a board dealt) another can take (the board scored).
package resource

import (
	"fmt"
	"strconv"

	"github.com/bridge-director/director/services/platform"
)

// The forms of the names, as platform.ParseName reads them.
const (
	eventPattern    = "events/{event}"
	sessionPattern  = eventPattern + "/sessions/{session:n}"
	sectionPattern  = sessionPattern + "/sections/{section:letters}"
	tablePattern    = sectionPattern + "/tables/{table:n}"
	entrantPattern  = sectionPattern + "/entrants/{entrant:n}"
	resultPattern   = tablePattern + "/rounds/{round:n}/boards/{board:n}"
	callPattern     = sectionPattern + "/calls/{call:n}"
	boardSetPattern = sessionPattern + "/boardsets/{boardset}"
	boardPattern    = boardSetPattern + "/boards/{board:n}"
	// An operation is long work on a board set (AIP-151), numbered from 1.
	operationPattern = boardSetPattern + "/operations/{operation:n}"
	penaltyPattern   = eventPattern + "/penalties/{penalty:n}"
)

// Event is "events/{event}".
type Event struct {
	Event string
}

// Session is "events/{event}/sessions/{session}", the session a number.
type Session struct {
	Event   string
	Session int32
}

// Section is "events/{event}/sessions/{session}/sections/{section}", the
// section its letters in capitals.
type Section struct {
	Event   string
	Session int32
	Section string
}

// Table is a table of a section.
type Table struct {
	Event   string
	Session int32
	Section string
	Table   int32
}

// Entrant is a pair or team of a section, by its number.
type Entrant struct {
	Event   string
	Session int32
	Section string
	Entrant int32
}

// Result is the slot of one result: one board at one table in one round.
type Result struct {
	Event   string
	Session int32
	Section string
	Table   int32
	Round   int32
	Board   int32
}

// Call is a director call in a section, numbered from 1.
type Call struct {
	Event   string
	Session int32
	Section string
	Call    int32
}

// BoardSet is a board set of a session, named by an id.
type BoardSet struct {
	Event    string
	Session  int32
	BoardSet string
}

// Board is one board of a board set.
type Board struct {
	Event    string
	Session  int32
	BoardSet string
	Board    int32
}

// Operation is long work on a board set, numbered from 1 in the set.
type Operation struct {
	Event     string
	Session   int32
	BoardSet  string
	Operation int32
}

// Penalty is a procedural penalty of an event, numbered from 1.
type Penalty struct {
	Event   string
	Penalty int32
}

func (e Event) String() string { return "events/" + e.Event }

func (s Session) String() string { return fmt.Sprintf("events/%s/sessions/%d", s.Event, s.Session) }

func (s Section) String() string {
	return fmt.Sprintf("events/%s/sessions/%d/sections/%s", s.Event, s.Session, s.Section)
}

func (t Table) String() string { return fmt.Sprintf("%s/tables/%d", t.Parent(), t.Table) }

func (e Entrant) String() string { return fmt.Sprintf("%s/entrants/%d", e.Parent(), e.Entrant) }

func (r Result) String() string {
	return fmt.Sprintf("%s/rounds/%d/boards/%d", r.TableName(), r.Round, r.Board)
}

func (c Call) String() string { return fmt.Sprintf("%s/calls/%d", c.Parent(), c.Call) }

func (b BoardSet) String() string {
	return fmt.Sprintf("events/%s/sessions/%d/boardsets/%s", b.Event, b.Session, b.BoardSet)
}

func (b Board) String() string { return fmt.Sprintf("%s/boards/%d", b.Parent(), b.Board) }

func (o Operation) String() string { return fmt.Sprintf("%s/operations/%d", o.Parent(), o.Operation) }

func (p Penalty) String() string { return fmt.Sprintf("events/%s/penalties/%d", p.Event, p.Penalty) }

// Parent is the event of a session.
func (s Session) Parent() Event { return Event{s.Event} }

// Parent is the session of a section.
func (s Section) Parent() Session { return Session{s.Event, s.Session} }

// Parent is the section of a table.
func (t Table) Parent() Section { return Section{t.Event, t.Session, t.Section} }

// Parent is the entrant's section.
func (e Entrant) Parent() Section { return Section{e.Event, e.Session, e.Section} }

// SectionName is the section a result was played in.
func (r Result) SectionName() Section { return Section{r.Event, r.Session, r.Section} }

// TableName is the table a result was played at.
func (r Result) TableName() Table { return Table{r.Event, r.Session, r.Section, r.Table} }

// Parent is the section of a call.
func (c Call) Parent() Section { return Section{c.Event, c.Session, c.Section} }

// Parent is the session of a board set.
func (b BoardSet) Parent() Session { return Session{b.Event, b.Session} }

// Parent is the board set of a board.
func (b Board) Parent() BoardSet { return BoardSet{b.Event, b.Session, b.BoardSet} }

// Parent is the board set of an operation.
func (o Operation) Parent() BoardSet { return BoardSet{o.Event, o.Session, o.BoardSet} }

// Parent is the event of a penalty.
func (p Penalty) Parent() Event { return Event{p.Event} }

// ParseEvent reads "events/{event}" from a request's field.
func ParseEvent(field, name string) (Event, error) {
	ids, err := platform.ParseName(field, name, eventPattern)
	if err != nil {
		return Event{}, err
	}
	return Event{ids[0]}, nil
}

// ParseSession reads a session's name from a request's field.
func ParseSession(field, name string) (Session, error) {
	ids, err := platform.ParseName(field, name, sessionPattern)
	if err != nil {
		return Session{}, err
	}
	n, err := number(field, name, "session", ids[1], MaxSession)
	return Session{ids[0], n}, err
}

// ParseSection reads a section's name from a request's field.
func ParseSection(field, name string) (Section, error) {
	ids, err := platform.ParseName(field, name, sectionPattern)
	if err != nil {
		return Section{}, err
	}
	n, err := number(field, name, "session", ids[1], MaxSession)
	return Section{ids[0], n, ids[2]}, err
}

// ParseTable reads a table's name from a request's field.
func ParseTable(field, name string) (Table, error) {
	ids, err := platform.ParseName(field, name, tablePattern)
	if err != nil {
		return Table{}, err
	}
	nums, err := numbers(field, name, []string{"session", ids[1], "table", ids[3]}, MaxSession, MaxTable)
	if err != nil {
		return Table{}, err
	}
	return Table{ids[0], nums[0], ids[2], nums[1]}, nil
}

// ParseEntrant reads an entrant's name from a request's field.
func ParseEntrant(field, name string) (Entrant, error) {
	ids, err := platform.ParseName(field, name, entrantPattern)
	if err != nil {
		return Entrant{}, err
	}
	nums, err := numbers(field, name, []string{"session", ids[1], "entrant", ids[3]}, MaxSession, MaxEntrant)
	if err != nil {
		return Entrant{}, err
	}
	return Entrant{ids[0], nums[0], ids[2], nums[1]}, nil
}

// ParseResult reads a result slot's name from a request's field.
func ParseResult(field, name string) (Result, error) {
	ids, err := platform.ParseName(field, name, resultPattern)
	if err != nil {
		return Result{}, err
	}
	nums, err := numbers(field, name, []string{"session", ids[1], "table", ids[3], "round", ids[4], "board", ids[5]}, MaxSession, MaxTable, MaxRound, MaxBoard)
	if err != nil {
		return Result{}, err
	}
	return Result{ids[0], nums[0], ids[2], nums[1], nums[2], nums[3]}, nil
}

// ParseCall reads a director call's name from a request's field.
func ParseCall(field, name string) (Call, error) {
	ids, err := platform.ParseName(field, name, callPattern)
	if err != nil {
		return Call{}, err
	}
	nums, err := numbers(field, name, []string{"session", ids[1], "call", ids[3]}, MaxSession, MaxNumbered)
	if err != nil {
		return Call{}, err
	}
	return Call{ids[0], nums[0], ids[2], nums[1]}, nil
}

// ParseBoardSet reads a board set's name from a request's field.
func ParseBoardSet(field, name string) (BoardSet, error) {
	ids, err := platform.ParseName(field, name, boardSetPattern)
	if err != nil {
		return BoardSet{}, err
	}
	n, err := number(field, name, "session", ids[1], MaxSession)
	return BoardSet{ids[0], n, ids[2]}, err
}

// ParseBoard reads a board's name from a request's field.
func ParseBoard(field, name string) (Board, error) {
	ids, err := platform.ParseName(field, name, boardPattern)
	if err != nil {
		return Board{}, err
	}
	nums, err := numbers(field, name, []string{"session", ids[1], "board", ids[3]}, MaxSession, MaxBoard)
	if err != nil {
		return Board{}, err
	}
	return Board{ids[0], nums[0], ids[2], nums[1]}, nil
}

// ParseOperation reads an operation's name from a request's field.
func ParseOperation(field, name string) (Operation, error) {
	ids, err := platform.ParseName(field, name, operationPattern)
	if err != nil {
		return Operation{}, err
	}
	nums, err := numbers(field, name, []string{"session", ids[1], "operation", ids[3]}, MaxSession, MaxNumbered)
	if err != nil {
		return Operation{}, err
	}
	return Operation{ids[0], nums[0], ids[2], nums[1]}, nil
}

// ParsePenalty reads a penalty's name from a request's field.
func ParsePenalty(field, name string) (Penalty, error) {
	ids, err := platform.ParseName(field, name, penaltyPattern)
	if err != nil {
		return Penalty{}, err
	}
	n, err := number(field, name, "penalty", ids[1], MaxNumbered)
	return Penalty{ids[0], n}, err
}

// number reads the part of name called what, which platform.ParseName has
// found to be a number from 1 up, and refuses one above max.
func number(field, name, what, part string, max int32) (int32, error) {
	n, err := strconv.ParseInt(part, 10, 32)
	if err != nil || n > int64(max) {
		return 0, platform.FieldError(field, fmt.Sprintf("%q: the %s %s is outside 1 to %d", name, what, part, max))
	}
	return int32(n), nil
}

// numbers reads several numbered parts of name, given as pairs of what and
// part, each with its maximum.
func numbers(field, name string, parts []string, max ...int32) ([]int32, error) {
	out := make([]int32, len(max))
	for i := range max {
		n, err := number(field, name, parts[2*i], parts[2*i+1], max[i])
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}
