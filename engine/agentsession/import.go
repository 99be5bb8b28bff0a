package agentsession

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// importSession is import_session {path, cwdOverride}: pi's /import
// (AgentSessionRuntime.importFromJsonl). The file is copied into the
// session directory under its own name (name-1.jsonl, ... when that is
// taken; not copied when it is already there), keeping its session id
// and working directory, and becomes the current session as /resume
// makes one (session_before_switch {reason: "resume"} can cancel). A
// stored cwd that is gone is the missing-cwd error, with the copy
// removed, so that the client can ask again with cwdOverride or fork
// the file instead. The answer names the cwd the session runs in.
func (s *rpcServer) importSession(c *rpcCommand) (any, bool, error) {
	path, err := c.str("path", "trim")
	if err != nil {
		return nil, false, err
	}
	cancelled, err := s.rt.importSession(context.WithoutCancel(s.rt.baseCtx), path, c.strOr("cwdOverride"))
	if err != nil {
		return nil, false, err
	}
	return ordered{{"cancelled", cancelled}, {"cwd", s.rt.io.Cwd}}, true, nil
}

func (rt *agentRuntime) importSession(ctx context.Context, input, cwdOverride string) (cancelled bool, err error) {
	// pi resolves the path as its other path arguments: "~" is home,
	// a relative path is the working directory's.
	src := expandTilde(input, rt.io.Getenv("HOME"))
	if !filepath.IsAbs(src) {
		src = filepath.Join(rt.io.Cwd, src)
	}
	src = filepath.Clean(src)
	if _, err := os.Stat(src); err != nil {
		return false, fmt.Errorf("File not found: %s", src)
	}
	if rt.sessionDir == "" {
		return false, errors.New("cannot import a session without a session directory (--no-session)")
	}
	if err := os.MkdirAll(rt.sessionDir, 0o755); err != nil {
		return false, err
	}
	dest := filepath.Join(rt.sessionDir, filepath.Base(src))
	stored := filepath.Clean(dest) == src
	if !stored {
		ext := filepath.Ext(dest)
		stem := strings.TrimSuffix(dest, ext)
		for n := 1; exists(dest); n++ {
			dest = stem + "-" + strconv.Itoa(n) + ext
		}
	}
	res := rt.host.RunHook(ctx, "session_before_switch", map[string]any{"type": "session_before_switch", "reason": "resume",
		"targetSessionFile": dest})
	if cancelledBy(res.Result) {
		return true, nil
	}
	if !stored {
		if err := copyNew(src, dest); err != nil {
			return false, err
		}
	}
	next, cwd, err := rt.openForSwitch(dest, cwdOverride)
	if err != nil {
		if !stored { // no import happened: a retry leaves no stray copy
			_ = os.Remove(dest)
		}
		return false, err
	}
	rt.replaceSession(ctx, "resume", next, cwd)
	return false, nil
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// copyNew copies src to dst, which must not exist yet (pi's
// COPYFILE_EXCL).
func copyNew(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		_ = os.Remove(dst)
		return err
	}
	return out.Close()
}
