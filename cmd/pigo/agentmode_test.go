package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Testscript commands for the agent modes (print_*, json_*, rpc_*
// scripts).

// cmdEventLog is `eventlog IN OUT`: it reads JSON lines from IN (a file, a
// glob matching one file, or "stdout"/"stderr" of the last command) and
// fails on a line that is not JSON, else writes one line per record
// to OUT: its type, then the message role (message_*), the
// assistantMessageEvent type (message_update), the tool name
// (tool_execution_*), the command (response) or the method
// (extension_ui_request). Timestamps and ids vary; this shape does not.
func cmdEventLog(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: eventlog IN OUT")
	}
	in := args[0]
	if strings.ContainsAny(in, "*?[") {
		m, err := filepath.Glob(ts.MkAbs(in))
		ts.Check(err)
		if len(m) != 1 {
			ts.Fatalf("eventlog: %s matches %d files", in, len(m))
		}
		in = m[0]
	}
	data := ts.ReadFile(in)
	var out strings.Builder
	for _, line := range strings.Split(strings.TrimRight(data, "\n"), "\n") {
		if line == "" {
			continue
		}
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			ts.Fatalf("eventlog: line is not JSON: %q", line)
		}
		out.WriteString(eventShape(ev) + "\n")
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(out.String()), 0o644))
}

func eventShape(ev map[string]any) string {
	typ, _ := ev["type"].(string)
	s := typ
	switch typ {
	case "message_start", "message_end":
		m, _ := ev["message"].(map[string]any)
		s += " " + fmt.Sprint(m["role"])
	case "message_update":
		a, _ := ev["assistantMessageEvent"].(map[string]any)
		s += " " + fmt.Sprint(a["type"])
	case "tool_execution_start", "tool_execution_update", "tool_execution_end":
		s += " " + fmt.Sprint(ev["toolName"])
	case "response":
		s += fmt.Sprintf(" %v %v", ev["command"], ev["success"])
	case "extension_ui_request":
		s += " " + fmt.Sprint(ev["method"])
	}
	return s
}

var (
	padRE  = regexp.MustCompile(`\{\{pad (\d+)\}\}`)
	nestRE = regexp.MustCompile(`\{\{nest (\d+)\}\}`)
)

// cmdRPCDrive is `rpcdrive SCRIPT [PIGO-ARGS...]`: it runs `pigo
// PIGO-ARGS...` with its stdin kept open and follows SCRIPT, one step a
// line:
//
//	> JSON            write the line to pigo's stdin ({{pad N}} in it
//	                  becomes N "x" characters, for huge lines; {{nest N}}
//	                  N nested empty arrays)
//	raw TEXT          write TEXT (not checked) and "\n"
//	rawcr TEXT        write TEXT and "\r\n"
//	< REGEXP          wait (up to 60s) for a later stdout line matching REGEXP
//	ui METHOD JSON    answer every later dialog request of METHOD with JSON
//	                  (its "id" filled in); "none" leaves them unanswered
//	cp SRC DST        copy work file SRC to DST (directories made), while
//	                  pigo runs
//	rm PATH           delete work file PATH
//	close             close stdin (pigo shuts down at EOF)
//	# ...             comment
//
// After the script, stdin is closed and pigo awaited. pigo's stdout is the
// command's stdout (check it with stdout/cmp), its stderr goes to stderr;
// a non-zero exit fails the command.
func cmdRPCDrive(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: rpcdrive SCRIPT [PIGO-ARGS...]")
	}
	script := ts.ReadFile(args[0])
	self, err := os.Executable()
	ts.Check(err)
	cmd := exec.Command(self, args[1:]...)
	cmd.Args[0] = "pigo"
	cmd.Dir = ts.MkAbs(".")
	for _, k := range []string{"HOME", "PATH", "TMPDIR", "WORK", "PI_CODING_AGENT_DIR", "PI_CODING_AGENT_SESSION_DIR",
		"PI_OFFLINE", "PIGO_CACHE_DIR"} {
		if v := ts.Getenv(k); v != "" {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	stdin, err := cmd.StdinPipe()
	ts.Check(err)
	stdout, err := cmd.StdoutPipe()
	ts.Check(err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ts.Check(cmd.Start())

	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	var lines []string
	eof := false
	answers := map[string]string{}
	var writeMu sync.Mutex
	write := func(s string) {
		writeMu.Lock()
		defer writeMu.Unlock()
		_, _ = io.WriteString(stdin, s+"\n")
	}
	readerDone := make(chan struct{})
	go func() {
		defer close(readerDone)
		br := bufio.NewReaderSize(stdout, 1<<20)
		for {
			l, err := br.ReadString('\n')
			if l != "" {
				l = strings.TrimSuffix(l, "\n")
				var ev map[string]any
				_ = json.Unmarshal([]byte(l), &ev)
				mu.Lock()
				lines = append(lines, l)
				ans := answers[fmt.Sprint(ev["method"])]
				cond.Broadcast()
				mu.Unlock()
				if ev["type"] == "extension_ui_request" && ans != "" && ans != "none" {
					var a map[string]any
					_ = json.Unmarshal([]byte(ans), &a)
					a["type"], a["id"] = "extension_ui_response", ev["id"]
					b, _ := json.Marshal(a)
					write(string(b))
				}
			}
			if err != nil {
				mu.Lock()
				eof = true
				cond.Broadcast()
				mu.Unlock()
				return
			}
		}
	}()
	cursor := 0
	closed := false
	fail := func(format string, a ...any) {
		_ = stdin.Close()
		_ = cmd.Process.Kill()
		<-readerDone
		_ = cmd.Wait()
		mu.Lock()
		defer mu.Unlock()
		ts.Fatalf("rpcdrive: "+format+"\nstdout so far:\n%s\nstderr:\n%s", append(a, strings.Join(lines, "\n"), stderr.String())...)
	}
	for n, step := range strings.Split(script, "\n") {
		step = strings.TrimSpace(step)
		if step == "" || strings.HasPrefix(step, "#") {
			continue
		}
		verb, rest, _ := strings.Cut(step, " ")
		switch verb {
		case ">":
			rest = padRE.ReplaceAllStringFunc(rest, func(m string) string {
				k, _ := strconv.Atoi(padRE.FindStringSubmatch(m)[1])
				return strings.Repeat("x", k)
			})
			rest = nestRE.ReplaceAllStringFunc(rest, func(m string) string {
				k, _ := strconv.Atoi(nestRE.FindStringSubmatch(m)[1])
				return strings.Repeat("[", k) + strings.Repeat("]", k)
			})
			if _, err := jsjson.Unmarshal([]byte(rest)); err != nil {
				fail("line %d: not JSON: %s", n+1, rest)
			}
			write(rest)
		case "raw":
			write(rest)
		case "rawcr":
			write(rest + "\r")
		case "<":
			re, err := regexp.Compile(rest)
			if err != nil {
				fail("line %d: %v", n+1, err)
			}
			deadline := time.Now().Add(60 * time.Second)
			timer := time.AfterFunc(60*time.Second, func() { mu.Lock(); cond.Broadcast(); mu.Unlock() })
			mu.Lock()
			found := false
			for !found {
				for ; cursor < len(lines); cursor++ {
					if re.MatchString(lines[cursor]) {
						found = true
						cursor++
						break
					}
				}
				if found || eof || time.Now().After(deadline) {
					break
				}
				cond.Wait()
			}
			mu.Unlock()
			timer.Stop()
			if !found {
				fail("line %d: no stdout line matching %q", n+1, rest)
			}
		case "ui":
			method, ans, _ := strings.Cut(rest, " ")
			mu.Lock()
			answers[method] = ans
			mu.Unlock()
		case "cp":
			src, dst, _ := strings.Cut(rest, " ")
			dst = ts.MkAbs(dst)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				fail("line %d: %v", n+1, err)
			}
			if err := os.WriteFile(dst, []byte(ts.ReadFile(src)), 0o644); err != nil {
				fail("line %d: %v", n+1, err)
			}
		case "rm":
			if err := os.Remove(ts.MkAbs(rest)); err != nil {
				fail("line %d: %v", n+1, err)
			}
		case "close":
			_ = stdin.Close()
			closed = true
		default:
			fail("line %d: unknown step %q", n+1, step)
		}
	}
	if !closed {
		_ = stdin.Close()
	}
	waited := make(chan error, 1)
	go func() { <-readerDone; waited <- cmd.Wait() }()
	var werr error
	select {
	case werr = <-waited:
	case <-time.After(60 * time.Second):
		fail("pigo did not exit after stdin closed")
	}
	mu.Lock()
	out := strings.Join(lines, "\n")
	mu.Unlock()
	if out != "" {
		out += "\n"
	}
	_, _ = io.WriteString(ts.Stdout(), out)
	_, _ = io.WriteString(ts.Stderr(), stderr.String())
	if (werr != nil) != neg {
		ts.Fatalf("rpcdrive: pigo exit: %v (want failure: %v)\nstderr:\n%s", werr, neg, stderr.String())
	}
}
