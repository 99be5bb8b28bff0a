//go:build !linux && !darwin

package node

import "io/fs"

// fsStatSys keeps the portable fields: this platform's stat data is not
// decoded.
func fsStatSys(fs.FileInfo, *fsStat) {}
