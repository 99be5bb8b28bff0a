package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
)

// streamExt counts message_update events (and the text their deltas
// carry), stamps the first and the last with Date.now(), and reports at
// agent_end through a notify (an extension_ui_request on stdout).
const streamExt = `export default function (pi: any) {
  let n = 0, first = 0, last = 0, chars = 0;
  pi.on("agent_start", () => { n = 0; first = 0; last = 0; chars = 0; });
  pi.on("message_update", (e: any) => {
    const now = Date.now();
    if (n === 0) first = now;
    last = now;
    n++;
    const ev = e.assistantMessageEvent;
    if (ev && ev.type === "text_delta") chars += ev.delta.length;
  });
  pi.on("agent_end", (_e: any, ctx: any) => {
    ctx.ui.notify("bench-stream " + n + " " + first + " " + last + " " + chars, "info");
  });
}
`

type streamSample struct {
	clientRate   float64       // message_update lines per second at the client
	listenerRate float64       // message_update events per second at the listener
	backlog      time.Duration // the mock's last byte → agent_end at the client
	serverTime   time.Duration // the mock's first → last byte
	total        time.Duration // prompt written → agent_end
	clientN      int
	clientBytes  int64 // message_update lines' size
	listenerN    int
	chars        int
	rss          int64
}

// stream measures message_update throughput (see the package doc).
func (b *bench) stream(t *table) error {
	ext := filepath.Join(b.work, "stream.ts")
	if err := os.WriteFile(ext, []byte(streamExt), 0o644); err != nil {
		return err
	}
	deltas := make([]string, b.deltas)
	text := 0
	for i := range deltas {
		deltas[i] = "tok" + strconv.Itoa(i%1000) + " "
		text += len(deltas[i])
	}
	b.llm.reply(deltas)
	b.phase = "stream"
	samples := map[string][]streamSample{}
	err := b.each(func(s *side) error {
		x, err := b.streamRun(s, ext)
		if err != nil {
			return err
		}
		if x.listenerN != x.clientN || x.chars != text {
			return fmt.Errorf("listener saw %d events and %d chars, the client %d events; the reply has %d chars",
				x.listenerN, x.chars, x.clientN, text)
		}
		samples[s.name] = append(samples[s.name], x)
		return nil
	})
	if err != nil {
		return err
	}
	med := func(name string, f func(streamSample) float64) float64 {
		var xs []float64
		for _, x := range samples[name] {
			xs = append(xs, f(x))
		}
		return benchkit.Median(xs)
	}
	add := func(metric, unit string, f func(streamSample) float64) {
		t.add(fmt.Sprintf("stream: %d deltas, message_update listener", b.deltas), metric, unit, med("pigo", f), med("pi", f))
	}
	add("message_update events/s at the RPC client", "/s", func(x streamSample) float64 { return x.clientRate })
	add("message_update events/s at the listener", "/s", func(x streamSample) float64 { return x.listenerRate })
	add("message_update JSON on stdout (each carries the partial message twice)", "MB",
		func(x streamSample) float64 { return benchkit.MB(x.clientBytes) })
	add("mock streaming time (first → last byte)", "ms", func(x streamSample) float64 { return benchkit.MS(x.serverTime) })
	add("backlog: mock's last byte → agent_end", "ms", func(x streamSample) float64 { return benchkit.MS(x.backlog) })
	add("prompt → agent_end", "ms", func(x streamSample) float64 { return benchkit.MS(x.total) })
	add("peak RSS", "MB", func(x streamSample) float64 { return benchkit.MB(x.rss) })
	return nil
}

func (b *bench) streamRun(s *side, ext string) (x streamSample, err error) {
	p, err := b.start(s, "--no-session", "-e", ext)
	if err != nil {
		return x, err
	}
	defer func() {
		if err != nil {
			_ = p.Stop()
			err = fmt.Errorf("%w; stderr: %s", err, tail(p.Stderr()))
		}
	}()
	kill := time.AfterFunc(3*time.Minute, func() { _ = p.Cmd.Process.Kill() })
	defer kill.Stop()
	c := p.RPC
	if _, err := c.Call(map[string]any{"type": "get_state"}); err != nil {
		return x, fmt.Errorf("get_state: %w", err)
	}
	b.llm.take()
	sent := time.Now()
	id, err := c.Send(map[string]any{"type": "prompt", "message": "stream"})
	if err != nil {
		return x, err
	}
	var first, last, end time.Time
	reported := false
	var listener [4]int64
	for end.IsZero() || !reported {
		line, at, err := c.Next()
		if err != nil {
			return x, err
		}
		switch benchkit.RecordType(line) {
		case "message_update":
			if first.IsZero() {
				first = at
			}
			last = at
			x.clientN++
			x.clientBytes += int64(len(line)) + 1
		case "agent_end":
			end = at
		case "response":
			var r struct {
				ID      string `json:"id"`
				Success bool   `json:"success"`
				Error   string `json:"error"`
			}
			if json.Unmarshal(line, &r) == nil && r.ID == id && !r.Success {
				return x, fmt.Errorf("prompt: %s", r.Error)
			}
		case "extension_ui_request":
			var r struct {
				Message string `json:"message"`
			}
			if json.Unmarshal(line, &r) != nil {
				continue
			}
			if rest, ok := strings.CutPrefix(r.Message, "bench-stream "); ok {
				for i, f := range strings.Fields(rest) {
					if i < len(listener) {
						listener[i], _ = strconv.ParseInt(f, 10, 64)
					}
				}
				reported = true
			}
		}
	}
	reqs := b.llm.take()
	x.rss = b.stop(s, p)
	if len(reqs) != 1 {
		return x, fmt.Errorf("%d requests reached the mock, want 1", len(reqs))
	}
	x.listenerN, x.chars = int(listener[0]), int(listener[3])
	x.clientRate = float64(x.clientN-1) / last.Sub(first).Seconds()
	x.listenerRate = float64(x.listenerN-1) / (float64(listener[2]-listener[1]) / 1000)
	x.backlog = end.Sub(reqs[0].lastByte)
	x.serverTime = reqs[0].lastByte.Sub(reqs[0].firstByte)
	x.total = end.Sub(sent)
	return x, nil
}

// tail is the end of a process's stderr, for error messages.
func tail(s string) string {
	if len(s) > 2000 {
		s = "..." + s[len(s)-2000:]
	}
	return strings.TrimSpace(s)
}
