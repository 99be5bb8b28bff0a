package session_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/session"
)

// helperEnv makes the test binary run TestHelperProcess as a session
// writer instead of the tests.
const helperEnv = "PIGO_SESSION_HELPER_DIR"

// TestHelperProcess is the child of TestKill9LosesNothingAcknowledged: it
// creates a session in $PIGO_SESSION_HELPER_DIR, prints "path <file>",
// then appends custom entries forever, printing "ack <id>" after each
// Commit returned.
func TestHelperProcess(t *testing.T) {
	dir := os.Getenv(helperEnv)
	if dir == "" {
		t.Skip("helper process for TestKill9LosesNothingAcknowledged")
	}
	tr, err := session.Create(dir, "/w", session.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stdout, "path %s\n", tr.Path())
	for _, e := range []session.Entry{msgEntry(userMsg("go")), msgEntry(assistantMsg("ok"))} {
		s, err := tr.Commit(e)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stdout, "ack %s\n", s["id"])
	}
	for i := 0; ; i++ {
		pad := strings.Repeat("x", rand.IntN(8<<10))
		s, err := tr.Commit(session.Entry{"type": "custom", "customType": "n", "data": map[string]any{"i": i, "pad": pad}})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stdout, "ack %s\n", s["id"])
	}
}

// TestKill9LosesNothingAcknowledged kills a writing child with SIGKILL at
// random moments: every entry whose Commit returned is in the file, at
// most the one being written is missing, and the file opens without error
// and accepts further appends.
func TestKill9LosesNothingAcknowledged(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs SIGKILL")
	}
	t.Parallel()
	ackLine := regexp.MustCompile(`^ack ([0-9a-f]{8})$`)
	stats := map[string]int{}
	for round := range 20 {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), helperEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill after a random number of acknowledgements (round 0: at
		// once, likely before the file exists) plus a random delay.
		killAfter := 0
		if round > 0 {
			killAfter = rand.IntN(60)
		}
		delay := time.Duration(rand.IntN(2000)) * time.Microsecond
		lines := make(chan string)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
		}()
		var acked []string
		path := ""
		deadline := time.After(30 * time.Second)
		var once sync.Once
		kill := func() { once.Do(func() { _ = cmd.Process.Signal(syscall.SIGKILL) }) }
		if killAfter == 0 {
			time.AfterFunc(delay, kill)
		}
	read:
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					break read
				}
				if p, ok := strings.CutPrefix(l, "path "); ok {
					path = p
				} else if m := ackLine.FindStringSubmatch(l); m != nil {
					acked = append(acked, m[1])
					if len(acked) == killAfter {
						time.AfterFunc(delay, kill)
					}
				}
			case <-deadline:
				kill()
				t.Fatalf("round %d: child did not reach %d acks in time; stderr: %s", round, killAfter, stderr.String())
			}
		}
		err = cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("round %d: child ended with %v, not by SIGKILL; stderr: %s", round, err, stderr.String())
		}
		stats[checkKilledSession(t, round, path, acked)]++
	}
	t.Logf("outcomes over 20 kills: %v", stats)
}

// checkKilledSession checks the file left by a killed child and says
// what the kill hit.
func checkKilledSession(t *testing.T, round int, path string, acked []string) string {
	t.Helper()
	if path == "" {
		if len(acked) > 0 {
			t.Fatalf("round %d: acks without a path", round)
		}
		return "before start"
	}
	if _, err := os.Stat(path); os.IsNotExist(err) {
		// Killed before the first assistant message was acknowledged.
		if len(acked) >= 2 {
			t.Fatalf("round %d: %d acks but no file", round, len(acked))
		}
		return "before the file"
	}
	tr, warns, err := session.Open(path, session.Options{})
	if err != nil {
		t.Fatalf("round %d: open after kill: %v", round, err)
	}
	if len(warns) > 1 || len(warns) == 1 && !strings.Contains(warns[0].Text, "torn") {
		t.Fatalf("round %d: warnings %v", round, warns)
	}
	entries := tr.Entries()
	for i, a := range acked {
		if i >= len(entries) || id(entries[i]) != a {
			t.Fatalf("round %d: acknowledged entry %d (%s) missing; file has %d entries", round, i, a, len(entries))
		}
	}
	if len(entries) > len(acked)+1 {
		t.Fatalf("round %d: %d entries for %d acks", round, len(entries), len(acked))
	}
	// Chain intact, and the file takes further appends.
	for i := 1; i < len(entries); i++ {
		if entries[i]["parentId"] != id(entries[i-1]) {
			t.Fatalf("round %d: entry %d parent %v", round, i, entries[i]["parentId"])
		}
	}
	e := mustCommit(t, tr, session.Entry{"type": "custom", "customType": "after-kill"})
	tr.Close()
	again, warns2, err := session.Open(path, session.Options{})
	if err != nil || len(warns2) != len(warns) {
		t.Fatalf("round %d: reopen: %v %v", round, err, warns2)
	}
	defer again.Close()
	if again.LeafID() != id(e) || len(again.Entries()) != len(entries)+1 {
		t.Fatalf("round %d: append after kill not read back", round)
	}
	if tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.jsonl")); len(tmp) != 1 {
		t.Fatalf("round %d: session dir holds %v", round, tmp)
	}
	switch {
	case len(warns) == 1:
		return "torn last line"
	case len(entries) > len(acked):
		return "written, not acknowledged"
	}
	return "between appends"
}
