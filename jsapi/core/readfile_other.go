//go:build !(linux || darwin)

package core

import "os"

// readFile reads a whole file (buf is unused here).
func readFile(path string, _ []byte) ([]byte, error) {
	return os.ReadFile(path)
}
