package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTUIDifferentialShare16: /share with a fake gh on PATH (it records
// its arguments): pi 1.6 and pigo check the login, upload the exported
// session as a secret gist and show the same viewer and gist URLs; a gh
// that is not logged in gets pi's error.
func TestTUIDifferentialShare16(t *testing.T) {
	node, cli := pi16Command(t)
	bin := t.TempDir()
	must(t, os.WriteFile(filepath.Join(bin, "gh"), []byte(`#!/bin/sh
echo "$@" >> "$GH_LOG"
case "$1" in
auth) exit "${GH_AUTH:-0}" ;;
gist) echo "https://gist.github.com/someone/0123abcd" ;;
esac
`), 0o755))
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		for _, auth := range []string{"0", "1"} {
			log := filepath.Join(t.TempDir(), "gh.log")
			env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "GH_LOG=" + log, "GH_AUTH=" + auth,
				"PI_SHARE_VIEWER_URL=https://viewer.example/s/"}
			tt := startPTYFull(t, nil, side, env, []mockStep{{Text: "Shared reply."}}, "--model", "mock/mock-1")
			tt.waitFor("mock-1")
			settle()
			tt.keys("hi", "\r")
			tt.waitFor("Shared reply.")
			settle()
			for _, r := range "/share" {
				tt.keys(string(r))
			}
			settle()
			tt.keys("\r")
			if auth == "0" {
				tt.waitFor("Gist: https://gist.github.com/someone/0123abcd")
			} else {
				tt.waitFor("GitHub CLI is not logged in")
			}
			settle()
			// from the reply down (pi's startup notices above differ)
			add(strings.TrimRight(screenFrom(screenUntil(tt.screen(), "────"), "Shared reply."), "\n "))
			data, _ := os.ReadFile(log)
			calls := strings.Split(strings.TrimSpace(string(data)), "\n")
			for i, c := range calls { // the temporary file's folder differs
				if strings.HasPrefix(c, "gist create --public=false ") && strings.HasSuffix(c, "/session.html") {
					calls[i] = "gist create --public=false <tmp>/session.html"
				}
			}
			add(strings.Join(calls, "\n"))
		}
	})
	compareScreens(t, screens, nil)
}
