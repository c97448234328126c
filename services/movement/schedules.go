package movementservice

import (
	"sync"

	"github.com/bridge-director/director/movement"
	movementv1 "github.com/bridge-director/director/proto/bridge/movement/v1"
	"github.com/bridge-director/director/services/resource"
)

// The reads of play (who sits at a table in a round, for every result
// scoring checks; an entrant's path) are answered from memory: each
// section's schedule is decoded and indexed once, when it is first read or
// when a write changes the section, and not again for every question.
//
// A kept schedule is never newer than what is committed and never older
// than what a finished write committed: a write keeps the schedule it
// leaves only after its transaction commits, and before it answers its
// caller. Every change to a section counts one more in its revision, so
// writes that finish out of the order they committed in, or a first read
// racing a write, can only replace a schedule with a newer one.

// schedule is one section's schedule as of one revision. Nothing in it
// changes once it is kept, so any number of readers may share it.
type schedule struct {
	revision int32
	entrants []*movementv1.Entrant
	settings *movementv1.TerminalSettings
	// index and layout are nil and zero while the section has no
	// movement.
	index  *movement.Schedule
	layout movement.Layout
	// seats holds, by entrant, where a pair's token acts in each round
	// ([]platform.Seat, made when first asked: pairSeats); no one changes
	// one once kept.
	seats sync.Map
}

func newSchedule(section *movementv1.Section) *schedule {
	sch := &schedule{revision: section.GetRevision(), entrants: section.GetEntrants(), settings: section.GetTerminalSettings()}
	if mv := section.GetMovement(); mv != nil {
		sch.index = movement.NewSchedule(fromProto(mv))
		sch.layout = layoutOf(mv.GetChoice())
	}
	return sch
}

// schedules holds the schedule of every section read or changed since the
// service started, by section name.
type schedules struct {
	mu        sync.RWMutex
	bySection map[string]*schedule
}

func (k *schedules) get(section string) *schedule {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.bySection[section]
}

// keep keeps the schedule of section, as committed, unless a newer one is
// kept already, and returns the newer.
func (k *schedules) keep(section *movementv1.Section) *schedule {
	sch := newSchedule(section)
	k.mu.Lock()
	defer k.mu.Unlock()
	if kept := k.bySection[section.GetName()]; kept != nil && kept.revision >= sch.revision {
		return kept
	}
	if k.bySection == nil {
		k.bySection = map[string]*schedule{}
	}
	k.bySection[section.GetName()] = sch
	return sch
}

// schedule returns the schedule of the section named in field, reading it
// from the store the first time.
func (s *Service) schedule(field, name string) (*schedule, error) {
	if _, err := resource.ParseSection(field, name); err != nil {
		return nil, err
	}
	if sch := s.schedules.get(name); sch != nil {
		return sch, nil
	}
	section, err := s.section(field, name)
	if err != nil {
		return nil, err
	}
	return s.schedules.keep(section), nil
}

// scheduleWithMovement returns the schedule of a section that has a
// movement.
func (s *Service) scheduleWithMovement(field, name string) (*schedule, error) {
	sch, err := s.schedule(field, name)
	if err == nil && sch.index == nil {
		err = noMovement(name)
	}
	return sch, err
}
