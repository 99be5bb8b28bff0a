// Command strip writes jsapi/compat/stripped: each module of
// jsapi/compat/modules as the CommonJS the runtime runs (compat.Strip).
// Run by `go generate ./jsapi/compat`.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/jsapi/compat"
)

func main() {
	if err := run("modules", "stripped"); err != nil {
		fmt.Fprintln(os.Stderr, "strip:", err)
		os.Exit(1)
	}
}

func run(src, dst string) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	want := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() || !compat.IsModuleFile(e.Name()) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return err
		}
		code, err := compat.Strip(e.Name(), string(b))
		if err != nil {
			return err
		}
		want[e.Name()+".js"] = true
		if err := os.WriteFile(filepath.Join(dst, e.Name()+".js"), []byte(code), 0o644); err != nil {
			return err
		}
	}
	// Modules removed from modules/ leave no stale output behind.
	old, err := os.ReadDir(dst)
	if err != nil {
		return err
	}
	for _, e := range old {
		if !want[e.Name()] && strings.HasSuffix(e.Name(), ".js") {
			if err := os.Remove(filepath.Join(dst, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}
