package provider

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/lockfile"
)

// auth.json is shared with pi (and other pigo processes), which refresh the
// same OAuth logins. pi serialises its writes with proper-lockfile
// (engine/lockfile); for refreshes it locks the file's real path (symlinks
// resolved), stale after 30 s, 10 retries backing off from 100 ms to 10 s,
// and so does pigo, so pi and pigo exclude each other. Inside the lock the
// file is re-read, and the write replaces it atomically (temporary file +
// rename, mode 0600; pi writes in place, under the same lock), keeping every
// other entry as it was and writing JSON.stringify(data, null, 2) as pi does.

// authLock is pi's lock for refreshes.
var authLock = lockfile.Options{Name: "auth.json", Stale: 30 * time.Second, Retries: 10,
	MinWait: 100 * time.Millisecond, MaxWait: 10 * time.Second, Randomize: true, Realpath: true}

// withAuthFile runs fn on the current content of file (nil when missing)
// under the lock; when fn returns non-nil next, it replaces the file.
func withAuthFile(ctx context.Context, file string, fn func(current []byte) (next []byte, err error)) error {
	return withLockedFile(ctx, file, authLock, fn)
}

// withLockedFile is withAuthFile under lock options o: pi's other files
// written through its auth storage backend (models-store.json) take the
// same kind of lock next to themselves.
func withLockedFile(ctx context.Context, file string, o lockfile.Options, fn func(current []byte) (next []byte, err error)) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return err
	}
	l, err := lockfile.Acquire(ctx, file, o)
	if err != nil {
		return err
	}
	defer l.Release()
	current, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	next, err := fn(current)
	if err != nil || next == nil {
		return err
	}
	if err := l.Check(); err != nil {
		return err
	}
	return writeFileAtomic(file, next, 0o600)
}

// writeFileAtomic replaces file (following a symlink to its target) with
// data via a temporary file in the same directory and a rename.
func writeFileAtomic(file string, data []byte, perm os.FileMode) error {
	target := file
	if resolved, err := filepath.EvalSymlinks(file); err == nil {
		target = resolved
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	name := tmp.Name()
	fail := func(err error) error {
		_ = tmp.Close()
		_ = os.Remove(name)
		return fmt.Errorf("write %s: %w", file, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		_ = os.Remove(name)
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := os.Rename(name, target); err != nil {
		_ = os.Remove(name)
		return fmt.Errorf("write %s: %w", file, err)
	}
	return nil
}

// parseAuthRoot reads auth.json's content as an ordered object (empty
// content is an empty one).
func parseAuthRoot(current []byte) (*jsjson.Object, error) {
	if len(bytes.TrimSpace(current)) == 0 {
		return &jsjson.Object{}, nil
	}
	v, err := jsjson.Parse(current)
	if err != nil {
		return nil, fmt.Errorf("parse auth.json: %w", err)
	}
	o, ok := v.(*jsjson.Object)
	if !ok {
		return nil, errors.New("parse auth.json: not a JSON object")
	}
	return o, nil
}

// updateAuthEntry returns auth.json content with provider's entry replaced
// by entry (pi: {...current, [provider]: entry}): other entries and the key
// order are kept, and fields of the old entry that entry lacks are kept
// after entry's own (pi drops them).
func updateAuthEntry(current []byte, provider string, entry *jsjson.Object) ([]byte, error) {
	root, err := parseAuthRoot(current)
	if err != nil {
		return nil, err
	}
	prev, _ := root.Get(provider)
	if old, ok := prev.(*jsjson.Object); ok {
		for _, m := range *old {
			if _, ok := entry.Get(m.Key); !ok {
				entry.Set(m.Key, m.Value)
			}
		}
	}
	root.Set(provider, entry)
	enc := jsjson.Encoder{Indent: "  "}
	return []byte(enc.Stringify(root)), nil
}
