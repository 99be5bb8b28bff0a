// Package pkgmgrtest is a fake npm registry for tests: it serves
// packuments and real gzipped tarballs built in the test, over a local
// httptest server.
package pkgmgrtest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Entry is one tarball member. Type defaults to a regular file.
type Entry struct {
	Name     string // full name inside the tarball, e.g. "package/index.js"
	Body     string
	Type     byte   // tar.Type*; 0 is a regular file
	Linkname string // for links
	Mode     int64  // 0 means 0644
}

// Tarball gzips entries as a tar, the way `npm pack` lays them out.
func Tarball(entries ...Entry) []byte {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		h := &tar.Header{Name: e.Name, Typeflag: e.Type, Linkname: e.Linkname, Mode: e.Mode, Size: int64(len(e.Body))}
		if h.Typeflag == 0 {
			h.Typeflag = tar.TypeReg
		}
		if h.Mode == 0 {
			h.Mode = 0o644
		}
		if h.Typeflag != tar.TypeReg {
			h.Size = 0
		}
		if err := tw.WriteHeader(h); err != nil {
			panic(err)
		}
		if h.Size > 0 {
			tw.Write([]byte(e.Body))
		}
	}
	tw.Close()
	gz.Close()
	return buf.Bytes()
}

// Files is Tarball of files under "package/", in name order.
func Files(files map[string]string) []byte {
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var es []Entry
	for _, n := range names {
		es = append(es, Entry{Name: "package/" + n, Body: files[n]})
	}
	return Tarball(es...)
}

// Registry is a fake npm registry. Publish before or while it serves.
type Registry struct {
	*httptest.Server
	mu       sync.Mutex
	docs     map[string]map[string]any // name → packument
	tarballs map[string][]byte         // path → bytes
	Requests atomic.Int64
	// Token, when set, is the bearer token every request must carry.
	Token string
}

// New starts a registry; Close stops it.
func New() *Registry {
	r := &Registry{docs: map[string]map[string]any{}, tarballs: map[string][]byte{}}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	return r
}

// URL is the registry URL for npm_config_registry, with a trailing slash.
func (r *Registry) URL() string { return r.Server.URL + "/" }

func (r *Registry) serve(w http.ResponseWriter, req *http.Request) {
	r.Requests.Add(1)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.Token != "" && req.Header.Get("Authorization") != "Bearer "+r.Token {
		http.Error(w, `{"error":"Unauthorized"}`, http.StatusUnauthorized)
		return
	}
	if b, ok := r.tarballs[req.URL.Path]; ok {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(b)
		return
	}
	name, err := url.PathUnescape(strings.TrimPrefix(req.URL.EscapedPath(), "/"))
	if doc, ok := r.docs[name]; ok && err == nil {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(doc)
		return
	}
	http.Error(w, `{"error":"Not found"}`, http.StatusNotFound)
}

// Publish adds name@version: files (package.json is generated from name,
// version and deps unless files has one) as a tarball, with its sha512
// integrity and sha1 shasum, and moves the latest tag to it.
func (r *Registry) Publish(name, version string, deps map[string]string, files map[string]string) {
	all := map[string]string{}
	for k, v := range files {
		all[k] = v
	}
	if _, ok := all["package.json"]; !ok {
		pj, _ := json.MarshalIndent(map[string]any{"name": name, "version": version, "dependencies": deps}, "", "  ")
		all["package.json"] = string(pj)
	}
	r.PublishTarball(name, version, deps, Files(all))
	// A registry's packument holds the manifest; npm reads the commands
	// to link from there.
	var manifest map[string]any
	if json.Unmarshal([]byte(all["package.json"]), &manifest) == nil && manifest["bin"] != nil {
		r.Meta(name, version)["bin"] = manifest["bin"]
	}
}

// PublishTarball adds name@version with tgz as its tarball, as is.
func (r *Registry) PublishTarball(name, version string, deps map[string]string, tgz []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	base := name[strings.LastIndex(name, "/")+1:]
	path := "/" + name + "/-/" + base + "-" + version + ".tgz"
	r.tarballs[path] = tgz
	s512 := sha512.Sum512(tgz)
	s1 := sha1.Sum(tgz)
	doc := r.docs[name]
	if doc == nil {
		doc = map[string]any{"name": name, "dist-tags": map[string]any{}, "versions": map[string]any{}}
		r.docs[name] = doc
	}
	doc["versions"].(map[string]any)[version] = map[string]any{
		"name": name, "version": version, "dependencies": deps,
		"dist": map[string]any{
			"tarball":   r.Server.URL + path,
			"integrity": "sha512-" + base64.StdEncoding.EncodeToString(s512[:]),
			"shasum":    hex.EncodeToString(s1[:]),
		},
	}
	doc["dist-tags"].(map[string]any)["latest"] = version
}

// Dist gives access to name@version's dist object, to tamper with it
// before the registry serves it (changes are not locked).
func (r *Registry) Dist(name, version string) map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.docs[name]["versions"].(map[string]any)[version].(map[string]any)["dist"].(map[string]any)
}

// Meta gives access to name@version's metadata in the packument, to add
// fields an install reads (optionalDependencies, os, cpu), before the
// registry serves it (changes are not locked).
func (r *Registry) Meta(name, version string) map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.docs[name]["versions"].(map[string]any)[version].(map[string]any)
}

// Tag points a dist-tag at a version.
func (r *Registry) Tag(name, tag, version string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.docs[name]["dist-tags"].(map[string]any)[tag] = version
}

// PublishDir publishes every <dir>/<name>@<version>/ directory (a scope as
// <dir>/@scope/<name>@<version>/) as is, its package.json's dependencies
// in the packument; for testscripts, whose packages are files. Versions
// are published in name order, so the last one is "latest".
func (r *Registry) PublishDir(dir string) error {
	var walk func(d, prefix string) error
	walk = func(d, prefix string) error {
		entries, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			n := e.Name()
			if strings.HasPrefix(n, "@") && !strings.Contains(n[1:], "@") {
				if err := walk(filepath.Join(d, n), n+"/"); err != nil {
					return err
				}
				continue
			}
			at := strings.LastIndex(n, "@")
			if at <= 0 {
				continue
			}
			files := map[string]string{}
			root := filepath.Join(d, n)
			err := filepath.WalkDir(root, func(p string, de os.DirEntry, err error) error {
				if err != nil || de.IsDir() {
					return err
				}
				b, err := os.ReadFile(p)
				rel, _ := filepath.Rel(root, p)
				files[filepath.ToSlash(rel)] = string(b)
				return err
			})
			if err != nil {
				return err
			}
			var pj struct {
				Dependencies map[string]string `json:"dependencies"`
				// As the registry's metadata carries them.
				OptionalDependencies map[string]string `json:"optionalDependencies"`
				OS                   []string          `json:"os"`
				CPU                  []string          `json:"cpu"`
			}
			json.Unmarshal([]byte(files["package.json"]), &pj)
			// A .integrity file is not packed: it replaces dist.integrity,
			// to serve a tarball that does not match its metadata.
			integrity, tampered := files[".integrity"]
			delete(files, ".integrity")
			name, version := prefix+n[:at], n[at+1:]
			r.PublishTarball(name, version, pj.Dependencies, Files(files))
			// Under the lock: a script may publish while an earlier
			// command's requests are still being served.
			r.mu.Lock()
			meta := r.docs[name]["versions"].(map[string]any)[version].(map[string]any)
			if pj.OptionalDependencies != nil {
				meta["optionalDependencies"] = pj.OptionalDependencies
			}
			if pj.OS != nil {
				meta["os"] = pj.OS
			}
			if pj.CPU != nil {
				meta["cpu"] = pj.CPU
			}
			if tampered {
				meta["dist"].(map[string]any)["integrity"] = strings.TrimSpace(integrity)
			}
			r.mu.Unlock()
		}
		return nil
	}
	return walk(dir, "")
}
