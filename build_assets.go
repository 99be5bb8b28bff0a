package pigo

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/bundled/payload"
	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// Files an embedded extension reads at run time. Bundling inlines what an
// extension imports, but not what it reads: a prompt template next to it
// found through import.meta.url, a JSON table under import.meta.dirname.
// `pigo build` therefore carries the extension's directory (its package
// root, or the directory of an index file) and writes the bundle's
// references to that directory as a token; the executable writes the
// files to a cache directory once, named by their hash, and puts that
// directory in place of the token before the bundle compiles. A lone
// extension file (no package.json, not an index file) carries nothing: its
// directory is usually shared with other extensions.

// The limits on carried files (variables for tests).
var (
	assetFileLimit  int64 = 16 << 20 // bytes: a larger file is not carried
	assetTotalLimit       = 64 << 20 // bytes per extension directory
)

// assetRoot is the directory an extension's files are carried from, or ""
// for a lone file: the nearest package.json directory within three levels
// up, else the directory of an index file. A home directory or the file
// system root never is one.
func assetRoot(entry string) string {
	dir := filepath.Dir(entry)
	home, _ := os.UserHomeDir()
	for d, up := dir, 0; up < 3; d, up = filepath.Dir(d), up+1 {
		if d == home || d == filepath.Dir(d) {
			break
		}
		if st, err := os.Stat(filepath.Join(d, "package.json")); err == nil && st.Mode().IsRegular() {
			return d
		}
	}
	if base := filepath.Base(entry); strings.TrimSuffix(base, filepath.Ext(base)) == "index" && dir != home && dir != filepath.Dir(dir) {
		return dir
	}
	return ""
}

// collectAssets reads the files under root, in path order (reproducible
// builds), leaving out node_modules (bundled already, where used) and
// .git. A file over assetFileLimit is left out; a directory over
// assetTotalLimit is an error naming it.
func collectAssets(root string) (*payload.Assets, error) {
	a := &payload.Assets{}
	total := 0
	h := sha256.New()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "node_modules" || d.Name() == ".git") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() > assetFileLimit {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if total += len(data); total > assetTotalLimit {
			return fmt.Errorf("the files of %s exceed %d MB (pigo build carries an extension's directory, without node_modules)", root, assetTotalLimit>>20)
		}
		rel, _ := filepath.Rel(root, path)
		f := payload.Asset{Path: filepath.ToSlash(rel), Mode: uint32(info.Mode().Perm()), Data: data}
		a.Files = append(a.Files, f)
		h.Write([]byte(f.Path))
		h.Write(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint64(nil, uint64(len(data))), f.Mode))
		h.Write(data)
		return nil
	})
	if err != nil {
		return nil, err
	}
	a.Hash = hex.EncodeToString(h.Sum(nil))
	a.Token = "/pigo-assets-" + a.Hash[:16]
	return a, nil
}

// relocate replaces the directory from with to in bundle code: its file:
// URL and its path, where they end at a separator or a string's end (so
// /x/ext does not match /x/ext2). ok is false when from cannot appear
// in code as it is (a path JSON would escape).
func relocate(code, from, to string) (string, bool) {
	if !plainJS(from) || !plainJS(to) {
		return code, false
	}
	for _, pair := range [][2]string{{bundler.FileURL(from), bundler.FileURL(to)}, {from, to}} {
		for _, end := range []string{"/", `"`, "'", "`"} {
			code = strings.ReplaceAll(code, pair[0]+end, pair[1]+end)
		}
	}
	return code, true
}

// plainJS reports whether s appears in a JavaScript string literal as
// itself.
func plainJS(s string) bool {
	b, _ := json.Marshal(s)
	return string(b) == `"`+s+`"` && !strings.ContainsAny(s, "'`")
}

// carriedAssets is the entry of app that carries the files with this
// hash (entries of one package share them: the first carries them).
func carriedAssets(app *payload.App, hash string) *payload.Assets {
	for _, p := range app.Plugins {
		if p.Assets != nil && p.Assets.Hash == hash && p.Assets.Files != nil {
			return p.Assets
		}
	}
	return nil
}

// materialize writes an embedded extension's files under cacheDir (the
// user's cache directory when ""), once: the directory is named by their
// hash and appears complete or not at all (written aside, then renamed).
func materialize(cacheDir string, a *payload.Assets) (string, error) {
	if cacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		cacheDir = filepath.Join(base, "pigo")
	}
	parent := filepath.Join(cacheDir, "assets")
	dir := filepath.Join(parent, a.Hash)
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return dir, nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(parent, a.Hash+".tmp-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // gone after a successful rename
	for _, f := range a.Files {
		p := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if !strings.HasPrefix(p, tmp+string(filepath.Separator)) {
			return "", fmt.Errorf("asset path %q leaves its directory", f.Path)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, f.Data, fs.FileMode(f.Mode&0o777)|0o400); err != nil {
			return "", err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another process wrote the same files first.
		if st, serr := os.Stat(dir); serr == nil && st.IsDir() {
			return dir, nil
		}
		return "", err
	}
	return dir, nil
}
