package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
)

type openSample struct {
	state    time.Duration // exec → get_state answered
	messages time.Duration // exec → get_messages answered (sent once get_state is)
	rssOpen  int64         // peak RSS when get_state was answered
	rss      int64         // peak RSS at the end
}

// open measures resuming a large session (see the package doc).
func (b *bench) open(t *table) error {
	src := filepath.Join(b.tmp, "open-src.jsonl")
	msgs, size, err := writeSession(src, b.work, b.entries, 0)
	if err != nil {
		return err
	}
	file := filepath.Join(b.tmp, "open.jsonl")
	withSession := map[string][]openSample{}
	without := map[string][]openSample{}
	err = b.each(func(s *side) error {
		if err := copyFile(src, file); err != nil {
			return err
		}
		b.phase = "open-session"
		x, err := b.openRun(s, msgs, "--session", file)
		if err != nil {
			return fmt.Errorf("--session: %w", err)
		}
		withSession[s.name] = append(withSession[s.name], x)
		b.phase = "open-nosession"
		x, err = b.openRun(s, 0, "--no-session")
		if err != nil {
			return fmt.Errorf("--no-session: %w", err)
		}
		without[s.name] = append(without[s.name], x)
		return nil
	})
	if err != nil {
		return err
	}
	med := func(m map[string][]openSample, name string, f func(openSample) float64) float64 {
		var xs []float64
		for _, x := range m[name] {
			xs = append(xs, f(x))
		}
		return benchkit.Median(xs)
	}
	state := func(x openSample) float64 { return benchkit.MS(x.state) }
	all := func(x openSample) float64 { return benchkit.MS(x.messages) }
	rss := func(x openSample) float64 { return benchkit.MB(x.rss) }
	sc := fmt.Sprintf("open: --session, %d entries (%.1f MB)", b.entries, benchkit.MB(size))
	add := func(metric, unit string, m map[string][]openSample, f func(openSample) float64) {
		t.add(sc, metric, unit, med(m, "pigo", f), med(m, "pi", f))
	}
	add("exec → get_state answered", "ms", withSession, state)
	add(fmt.Sprintf("exec → get_messages answered (%d messages)", msgs), "ms", withSession, all)
	add("start-up alone: --no-session, get_state answered", "ms", without, state)
	diff := func(metric string, a, b map[string][]openSample, fa, fb func(openSample) float64) {
		t.add(sc, metric, "ms", med(a, "pigo", fa)-med(b, "pigo", fb), med(a, "pi", fa)-med(b, "pi", fb))
	}
	diff("  open: get_state − start-up alone", withSession, without, state, state)
	diff("  get_messages − get_state (encoding every message)", withSession, withSession, all, state)
	add("peak RSS when get_state is answered", "MB", withSession, func(x openSample) float64 { return benchkit.MB(x.rssOpen) })
	add("peak RSS after get_messages", "MB", withSession, rss)
	add("peak RSS, --no-session", "MB", without, rss)
	return nil
}

// openRun starts s with args, sends get_state at once (both buffer
// commands until ready), then get_messages, and times their answers;
// get_messages must list want messages.
func (b *bench) openRun(s *side, want int, args ...string) (x openSample, err error) {
	p, err := b.start(s, args...)
	if err != nil {
		return x, err
	}
	defer func() {
		if err != nil {
			_ = p.Stop()
			err = fmt.Errorf("%w; stderr: %s", err, tail(p.Stderr()))
		}
	}()
	kill := time.AfterFunc(2*time.Minute, func() { _ = p.Cmd.Process.Kill() })
	defer kill.Stop()
	c := p.RPC
	id, err := c.Send(map[string]any{"type": "get_state"})
	if err != nil {
		return x, err
	}
	_, at, err := c.Wait(id)
	if err != nil {
		return x, fmt.Errorf("get_state: %w", err)
	}
	x.state = at.Sub(p.Started)
	x.rssOpen = benchkit.VmHWM(p.Cmd.Process.Pid)
	if id, err = c.Send(map[string]any{"type": "get_messages"}); err != nil {
		return x, err
	}
	data, at, err := c.Wait(id)
	if err != nil {
		return x, fmt.Errorf("get_messages: %w", err)
	}
	x.messages = at.Sub(p.Started)
	x.rss = b.stop(s, p)
	var d struct {
		Messages []json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		return x, err
	}
	if len(d.Messages) != want {
		return x, fmt.Errorf("get_messages listed %d messages, want %d", len(d.Messages), want)
	}
	return x, nil
}
