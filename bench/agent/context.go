package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
)

// contextExts are the context-hook configurations, each against the same
// session; "none" loads no extension.
var contextExts = []struct{ name, label, src string }{
	{"none", "no extension", ""},
	{"noop", "context listener returning nothing", `export default function (pi: any) {
  let n = 0;
  pi.on("context", (e: any) => { n += e.messages.length; });
}
`},
	// Drops tool results except those among the last 20 messages (the
	// provider conversion answers the orphaned tool calls, in both).
	{"filter", "context filter dropping old tool results", `export default function (pi: any) {
  pi.on("context", (e: any) => {
    const keepFrom = e.messages.length - 20;
    return { messages: e.messages.filter((m: any, i: number) => m.role !== "toolResult" || i >= keepFrom) };
  });
}
`},
}

type contextSample struct {
	latency []time.Duration // per turn: prompt written → request complete at the mock
	bytes   int             // body size of the last request
	rss     int64
}

// context measures the context hook's cost per turn (see the package doc).
func (b *bench) context(t *table) error {
	src := filepath.Join(b.tmp, "context-src.jsonl")
	msgs, size, err := writeSession(src, b.work, 0, b.historyBytes)
	if err != nil {
		return err
	}
	b.llm.reply([]string{"ok"})
	sc := fmt.Sprintf("context: --session, %d messages (%.1f MB), %d turns", msgs, benchkit.MB(size), b.turns)
	exts := make([][]string, len(contextExts))
	for i, cx := range contextExts {
		if cx.src == "" {
			continue
		}
		p := filepath.Join(b.work, "context-"+cx.name+".ts")
		if err := os.WriteFile(p, []byte(cx.src), 0o644); err != nil {
			return err
		}
		exts[i] = []string{"-e", p}
	}
	// Configurations interleave within each run (and sides within each
	// configuration), so a burst of load on the shared machine spreads
	// over all of them.
	samples := map[string][]contextSample{} // by configuration/side
	file := filepath.Join(b.tmp, "context.jsonl")
	for range b.runs {
		for i, cx := range contextExts {
			b.phase = "context-" + cx.name
			for _, s := range b.sides {
				if err := copyFile(src, file); err != nil {
					return err
				}
				x, err := b.contextRun(s, append([]string{"--session", file}, exts[i]...))
				if err != nil {
					return fmt.Errorf("%s: %s: %w", cx.name, s.name, err)
				}
				samples[cx.name+"/"+s.name] = append(samples[cx.name+"/"+s.name], x)
			}
		}
	}
	lat := map[string]float64{}
	for _, cx := range contextExts {
		med := map[string]float64{}
		rss := map[string]float64{}
		reqKB := map[string]float64{}
		for _, s := range b.sides {
			var ls, rs []float64
			xs := samples[cx.name+"/"+s.name]
			for _, x := range xs {
				for _, l := range x.latency {
					ls = append(ls, benchkit.MS(l))
				}
				rs = append(rs, benchkit.MB(x.rss))
			}
			med[s.name], rss[s.name] = benchkit.Median(ls), benchkit.Median(rs)
			reqKB[s.name] = float64(xs[len(xs)-1].bytes) / 1024
			lat[cx.name+"/"+s.name] = med[s.name]
		}
		t.add(sc, "prompt → request at the mock, "+cx.label, "ms", med["pigo"], med["pi"])
		if cx.name != "none" {
			t.add(sc, "  minus the no-extension baseline", "ms", med["pigo"]-lat["none/pigo"], med["pi"]-lat["none/pi"])
		}
		t.add(sc, "  request body (last turn)", "KB", reqKB["pigo"], reqKB["pi"])
		t.add(sc, "  peak RSS", "MB", rss["pigo"], rss["pi"])
	}
	return nil
}

// contextRun resumes the session, then sends b.turns prompts one after
// the other, each answered "ok" by the mock.
func (b *bench) contextRun(s *side, args []string) (x contextSample, err error) {
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
	kill := time.AfterFunc(3*time.Minute, func() { _ = p.Cmd.Process.Kill() })
	defer kill.Stop()
	c := p.RPC
	if _, err := c.Call(map[string]any{"type": "get_state"}); err != nil {
		return x, fmt.Errorf("get_state: %w", err)
	}
	b.llm.take()
	for turn := range b.turns {
		sent := time.Now()
		id, err := c.Send(map[string]any{"type": "prompt", "message": fmt.Sprintf("turn %d: carry on with the refactor", turn)})
		if err != nil {
			return x, err
		}
		for done := false; !done; {
			line, _, err := c.Next()
			if err != nil {
				return x, err
			}
			switch benchkit.RecordType(line) {
			case "agent_end":
				done = true
			case "response":
				var r struct {
					ID      string `json:"id"`
					Success bool   `json:"success"`
					Error   string `json:"error"`
				}
				if json.Unmarshal(line, &r) == nil && r.ID == id && !r.Success {
					return x, fmt.Errorf("prompt: %s", r.Error)
				}
			}
		}
		reqs := b.llm.take()
		if len(reqs) != 1 {
			return x, fmt.Errorf("turn %d: %d requests reached the mock, want 1", turn, len(reqs))
		}
		x.latency = append(x.latency, reqs[0].received.Sub(sent))
		x.bytes = reqs[0].bodyBytes
	}
	x.rss = b.stop(s, p)
	return x, nil
}
