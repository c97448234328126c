package dealing

import "github.com/bridge-director/director/bridge"

// Source deals one deal after another.
type Source interface {
	Next() (bridge.Deal, error)
}
