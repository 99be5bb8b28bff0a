//go:build !unix

package node

import "os"

// fsAccess only checks that abs exists: this platform has no access(2).
func fsAccess(abs string, _ uint32) error {
	_, err := os.Stat(abs)
	return err
}
