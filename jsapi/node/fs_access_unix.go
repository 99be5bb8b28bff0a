//go:build unix

package node

import "syscall"

// fsAccess checks abs with access(2); mode is F_OK or R_OK|W_OK|X_OK.
func fsAccess(abs string, mode uint32) error {
	return syscall.Access(abs, mode)
}
