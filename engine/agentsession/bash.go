package agentsession

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/pigo-dev/pigo/engine/agent"
)

// The RPC bash command is pi's AgentSession.executeBash: the command runs
// with `bash -c` in the session's directory (settings shellPath and
// shellCommandPrefix apply), stdout and stderr together; the output is
// stripped of ANSI sequences, carriage returns and control characters,
// tail-truncated to 2000 lines / 50 KB (the whole output then goes to a
// temp file, fullOutputPath), and stored as a bashExecution message, which
// the model sees with the next prompt. abort_bash kills the process group.

const (
	bashMaxLines = 2000
	bashMaxBytes = 50 * 1024
)

func (s *rpcServer) bash(c *rpcCommand) (any, bool, error) {
	command, err := c.str("command", "length")
	if err != nil {
		return nil, false, err
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(s.rt.baseCtx))
	defer cancel()
	s.bashMu.Lock()
	s.bashCancel = cancel
	s.bashMu.Unlock()
	defer func() {
		s.bashMu.Lock()
		s.bashCancel = nil
		s.bashMu.Unlock()
	}()
	// pi 1.6 streams the output as bash_execution_update events carrying
	// the command's id.
	onChunk := func(delta string) {
		s.out.Write(ordered{{"type", "bash_execution_update"}, {"id", c.id}, {"delta", delta}})
	}
	res, err := s.rt.executeBash(ctx, command, onChunk)
	if err != nil {
		return nil, false, err
	}
	msg := agent.Message{"role": "bashExecution", "command": command, "output": res.output, "cancelled": res.cancelled,
		"truncated": res.truncated, "timestamp": float64(time.Now().UnixMilli())}
	if res.exitCode != nil {
		msg["exitCode"] = float64(*res.exitCode)
	}
	if res.fullOutputPath != "" {
		msg["fullOutputPath"] = res.fullOutputPath
	}
	// pi 1.6: stored in the session, left out of the model's context
	// (the interactive mode's !!cmd).
	if ex, _ := c.raw["excludeFromContext"].(bool); ex {
		msg["excludeFromContext"] = true
	}
	s.rt.addBashMessage(msg)
	var exit any = omitted
	if res.exitCode != nil {
		exit = *res.exitCode
	}
	return ordered{{"output", res.output}, {"exitCode", exit}, {"cancelled", res.cancelled}, {"truncated", res.truncated},
		{"fullOutputPath", orOmitted(res.fullOutputPath)}}, true, nil
}

func (s *rpcServer) abortBash(*rpcCommand) (any, bool, error) {
	s.abortRunningBash()
	return nil, false, nil
}

func (s *rpcServer) abortRunningBash() {
	s.bashMu.Lock()
	cancel := s.bashCancel
	s.bashMu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// bashResult is pi's BashResult.
type bashResult struct {
	output         string
	exitCode       *int // nil when killed or cancelled
	cancelled      bool
	truncated      bool
	fullOutputPath string
}

// executeBash runs command and collects pi's BashResult.
// onChunk, when set, gets each piece of sanitized output as it arrives.
func (rt *agentRuntime) executeBash(ctx context.Context, command string, onChunk func(string)) (bashResult, error) {
	shell := rt.settings.str("shellPath")
	if shell == "" {
		shell = "bash"
	}
	if prefix := rt.settings.str("shellCommandPrefix"); prefix != "" {
		command = prefix + "\n" + command
	}
	cmd := exec.Command(shell, "-c", command)
	cmd.Dir = rt.tree().Cwd()
	cmd.Env = rt.io.Environ
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	r, w := io.Pipe()
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		return bashResult{}, err
	}
	collected := make(chan *bashOutput, 1)
	go func() {
		o := &bashOutput{fs: rt.io.FS, tmpDir: rt.tmpDir(), onChunk: onChunk}
		o.read(r)
		collected <- o
	}()
	waited := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		_ = w.Close()
		waited <- err
	}()
	var werr error
	cancelled := false
	select {
	case werr = <-waited:
	case <-ctx.Done():
		cancelled = true
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		werr = <-waited
	}
	o := <-collected
	res := bashResult{cancelled: cancelled}
	full := o.text()
	res.output, res.truncated = truncateTail(full)
	if res.truncated {
		o.ensureFile()
	}
	res.fullOutputPath = o.close()
	if !cancelled {
		var ee *exec.ExitError
		switch {
		case werr == nil:
			code := 0
			res.exitCode = &code
		case errors.As(werr, &ee) && ee.ExitCode() >= 0:
			code := ee.ExitCode()
			res.exitCode = &code
		}
	}
	return res, nil
}

func (rt *agentRuntime) tmpDir() string {
	if d := rt.io.Getenv("TMPDIR"); d != "" {
		return d
	}
	return "/tmp"
}

// bashOutput keeps a rolling window of the sanitized output and, past
// 50 KB, writes all of it to a temp file (pi's executeBashWithOperations).
type bashOutput struct {
	fs     FS
	tmpDir string
	chunks []string
	size   int
	total  int
	file   io.WriteCloser
	path   string
	// onChunk, when set, gets each non-empty sanitized piece.
	onChunk func(string)
}

func (o *bashOutput) read(r io.Reader) {
	buf := make([]byte, 32<<10)
	var carry []byte
	for {
		n, err := r.Read(buf)
		if n > 0 {
			data := append(carry, buf[:n]...)
			carry = nil
			// Keep an incomplete UTF-8 sequence for the next read.
			cut := len(data)
			for i := len(data) - 1; i >= 0 && i >= len(data)-3; i-- {
				if utf8.RuneStart(data[i]) {
					if !utf8.FullRune(data[i:]) {
						cut = i
					}
					break
				}
			}
			carry = append(carry, data[cut:]...)
			o.add(data[:cut])
		}
		if err != nil {
			if len(carry) > 0 {
				o.add(carry)
			}
			return
		}
	}
}

func (o *bashOutput) add(b []byte) {
	o.total += len(b)
	text := sanitizeOutput(strings.ToValidUTF8(string(b), "\uFFFD"))
	if o.total > bashMaxBytes {
		o.ensureFile()
	}
	if o.file != nil {
		_, _ = io.WriteString(o.file, text)
	}
	o.chunks = append(o.chunks, text)
	o.size += len(text)
	for o.size > 2*bashMaxBytes && len(o.chunks) > 1 {
		o.size -= len(o.chunks[0])
		o.chunks = o.chunks[1:]
	}
	if o.onChunk != nil && text != "" {
		o.onChunk(text)
	}
}

func (o *bashOutput) ensureFile() {
	if o.file != nil || o.path != "" {
		return
	}
	var id [8]byte
	_, _ = rand.Read(id[:])
	p := filepath.Join(o.tmpDir, "pi-bash-"+hex.EncodeToString(id[:])+".log")
	f, err := o.fs.Create(p)
	if err != nil {
		return
	}
	o.file, o.path = f, p
	for _, c := range o.chunks {
		_, _ = io.WriteString(f, c)
	}
}

func (o *bashOutput) text() string { return strings.Join(o.chunks, "") }

func (o *bashOutput) close() string {
	if o.file != nil {
		_ = o.file.Close()
		o.file = nil
	}
	return o.path
}

// ansiRE is the ansi-regex pattern strip-ansi uses.
var ansiRE = regexp.MustCompile(`[\x{001B}\x{009B}][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\x{0007})|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-nq-uy=><~]))`)

// sanitizeOutput is strip-ansi, then pi's sanitizeBinaryOutput (control
// characters other than tab and newline, and U+FFF9-U+FFFB, removed),
// then carriage returns removed.
func sanitizeOutput(s string) string {
	s = ansiRE.ReplaceAllString(s, "")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n':
			return r
		case r <= 0x1f:
			return -1
		case r >= 0xfff9 && r <= 0xfffb:
			return -1
		}
		return r
	}, s)
}

// truncateTail is pi's truncateTail with the default limits: the last
// 2000 lines and at most 50 KB, a partial first line when one line alone
// is too long.
func truncateTail(content string) (string, bool) {
	lines := strings.Split(content, "\n")
	if len(lines) <= bashMaxLines && len(content) <= bashMaxBytes {
		return content, false
	}
	var out []string
	size := 0
	for i := len(lines) - 1; i >= 0 && len(out) < bashMaxLines; i-- {
		l := lines[i]
		n := len(l)
		if len(out) > 0 {
			n++
		}
		if size+n > bashMaxBytes {
			if len(out) == 0 {
				b := []byte(l)
				start := len(b) - bashMaxBytes
				for start < len(b) && !utf8.RuneStart(b[start]) {
					start++
				}
				out = append(out, string(b[start:]))
			}
			break
		}
		out = append([]string{l}, out...)
		size += n
	}
	return strings.Join(out, "\n"), true
}
