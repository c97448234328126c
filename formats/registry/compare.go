package registry

import (
	"slices"
)

// Changes are what a file changes in a registry.
type Changes struct {
	// Added are the file's players whose ids the registry does not hold,
	// and Changed those whose name or club differ from the registry's, in
	// the order of the file.
	Added, Changed []Player
	// Unchanged counts the file's players the registry holds as they are.
	Unchanged int
	// Missing are the ids of the registry that the file does not list, in
	// order.
	Missing []string
}

// Compare says what the players of file change in held, the registry as it
// is. The ids in file are unique, as ReadCSV reads them.
func Compare(held, file []Player) Changes {
	byID := make(map[string]Player, len(held))
	for _, p := range held {
		byID[p.NationalID] = p
	}
	var c Changes
	listed := make(map[string]bool, len(file))
	for _, p := range file {
		listed[p.NationalID] = true
		old, ok := byID[p.NationalID]
		switch {
		case !ok:
			c.Added = append(c.Added, p)
		case old != p:
			c.Changed = append(c.Changed, p)
		default:
			c.Unchanged++
		}
	}
	for _, p := range held {
		if !listed[p.NationalID] {
			c.Missing = append(c.Missing, p.NationalID)
		}
	}
	slices.Sort(c.Missing)
	return c
}
