package node

import (
	"io/fs"
	"syscall"
	"time"
)

// fsStatSys fills st from Linux's stat data. The kernel's struct statx
// birth time is not exposed through syscall.Stat_t, so birthtime is the
// change time (as libuv reports on file systems without birth times).
func fsStatSys(fi fs.FileInfo, st *fsStat) {
	s, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	st.dev, st.ino, st.mode, st.nlink = float64(s.Dev), float64(s.Ino), float64(s.Mode), float64(s.Nlink)
	st.uid, st.gid, st.rdev = float64(s.Uid), float64(s.Gid), float64(s.Rdev)
	st.size, st.blksize, st.blocks = float64(s.Size), float64(s.Blksize), float64(s.Blocks)
	st.atime = time.Unix(s.Atim.Unix())
	st.mtime = time.Unix(s.Mtim.Unix())
	st.ctime = time.Unix(s.Ctim.Unix())
	st.birthtime = st.ctime
}
