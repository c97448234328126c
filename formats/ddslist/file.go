package ddslist

import (
	"fmt"
	"os"
	"strings"
)

// ReadFile reads a DDS test file from path: a sol file (GIB's format) when
// its name starts with "sol", a list file otherwise. Errors name the file.
func ReadFile(path string) ([]Deal, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	read := ReadList
	if name := path[strings.LastIndexAny(path, `/\`)+1:]; strings.HasPrefix(name, "sol") {
		read = ReadSol
	}
	deals, err := read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return deals, nil
}
