package pkgmgr

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Command links, as npm makes them (bin-links): every node_modules
// directory gets a .bin directory with a link for each command its
// packages declare in package.json's "bin" (a path, named after the
// package, or command names to paths), or without one its
// "directories.bin" (everything in that directory), pointing at the file,
// which is made executable. Packages that run a dependency's command by path
// (node_modules/.bin/tsc) or spawn it with node_modules/.bin on PATH need
// them. The .bin directories are rebuilt from what is installed, so a
// removed package's commands go with it. Where two packages of one
// directory declare the same command, the first by name keeps it.

// linkBins rebuilds the .bin directories under root (an install root or
// a git package's clone).
func linkBins(root string) error {
	var walk func(from string) error
	walk = func(from string) error {
		nm := filepath.Join(root, filepath.FromSlash(from), "node_modules")
		if err := os.RemoveAll(filepath.Join(nm, ".bin")); err != nil {
			return err
		}
		names := children(root, from)
		slices.Sort(names)
		linked := map[string]bool{}
		for _, name := range names {
			rel := joinRel(from, name)
			for cmd, target := range packageBins(filepath.Join(root, filepath.FromSlash(rel)), name) {
				if linked[cmd] {
					continue
				}
				if err := linkBin(nm, cmd, name, target); err != nil {
					return err
				}
				linked[cmd] = true
			}
			if err := walk(rel); err != nil {
				return err
			}
		}
		return nil
	}
	return walk("")
}

// linkBin links nm/.bin/cmd to the file target of package name (a path
// inside the package) and makes that file executable. A target that is
// missing is skipped, as npm skips it; a directory is linked, as npm
// (bin-links) links it.
func linkBin(nm, cmd, name, target string) error {
	file := filepath.Join(nm, filepath.FromSlash(name), filepath.FromSlash(target))
	st, err := os.Stat(file)
	if err != nil {
		return nil
	}
	if err := os.Chmod(file, st.Mode().Perm()|0o111); err != nil {
		return err
	}
	bin := filepath.Join(nm, ".bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	link := filepath.Join(bin, cmd)
	if err := os.Symlink(filepath.Join("..", filepath.FromSlash(name), filepath.FromSlash(target)), link); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

// packageBins is npm's normalized "bin" of the package in dir, installed
// as name: command → path inside the package. Command names are reduced
// to their base name and paths kept inside the package, as
// npm-normalize-package-bin does; what is left empty is dropped.
func packageBins(dir, name string) map[string]string {
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil
	}
	var pj struct {
		Bin         json.RawMessage `json:"bin"`
		Directories struct {
			Bin any `json:"bin"`
		} `json:"directories"`
	}
	if json.Unmarshal([]byte(strings.TrimPrefix(string(data), "\uFEFF")), &pj) != nil {
		return nil
	}
	if d, ok := pj.Directories.Bin.(string); ok && d != "" && (len(pj.Bin) == 0 || string(pj.Bin) == "null") {
		return binDir(dir, d)
	}
	if len(pj.Bin) == 0 {
		return nil
	}
	raw := map[string]string{}
	var single string
	if json.Unmarshal(pj.Bin, &single) == nil {
		raw[name[strings.LastIndex(name, "/")+1:]] = single
	} else {
		var many map[string]any
		if json.Unmarshal(pj.Bin, &many) != nil {
			return nil
		}
		for k, v := range many {
			if s, ok := v.(string); ok {
				raw[k] = s
			}
		}
	}
	out := map[string]string{}
	for cmd, p := range raw {
		cmd, p = secureUnixPath(cmd), secureUnixPath(p)
		if cmd == "" || p == "" {
			continue
		}
		out[path.Base(cmd)] = p
	}
	return out
}

// binDir is npm's expansion of "directories.bin" for a package without
// "bin" (@npmcli/package-json's binDir step): every entry under the
// directory that glob's "**" lists (files and subdirectories, none whose
// path has a part starting with "."), named after its base name, a later
// one of the same name winning.
func binDir(dir, bin string) map[string]string {
	rel := secureUnixPath(bin)
	if rel == "" {
		return nil
	}
	base := filepath.Join(dir, filepath.FromSlash(rel))
	out := map[string]string{}
	filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == base {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		sub, _ := filepath.Rel(base, p)
		out[d.Name()] = rel + "/" + filepath.ToSlash(sub)
		return nil
	})
	return out
}

// secureUnixPath is package-json's secureAndUnixifyPath: "\" and ":" as
// "/", made relative and kept inside the package; "" when nothing is left.
func secureUnixPath(ref string) string {
	unix := strings.NewReplacer(`\`, "/", ":", "/")
	p := strings.TrimPrefix(path.Clean("/"+unix.Replace(ref)), "/")
	if p == "" {
		return ""
	}
	return unix.Replace(p)
}
