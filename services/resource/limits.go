package resource

// The limits every service checks, so that nothing one service accepts is
// refused by another: a board that can be dealt can be moved, scored and
// ruled on, a pair a section seats can be scored and penalised. They are
// generous for any real event and keep a mistyped number from becoming a
// stored schedule, set or slot.
const (
	// MaxSession is the highest session number of an event.
	MaxSession = 99
	// MaxBoard is the highest board number, in a board set, a movement, a
	// result, a call or a traveller.
	MaxBoard = 999
	// MaxTable is the highest table number of a section.
	MaxTable = 999
	// MaxRound is the highest round of a movement, a result or a call.
	MaxRound = 99
	// MaxEntrants is the most pairs or teams one section seats.
	MaxEntrants = 200
	// MaxEntrant is the highest pair or team number, wherever it is given.
	MaxEntrant = 999
	// MaxPlayers is the most players of one entrant (a team of six, with
	// room for substitutes).
	MaxPlayers = 8
	// MaxNumbered is the highest number of a numbered resource of an event,
	// such as a director call or a penalty.
	MaxNumbered = 1_000_000
	// MaxTitle is the most bytes of a title: of an event, a session or a
	// board set.
	MaxTitle = 200
	// MaxName is the most bytes of a person's or team's name, or a member
	// number.
	MaxName = 100
	// MaxText is the most bytes of free text a person writes: the
	// description of a call, an appeal's reason or outcome.
	MaxText = 2000
	// MaxWeightedParts is the most parts of a weighted assigned score
	// (Law 12C1(c)); a director weighs a handful of outcomes.
	MaxWeightedParts = 8
)
