package pkgmgr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// git runs the git binary in dir without a terminal prompt (pi's
// non-interactive environment), returning its trimmed output.
func (m *Manager) git(ctx context.Context, dir string, args ...string) (string, error) {
	bin := m.Git
	if bin == "" {
		bin = "git"
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	env := m.Environ
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(slices.Clone(env), "GIT_TERMINAL_PROMPT=0")
	// A GIT_SSH_COMMAND of the user's may be needed to reach the host.
	if !slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "GIT_SSH_COMMAND=") }) {
		cmd.Env = append(cmd.Env, "GIT_SSH_COMMAND=ssh -o BatchMode=yes")
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s failed: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(out.String()))
	}
	return strings.TrimSpace(out.String()), nil
}

// installGit clones src into scope's git root (or, when the clone is
// there, reconciles it as update does), then installs the clone's own
// dependencies into its node_modules. A failed clone leaves nothing.
func (m *Manager) installGit(ctx context.Context, src Source, scope Scope) error {
	target, err := m.Dir(src, scope)
	if err != nil {
		return err
	}
	if _, err := os.Stat(target); err == nil {
		_, err := m.updateGit(ctx, src, target)
		return err
	}
	gitRoot := m.GitRoot(scope)
	if scope == Temporary {
		gitRoot = filepath.Dir(target) // pi's cache has no shared root to ignore
	}
	return m.stageInto(gitRoot, func(stage string) error {
		clone := filepath.Join(stage, "clone")
		if _, err := m.git(ctx, stage, "clone", src.Repo, clone); err != nil {
			return err
		}
		if src.Ref != "" {
			if _, err := m.git(ctx, clone, "checkout", src.Ref); err != nil {
				return err
			}
		}
		if err := m.installCloneDeps(ctx, clone); err != nil {
			return err
		}
		if scope != Temporary {
			if err := ensureGitIgnore(gitRoot); err != nil {
				return err
			}
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.Rename(clone, target)
	})
}

// installCloneDeps installs the production dependencies of a clone's
// package.json into its node_modules (pi runs `npm install --omit=dev`),
// as its lockfile records them if it has one (lockfile.go).
func (m *Manager) installCloneDeps(ctx context.Context, dir string) error {
	pj, err := readPackageJSON(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	t := newTree(dir, m.registry(dir))
	t.rootDeps = pj.needs()
	lockName, locked, err := readLockfile(dir)
	if err != nil {
		return err
	}
	if locked != nil {
		if err := t.planLocked(ctx, lockName, locked, false); err != nil {
			return err
		}
		t.dropStale(pj.Dependencies)
	}
	for _, name := range sortedKeys(pj.Dependencies) {
		if _, optional := pj.OptionalDependencies[name]; optional {
			continue
		}
		if err := t.want(ctx, "", name, pj.Dependencies[name], false); err != nil {
			return err
		}
	}
	for _, name := range sortedKeys(pj.OptionalDependencies) {
		t.wantOptional(ctx, "", name, pj.OptionalDependencies[name])
	}
	if s := installScripts(dir); s != "" {
		t.scripts = append(t.scripts, filepath.Base(dir)+" ("+s+")") // npm runs the clone's own too
	}
	if len(t.plan) == 0 {
		m.warn(t.scriptsWarning())
		return nil
	}
	err = m.stageInto(dir, func(stage string) error {
		if err := t.fetch(ctx, stage); err != nil {
			return err
		}
		return t.commit(filepath.Join(stage, "trash"))
	})
	if err == nil {
		m.warn(t.scriptsWarning())
		err = linkBins(dir)
	}
	return err
}

// updateGit fetches the configured ref (or the upstream branch) and resets
// the clone to it, then brings its dependencies in line. It returns the
// heads before and after.
func (m *Manager) updateGit(ctx context.Context, src Source, dir string) ([2]string, error) {
	var heads [2]string
	heads[0], _ = m.git(ctx, dir, "rev-parse", "HEAD")
	ref := "FETCH_HEAD"
	if src.Ref != "" {
		if _, err := m.git(ctx, dir, "fetch", "origin", src.Ref); err != nil {
			return heads, err
		}
	} else {
		if _, err := m.git(ctx, dir, "fetch", "origin"); err != nil {
			return heads, err
		}
		ref = "@{upstream}"
		if _, err := m.git(ctx, dir, "rev-parse", "--verify", "-q", ref); err != nil {
			ref = "origin/HEAD"
		}
	}
	if _, err := m.git(ctx, dir, "reset", "--hard", ref+"^{commit}"); err != nil {
		return heads, err
	}
	heads[1], _ = m.git(ctx, dir, "rev-parse", "HEAD")
	if heads[0] != heads[1] {
		// Extensions should be pristine: drop what the old commit's
		// install left, then install the new commit's dependencies.
		if _, err := m.git(ctx, dir, "clean", "-fdx"); err != nil {
			return heads, err
		}
	}
	return heads, m.installCloneDeps(ctx, dir)
}

// removeGit deletes a clone and the directories it leaves empty.
func (m *Manager) removeGit(src Source, scope Scope) error {
	target, err := m.Dir(src, scope)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(target); err != nil {
		return err
	}
	root := m.GitRoot(scope)
	for d := filepath.Dir(target); d != root && strings.HasPrefix(d, root); d = filepath.Dir(d) {
		if os.Remove(d) != nil {
			break
		}
	}
	return nil
}
