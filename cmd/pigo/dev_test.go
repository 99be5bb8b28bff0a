package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// Helpers for the `pigo dev` scripts (testdata/script/dev_*.txtar). A
// script starts `exec pigo dev --no-stdin ... &dev&` with PIGO_TEE set,
// edits files with cp, and waits for output lines with waitfor:
//
//	env PIGO_TEE=dev.out
//	exec pigo dev --no-stdin -e ext.ts &dev&
//	waitfor dev.out '^ready'
//	cp v2.ts ext.ts
//	waitfor dev.out '^reload ext gen [0-9]+ ok'
//	kill -INT dev
//	wait dev
//
// testscript buffers a background command's stdout in memory and reading
// that buffer while the command runs would race, so the in-process pigo
// copies its stdout to the file named by $PIGO_TEE and waitfor polls that.

// pigoMain is the `pigo` program of the scripts: mainExit, with stdout also
// copied to $PIGO_TEE when set.
func pigoMain() int {
	tee := os.Getenv("PIGO_TEE")
	if tee == "" {
		return mainExit()
	}
	f, err := os.OpenFile(tee, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "PIGO_TEE:", err)
		return 1
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "PIGO_TEE:", err)
		return 1
	}
	stdout := os.Stdout
	os.Stdout = w
	copied := make(chan struct{})
	go func() {
		defer close(copied)
		_, _ = io.Copy(io.MultiWriter(stdout, f), r)
	}()
	code := mainExit()
	_ = w.Close()
	<-copied
	os.Stdout = stdout
	return code
}

// cmdWaitfor implements `waitfor [-timeout=DUR] [-count=N] FILE REGEXP`:
// it polls FILE until REGEXP (multi-line mode: ^ and $ match at line
// boundaries) matches at least N times (default 1), and fails the script
// with FILE's content after DUR (default 60s, for -race on a loaded machine).
func cmdWaitfor(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! waitfor")
	}
	timeout, count := 60*time.Second, 1
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		k, v, _ := strings.Cut(args[0], "=")
		var err error
		switch k {
		case "-timeout":
			timeout, err = time.ParseDuration(v)
		case "-count":
			count, err = strconv.Atoi(v)
		default:
			err = fmt.Errorf("unknown flag %s", k)
		}
		ts.Check(err)
		args = args[1:]
	}
	if len(args) != 2 {
		ts.Fatalf("usage: waitfor [-timeout=DUR] [-count=N] FILE REGEXP")
	}
	file := ts.MkAbs(args[0])
	re, err := regexp.Compile("(?m)" + args[1])
	ts.Check(err)
	end := time.Now().Add(timeout)
	for {
		data, _ := os.ReadFile(file)
		if len(re.FindAllIndex(data, -1)) >= count {
			return
		}
		if time.Now().After(end) {
			ts.Fatalf("waitfor: %q not seen %d time(s) in %s within %v; it has:\n%s", args[1], count, args[0], timeout, data)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
