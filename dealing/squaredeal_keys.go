package dealing

import (
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"
)

// SessionKeys is a SquareDeal key file (.sqk): one secret key per session.
type SessionKeys struct {
	keys map[sessionID]string
	hash [32]byte
}

// sessionID names a session as the key file does: phase and session, both from 1.
type sessionID struct{ phase, session int }

func (id sessionID) String() string { return fmt.Sprintf("%d,%d", id.phase, id.session) }

// ParseSQK reads a SquareDeal key file: lines "phase,session:key", with LF or CRLF
// line ends. Errors name the line and what is wrong with it.
//
// SquareDeal writes the file with CRLF line ends and publishes the SHA-256 of its
// bytes (KH). Hash gives that digest for the lines read, each ended by CRLF, so a
// copy whose line ends were changed to LF still verifies.
func ParseSQK(data []byte) (*SessionKeys, error) {
	text := strings.TrimSuffix(string(data), "\n")
	if text == "" {
		return nil, fmt.Errorf("dealing: sqk: no keys")
	}
	k := &SessionKeys{keys: map[sessionID]string{}}
	digest := sha256.New()
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		id, key, err := parseKeyLine(line)
		if err != nil {
			return nil, fmt.Errorf("dealing: sqk line %d: %s", i+1, err)
		}
		if _, dup := k.keys[id]; dup {
			return nil, fmt.Errorf("dealing: sqk line %d: a second key for session %s", i+1, id)
		}
		k.keys[id] = key
		digest.Write([]byte(line + "\r\n"))
	}
	digest.Sum(k.hash[:0])
	return k, nil
}

// parseKeyLine reads "phase,session:key".
func parseKeyLine(line string) (sessionID, string, error) {
	name, key, ok := strings.Cut(line, ":")
	phase, session, comma := strings.Cut(name, ",")
	if !ok || !comma {
		return sessionID{}, "", fmt.Errorf("%q: want phase,session:key", line)
	}
	p, errP := strconv.Atoi(phase)
	s, errS := strconv.Atoi(session)
	if errP != nil || errS != nil || p < 1 || s < 1 {
		return sessionID{}, "", fmt.Errorf("%q: phase and session must be numbers from 1", name)
	}
	if key == "" || strings.ContainsAny(key, " \t:") {
		return sessionID{}, "", fmt.Errorf("session %s: key %q must be non-empty, without spaces or colons", name, key)
	}
	return sessionID{p, s}, key, nil
}

// Hash returns the SHA-256 of the key file with CRLF line ends: the KH that the
// description published.
func (k *SessionKeys) Hash() [32]byte { return k.hash }

// Key returns the key of a session, phase and session counted from 1.
func (k *SessionKeys) Key(phase, session int) (string, bool) {
	key, ok := k.keys[sessionID{phase, session}]
	return key, ok
}

// Len returns the number of keys.
func (k *SessionKeys) Len() int { return len(k.keys) }
