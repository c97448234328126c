package usebio

// File is a whole USEBIO document: the USEBIO root element.
type File struct {
	Version string `xml:"Version,attr"` // "1.0" to "1.3"
	Club    Club   `xml:"CLUB"`
	Event   Event  `xml:"EVENT"`
}

// Club is the CLUB element: the club that ran the event.
type Club struct {
	Name     string `xml:"CLUB_NAME"`
	IDNumber string `xml:"CLUB_ID_NUMBER"`
}

// Event is the EVENT element: what was played and how it was scored.
type Event struct {
	Type                  string    `xml:"EVENT_TYPE,attr"` // PAIRS, MP_PAIRS, TEAMS, INDIVIDUAL
	ProgramName           string    `xml:"PROGRAM_NAME"`
	ProgramVersion        string    `xml:"PROGRAM_VERSION"`
	Description           string    `xml:"EVENT_DESCRIPTION"`
	Title                 string    `xml:"TITLE"`
	Date                  string    `xml:"DATE"`                    // dd/mm/yyyy
	BoardScoringMethod    string    `xml:"BOARD_SCORING_METHOD"`    // MATCH_POINTS, CROSS_IMPS, IMPS, PAB
	MatchScoringMethod    string    `xml:"MATCH_SCORING_METHOD"`    // VPS, PAB
	PairwiseScoringMethod string    `xml:"PAIRWISE_SCORING_METHOD"` // how team pairs are ranked, e.g. CROSS_IMPS
	WinnerType            string    `xml:"WINNER_TYPE"`             // "1": one winner; "2": NS and EW winners
	SessionCount          string    `xml:"SESSION_COUNT"`
	SectionCount          string    `xml:"SECTION_COUNT"`
	Pairs                 string    `xml:"PAIRS"`
	BoardsPlayed          string    `xml:"BOARDS_PLAYED"`
	MasterPointScale      string    `xml:"MASTER_POINT_SCALE"`
	Sessions              []Session `xml:"-"`
}

// Session is a SESSION element.
type Session struct {
	ID       string    `xml:"SESSION_ID,attr"`
	Sections []Section `xml:"-"`
}

// Section is a SECTION element: the participants, the boards they played and, in a
// team event, the matches.
type Section struct {
	ID           string       `xml:"SECTION_ID,attr"`
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
	Number       string       `xml:"PAIR_NUMBER"` // "7", or "team-seat-seat" ("7-1-2") in a team
	Direction    string       `xml:"DIRECTION"`   // NS or EW in a two-winner event
	Percentage   string       `xml:"PERCENTAGE"`
	TotalScore   string       `xml:"TOTAL_SCORE"`
	Place        string       `xml:"PLACE"` // "3" or, tied, "3="
	Handicap     string       `xml:"HANDICAP"`
	Adjustment   string       `xml:"ADJUSTMENT"`
	BoardsPlayed string       `xml:"BOARDS_PLAYED"`
	PairIMPs     string       `xml:"PAIR_IMPS"` // a team pair's cross-IMPs
	MasterPoints MasterPoints `xml:"MASTER_POINTS"`
	// MasterPointsAwarded is the USEBIO 1.0 spelling (BriAn), straight under PAIR.
	MasterPointsAwarded string   `xml:"MASTER_POINTS_AWARDED"`
	Players             []Player `xml:"PLAYER"`
}

// MasterPoints is the MASTER_POINTS element.
type MasterPoints struct {
	Awarded string `xml:"MASTER_POINTS_AWARDED"`
	Type    string `xml:"MASTER_POINT_TYPE"`
}

// Player is a PLAYER element.
type Player struct {
	Rateable   string `xml:"RATEABLE,attr"` // "Y" or "N"
	Name       string `xml:"PLAYER_NAME"`
	ClubID     string `xml:"CLUB_ID_NUMBER"`
	NationalID string `xml:"NATIONAL_ID_NUMBER"`
}

// Team is a TEAM element.
type Team struct {
	ID           string       `xml:"TEAM_ID,attr"`
	Name         string       `xml:"TEAM_NAME,attr"`
	TotalScore   string       `xml:"TOTAL_SCORE"`
	WinsOrDraws  string       `xml:"WINS_OR_DRAWS"`
	Place        string       `xml:"PLACE"`
	MasterPoints MasterPoints `xml:"MASTER_POINTS"`
	Pairs        []Pair       `xml:"PAIR"`
}

// Board is a BOARD element: a traveller in a pairs event, or one board of a Match
// with its IMPs or point-a-board points and the lines of both rooms.
type Board struct {
	Number             string          `xml:"BOARD_NUMBER"`
	IMPs               string          `xml:"IMPS"`                 // teams: IMPs to MATCH/TEAM
	TeamPoints         string          `xml:"TEAM_POINTS"`          // point-a-board: 2, 1 or 0
	OpposingTeamPoints string          `xml:"OPPOSING_TEAM_POINTS"` // point-a-board
	Lines              []TravellerLine `xml:"TRAVELLER_LINE"`
}

// TravellerLine is a TRAVELLER_LINE element: one table's result on a board.
type TravellerLine struct {
	Direction     string `xml:"DIRECTION"` // teams: which way MATCH/TEAM sat, NS or EW
	NSPair        string `xml:"NS_PAIR_NUMBER"`
	EWPair        string `xml:"EW_PAIR_NUMBER"`
	NorthPlayer   string `xml:"N_PLAYER_NUMBER"` // individual events
	EastPlayer    string `xml:"E_PLAYER_NUMBER"`
	SouthPlayer   string `xml:"S_PLAYER_NUMBER"`
	WestPlayer    string `xml:"W_PLAYER_NUMBER"`
	Contract      string `xml:"CONTRACT"`  // "3Hx", "4S", "3NT", "PASS"
	PlayedBy      string `xml:"PLAYED_BY"` // N, E, S or W
	Lead          string `xml:"LEAD"`      // "D10"
	Tricks        string `xml:"TRICKS"`    // tricks taken by declarer
	Score         string `xml:"SCORE"`     // NS score, or an artificial code such as "A5050"
	NSMatchPoints string `xml:"NS_MATCH_POINTS"`
	EWMatchPoints string `xml:"EW_MATCH_POINTS"`
	NSCrossIMPs   string `xml:"NS_CROSS_IMP_POINTS"`
	EWCrossIMPs   string `xml:"EW_CROSS_IMP_POINTS"`
	Notes         string `xml:"NOTES"`
	LINData       string `xml:"LIN_DATA"` // auction and play in BBO LIN form
}

// Match is a MATCH element of a teams event, seen from TEAM.
type Match struct {
	Round             string  `xml:"ROUND_NUMBER"`
	Team              string  `xml:"TEAM"`
	OpposingTeam      string  `xml:"OPPOSING_TEAM"`
	StartBoard        string  `xml:"START_BOARD_NUMBER"`
	EndBoard          string  `xml:"END_BOARD_NUMBER"`
	TeamScore         string  `xml:"TEAM_SCORE"`
	OpposingTeamScore string  `xml:"OPPOSING_TEAM_SCORE"`
	Boards            []Board `xml:"BOARD"`
}
