package pkgmgr

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// SettingsFile is one settings.json, its keys in file order, as pi's
// SettingsManager keeps them.
type SettingsFile struct {
	path string
	obj  *jsjson.Object
}

// ReadSettings reads path; a missing or empty file is {}. A file that is
// not a JSON object is an error: writing it back would lose what it holds.
func ReadSettings(path string) (*SettingsFile, error) {
	s := &SettingsFile{path: path, obj: &jsjson.Object{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if len(bytes.TrimSpace(data)) == 0 {
		return s, nil
	}
	v, err := jsjson.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %v", path, err)
	}
	obj, ok := v.(*jsjson.Object)
	if !ok {
		return nil, fmt.Errorf("parse %s: not a JSON object", path)
	}
	s.obj = obj
	return s, nil
}

// packages is the `packages` array (strings and {source,...} objects).
func (s *SettingsFile) packages() ([]any, error) {
	v, ok := s.obj.Get("packages")
	if !ok || v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: \"packages\" is not an array", s.path)
	}
	return list, nil
}

func (s *SettingsFile) setPackages(list []any) { s.obj.Set("packages", list) }

// Get is a top-level value (objects as *jsjson.Object).
func (s *SettingsFile) Get(key string) (any, bool) { return s.obj.Get(key) }

// Set sets a top-level value, keeping the key's place; nil deletes it
// (JSON.stringify drops undefined members).
func (s *SettingsFile) Set(key string, v any) {
	if v == nil {
		s.obj.Delete(key)
		return
	}
	s.obj.Set(key, v)
}

// itemSource is a packages item's source string ("" if it has none).
func itemSource(item any) string {
	switch v := item.(type) {
	case string:
		return v
	case *jsjson.Object:
		src, _ := v.Get("source")
		str, _ := src.(string)
		return str
	}
	return ""
}

// withSource is item with its source replaced, keeping an object's filters.
func withSource(item any, source string) any {
	if o, ok := item.(*jsjson.Object); ok {
		c := append(jsjson.Object{}, *o...)
		c.Set("source", source)
		return &c
	}
	return source
}

// Save writes the file as JSON.stringify(settings, null, 2) does, through
// a temporary file so a crash leaves the old one.
func (s *SettingsFile) Save() error {
	out, err := (&jsjson.Encoder{Indent: "  "}).Append(nil, s.obj)
	if err != nil {
		return err
	}
	return writeAtomic(s.path, out)
}

func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}
