package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDifferentialFlags16 runs pi 1.6's newer command-line rules through
// pi and pigo: --name names the session (trimmed; an empty one and a
// missing value are errors), --mode and --tools lists are checked as pi
// parses them (an invalid mode, a missing one, plain names mixed with
// +/- entries, a pattern in a +/- entry). stdout, stderr and exit status
// match, and a named session's state and file do.
func TestDifferentialFlags16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	for _, c := range []struct {
		name string
		args []string
	}{
		{"name empty", []string{"--name", "  ", "-p", "hi"}},
		{"name missing", []string{"-p", "hi", "--name"}},
		{"mode invalid", []string{"--mode", "yaml", "hi"}},
		{"mode missing", []string{"--mode", "--print", "hi"}},
		{"tools mixed", []string{"--tools", "read,+bash", "-p", "hi"}},
		{"tools pattern", []string{"-t", "+gr*", "-p", "hi"}},
		{"session id invalid", []string{"--session-id", "-bad.", "-p", "hi"}},
		{"session id invalid chars", []string{"--session-id", "a/b", "-p", "hi"}},
		{"session id conflicts", []string{"--session-id", "abc", "--session", "x", "--continue", "-p", "hi"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, _ := sideDirs(t)
				out[side] = runCLI(argv, dir, c.args...)
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("pi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
		})
	}
	// --name on a session that runs: RPC get_state names it, and the
	// session file has pi's session_info entry.
	t.Run("name", func(t *testing.T) {
		names := map[string]string{}
		for side, argv := range sides {
			dir, _, agentDir := sideDirs(t)
			llm := newMockLLM([]mockStep{{Text: "ok"}})
			t.Cleanup(llm.Close)
			must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
			d := startDriver(t, sideCommand(argv, dir, "--mode", "rpc", "--model", "mock/mock-1", "--name", "  my run ", "--session-dir", filepath.Join(dir, "sessions")))
			state := d.call(`{"id":"s","type":"get_state"}`)
			d.promptID("p", "hi") // pi writes the file once the model answers
			d.finish()
			data, _ := state["data"].(map[string]any)
			files, _ := filepath.Glob(filepath.Join(dir, "sessions", "*.jsonl"))
			entries := ""
			for _, f := range files {
				b, _ := os.ReadFile(f)
				for _, l := range strings.Split(string(b), "\n") {
					if strings.Contains(l, `"session_info"`) {
						entries += strings.Join(strings.Fields(strings.NewReplacer(`"id":`, "", `"parentId":`, "").Replace(l[strings.Index(l, `"name"`):])), " ")
					}
				}
			}
			names[side] = fmt.Sprintf("sessionName %v; %d files; entry %s", data["sessionName"], len(files), entries)
		}
		if names["pi"] != names["pigo"] || !strings.Contains(names["pigo"], `sessionName my run; 1 files; entry "name":"my run"`) {
			t.Errorf("pi:   %s\npigo: %s", names["pi"], names["pigo"])
		}
	})
	// --session-id: a new session gets the id (with pi's warning), the next
	// run opens it, a fork onto it is refused, and --no-session takes it.
	t.Run("session id", func(t *testing.T) {
		runs := map[string][]string{}
		for side, argv := range sides {
			dir, _, agentDir := sideDirs(t)
			llm := newMockLLM([]mockStep{{Text: "one"}, {Text: "two"}})
			t.Cleanup(llm.Close)
			must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
			run := func(args ...string) {
				cmd := sideCommand(argv, dir, append([]string{"--mode", "rpc", "--model", "mock/mock-1"}, args...)...)
				d := startDriver(t, cmd)
				state := d.call(`{"id":"s","type":"get_state"}`)
				data, _ := state["data"].(map[string]any)
				if !strings.Contains(strings.Join(args, " "), "--no-session") {
					d.promptID("p", "hi")
				}
				d.finish()
				runs[side] = append(runs[side], fmt.Sprintf("%v: id %v, %v messages; stderr %q", args, data["sessionId"], data["messageCount"], d.stderr.String()))
			}
			run("--session-id", "my-sess.1")
			run("--session-id", "my-sess.1")
			run("--no-session", "--session-id", "mem-1")
			out := runCLI(argv, dir, "--session-id", "my-sess.1", "--fork", "my-sess", "-p", "hi")
			runs[side] = append(runs[side], out)
		}
		if strings.Join(runs["pi"], "\n") != strings.Join(runs["pigo"], "\n") {
			t.Errorf("pi:\n%s\npigo:\n%s", strings.Join(runs["pi"], "\n"), strings.Join(runs["pigo"], "\n"))
		}
	})
	// --exclude-tools: the tools it names or matches are never declared to
	// the model, even when an extension activates them.
	t.Run("exclude tools", func(t *testing.T) {
		declared := map[string]string{}
		for side, argv := range sides {
			dir, work, agentDir := sideDirs(t)
			llm := newMockLLM([]mockStep{{Text: "ok"}})
			t.Cleanup(llm.Close)
			must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
			must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(extSource(`
  pi.on("session_start", () => { pi.setActiveTools(["read", "bash", "edit", "write", "grep"]); });`)), 0o644))
			d := startDriver(t, sideCommand(argv, dir, "--mode", "rpc", "--no-session", "--model", "mock/mock-1", "-e", "ext.ts", "-xt", "ba*, write"))
			d.promptID("p", "hi")
			d.finish()
			var names []string
			if reqs := llm.Requests(); len(reqs) > 0 {
				tools, _ := reqs[0]["tools"].([]any)
				for _, tl := range tools {
					fn, _ := tl.(map[string]any)["function"].(map[string]any)
					names = append(names, fmt.Sprint(fn["name"]))
				}
			}
			declared[side] = strings.Join(names, ",")
		}
		if declared["pi"] != declared["pigo"] || declared["pigo"] != "read,edit,grep" {
			t.Errorf("tools declared: pi %q, pigo %q", declared["pi"], declared["pigo"])
		}
	})
}
