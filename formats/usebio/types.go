package usebio

// File is a whole USEBIO document: the USEBIO root element.
type File struct {
	Version string `xml:"Version,attr,omitempty"` // "1.0" to "1.3"
	Club    Club   `xml:"CLUB"`
	Event   Event  `xml:"EVENT"`
}

// Club is the CLUB element: the club that ran the event.
type Club struct {
	Name     string `xml:"CLUB_NAME,omitempty"`
	IDNumber string `xml:"CLUB_ID_NUMBER,omitempty"`
}

// Event is the EVENT element: what was played and how it was scored.
type Event struct {
	Type                  string    `xml:"EVENT_TYPE,attr,omitempty"` // PAIRS, MP_PAIRS, TEAMS, INDIVIDUAL
	ProgramName           string    `xml:"PROGRAM_NAME,omitempty"`
	ProgramVersion        string    `xml:"PROGRAM_VERSION,omitempty"`
	Description           string    `xml:"EVENT_DESCRIPTION,omitempty"`
	Title                 string    `xml:"TITLE,omitempty"`
	Date                  string    `xml:"DATE,omitempty"`                    // dd/mm/yyyy
	BoardScoringMethod    string    `xml:"BOARD_SCORING_METHOD,omitempty"`    // MATCH_POINTS, CROSS_IMPS, IMPS, PAB
	MatchScoringMethod    string    `xml:"MATCH_SCORING_METHOD,omitempty"`    // VPS, PAB
	PairwiseScoringMethod string    `xml:"PAIRWISE_SCORING_METHOD,omitempty"` // how team pairs are ranked, e.g. CROSS_IMPS
	WinnerType            string    `xml:"WINNER_TYPE,omitempty"`             // "1": one winner; "2": NS and EW winners
	SessionCount          string    `xml:"SESSION_COUNT,omitempty"`
	SectionCount          string    `xml:"SECTION_COUNT,omitempty"`
	Pairs                 string    `xml:"PAIRS,omitempty"`
	BoardsPlayed          string    `xml:"BOARDS_PLAYED,omitempty"`
	MasterPointScale      string    `xml:"MASTER_POINT_SCALE,omitempty"`
	Sessions              []Session `xml:"-"`
}

// Session is a SESSION element.
type Session struct {
	ID       string    `xml:"SESSION_ID,attr,omitempty"`
	Sections []Section `xml:"-"`
}

// Section is a SECTION element: the participants, the boards they played and, in a
// team event, the matches.
type Section struct {
	ID           string       `xml:"SECTION_ID,attr,omitempty"`
	Participants Participants `xml:"PARTICIPANTS"`
	Boards       []Board      `xml:"BOARD"`
	Matches      []Match      `xml:"MATCH"`
}

// Participants is the PARTICIPANTS element: pairs in a pairs event, teams in a teams
// event.
type Participants struct {
	Pairs []Pair `xml:"PAIR"`
	Teams []Team `xml:"TEAM"`
}

// Pair is a PAIR element, in a pairs event or inside a TEAM.
type Pair struct {
	Number       string       `xml:"PAIR_NUMBER,omitempty"` // "7", or "team-seat-seat" ("7-1-2") in a team
	Direction    string       `xml:"DIRECTION,omitempty"`   // NS or EW in a two-winner event
	Percentage   string       `xml:"PERCENTAGE,omitempty"`
	TotalScore   string       `xml:"TOTAL_SCORE,omitempty"`
	Place        string       `xml:"PLACE,omitempty"` // "3" or, tied, "3="
	Handicap     string       `xml:"HANDICAP,omitempty"`
	Adjustment   string       `xml:"ADJUSTMENT,omitempty"`
	BoardsPlayed string       `xml:"BOARDS_PLAYED,omitempty"`
	PairIMPs     string       `xml:"PAIR_IMPS,omitempty"` // a team pair's cross-IMPs
	MasterPoints MasterPoints `xml:"MASTER_POINTS"`
	// MasterPointsAwarded is the USEBIO 1.0 spelling (BriAn), straight under PAIR.
	MasterPointsAwarded string   `xml:"MASTER_POINTS_AWARDED,omitempty"`
	Players             []Player `xml:"PLAYER"`
}

// MasterPoints is the MASTER_POINTS element.
type MasterPoints struct {
	Awarded string `xml:"MASTER_POINTS_AWARDED,omitempty"`
	Type    string `xml:"MASTER_POINT_TYPE,omitempty"`
}

// Player is a PLAYER element.
type Player struct {
	Rateable   string `xml:"RATEABLE,attr,omitempty"` // "Y" or "N"
	Name       string `xml:"PLAYER_NAME,omitempty"`
	ClubID     string `xml:"CLUB_ID_NUMBER,omitempty"`
	NationalID string `xml:"NATIONAL_ID_NUMBER,omitempty"`
}

// Team is a TEAM element.
type Team struct {
	ID           string       `xml:"TEAM_ID,attr,omitempty"`
	Name         string       `xml:"TEAM_NAME,attr,omitempty"`
	TotalScore   string       `xml:"TOTAL_SCORE,omitempty"`
	WinsOrDraws  string       `xml:"WINS_OR_DRAWS,omitempty"`
	Place        string       `xml:"PLACE,omitempty"`
	MasterPoints MasterPoints `xml:"MASTER_POINTS"`
	Pairs        []Pair       `xml:"PAIR"`
}

// Board is a BOARD element: a traveller in a pairs event, or one board of a Match
// with its IMPs or point-a-board points and the lines of both rooms.
type Board struct {
	Number             string          `xml:"BOARD_NUMBER,omitempty"`
	IMPs               string          `xml:"IMPS,omitempty"`                 // teams: IMPs to MATCH/TEAM
	TeamPoints         string          `xml:"TEAM_POINTS,omitempty"`          // point-a-board: 2, 1 or 0
	OpposingTeamPoints string          `xml:"OPPOSING_TEAM_POINTS,omitempty"` // point-a-board
	Lines              []TravellerLine `xml:"TRAVELLER_LINE"`
}

// TravellerLine is a TRAVELLER_LINE element: one table's result on a board.
type TravellerLine struct {
	Direction     string `xml:"DIRECTION,omitempty"` // teams: which way MATCH/TEAM sat, NS or EW
	NSPair        string `xml:"NS_PAIR_NUMBER,omitempty"`
	EWPair        string `xml:"EW_PAIR_NUMBER,omitempty"`
	NorthPlayer   string `xml:"N_PLAYER_NUMBER,omitempty"` // individual events
	EastPlayer    string `xml:"E_PLAYER_NUMBER,omitempty"`
	SouthPlayer   string `xml:"S_PLAYER_NUMBER,omitempty"`
	WestPlayer    string `xml:"W_PLAYER_NUMBER,omitempty"`
	Contract      string `xml:"CONTRACT,omitempty"`  // "3Hx", "4S", "3NT", "PASS"
	PlayedBy      string `xml:"PLAYED_BY,omitempty"` // N, E, S or W
	Lead          string `xml:"LEAD,omitempty"`      // "D10"
	Tricks        string `xml:"TRICKS,omitempty"`    // tricks taken by declarer
	Score         string `xml:"SCORE,omitempty"`     // NS score, or an artificial code such as "A5050"
	NSMatchPoints string `xml:"NS_MATCH_POINTS,omitempty"`
	EWMatchPoints string `xml:"EW_MATCH_POINTS,omitempty"`
	NSCrossIMPs   string `xml:"NS_CROSS_IMP_POINTS,omitempty"`
	EWCrossIMPs   string `xml:"EW_CROSS_IMP_POINTS,omitempty"`
	Notes         string `xml:"NOTES,omitempty"`
	LINData       string `xml:"LIN_DATA,omitempty"` // auction and play in BBO LIN form
}

// Match is a MATCH element of a teams event, seen from TEAM.
type Match struct {
	Round             string  `xml:"ROUND_NUMBER,omitempty"`
	Team              string  `xml:"TEAM,omitempty"`
	OpposingTeam      string  `xml:"OPPOSING_TEAM,omitempty"`
	StartBoard        string  `xml:"START_BOARD_NUMBER,omitempty"`
	EndBoard          string  `xml:"END_BOARD_NUMBER,omitempty"`
	TeamScore         string  `xml:"TEAM_SCORE,omitempty"`
	OpposingTeamScore string  `xml:"OPPOSING_TEAM_SCORE,omitempty"`
	Boards            []Board `xml:"BOARD"`
}
