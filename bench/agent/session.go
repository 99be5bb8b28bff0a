package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"time"
)

// writeSession writes a valid pi v3 session file: the header, a
// model_change (mock/mock-1), a thinking_level_change, then message
// entries in the shape of a coding session: a user request, assistant
// turns that call a tool ("read", "bash", "grep") each followed by the
// tool result (file contents, command output), and a closing assistant
// answer. Sizes are drawn from fixed ranges (a seeded generator, so every
// run writes the same file): user 100-400 chars, assistant text 50-300,
// tool results 300-2,500 (a source file or a log), the answer 200-800.
//
// It stops after `entries` entries (the header not counted) when entries
// > 0, or else at the first complete exchange once the file reaches
// minBytes. Every exchange ends with an assistant message, so the leaf
// is an assistant message either way (entries counts setup entries too:
// 10,000 means 2 + 9,998 messages). It returns the message count and the
// file size.
func writeSession(path, cwd string, entries int, minBytes int64) (messages int, size int64, err error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	g := &sessionGen{rnd: rand.New(rand.NewPCG(1, 2)), clock: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	write := func(v any) {
		b, _ := json.Marshal(v)
		size += int64(len(b)) + 1
		w.Write(b)
		w.WriteByte('\n')
	}
	write(ordered{{"type", "session"}, {"version", 3}, {"id", "0196a1b2-0000-7000-8000-000000000001"},
		{"timestamp", g.iso()}, {"cwd", cwd}})
	write(g.entry("model_change", ordered{{"provider", "mock"}, {"modelId", "mock-1"}}))
	write(g.entry("thinking_level_change", ordered{{"thinkingLevel", "off"}}))
	left := entries - 2
	for {
		if entries > 0 && left < 2 || entries <= 0 && size >= minBytes {
			break
		}
		// One exchange: user, (assistant tool call, tool result) x k, answer.
		k := 2
		if entries > 0 {
			k = min(k, (left-2)/2)
		}
		write(g.message(g.user()))
		for range k {
			call := g.toolCall()
			write(g.message(g.assistantCall(call)))
			write(g.message(g.toolResult(call)))
		}
		write(g.message(g.answer()))
		messages += 2 + 2*k
		left -= 2 + 2*k
	}
	if err := w.Flush(); err != nil {
		return 0, 0, err
	}
	return messages, size, f.Close()
}

// ordered is a JSON object with its keys in pi's order.
type ordered []kv

type kv struct {
	k string
	v any
}

func (o ordered) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, p := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p.k)
		v, err := json.Marshal(p.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

type sessionGen struct {
	rnd    *rand.Rand
	clock  time.Time
	n      int    // entries so far
	parent string // the previous entry's id
	calls  int
}

func (g *sessionGen) tick() time.Time {
	g.clock = g.clock.Add(time.Duration(500+g.rnd.IntN(4000)) * time.Millisecond)
	return g.clock
}

func (g *sessionGen) iso() string { return g.tick().Format("2006-01-02T15:04:05.000Z") }

func (g *sessionGen) ms() int64 { return g.clock.UnixMilli() }

// entry is a tree entry: type, id, parentId, timestamp, then fields.
func (g *sessionGen) entry(typ string, fields ordered) ordered {
	g.n++
	id := fmt.Sprintf("%08x", 0x10000000+g.n*7919)
	var parent any
	if g.parent != "" {
		parent = g.parent
	}
	g.parent = id
	return append(ordered{{"type", typ}, {"id", id}, {"parentId", parent}, {"timestamp", g.iso()}}, fields...)
}

func (g *sessionGen) message(m ordered) ordered { return g.entry("message", ordered{{"message", m}}) }

var words = strings.Fields(`the a function returns error when value is nil check test file package handler request
	session entry tool result message context model stream event listener parse write read config option build
	update fix refactor add remove rename move split merge loop buffer cache index slice map string bytes line`)

func (g *sessionGen) prose(minChars, maxChars int) string {
	n := minChars + g.rnd.IntN(maxChars-minChars+1)
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[g.rnd.IntN(len(words))])
	}
	return b.String() + "."
}

// code is tool output: numbered source-like lines.
func (g *sessionGen) code(minChars, maxChars int) string {
	n := minChars + g.rnd.IntN(maxChars-minChars+1)
	var b strings.Builder
	for i := 1; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%4d\t", i)
		switch g.rnd.IntN(4) {
		case 0:
			fmt.Fprintf(&b, "func %s%d(ctx context.Context, %s string) error {\n", words[g.rnd.IntN(len(words))], i, words[g.rnd.IntN(len(words))])
		case 1:
			fmt.Fprintf(&b, "\tif err := %s(%q); err != nil {\n", words[g.rnd.IntN(len(words))], words[g.rnd.IntN(len(words))])
		case 2:
			fmt.Fprintf(&b, "\t\treturn fmt.Errorf(\"%s: %%w\", err)\n", g.prose(10, 30))
		default:
			b.WriteString("\t}\n")
		}
	}
	return b.String()
}

func (g *sessionGen) user() ordered {
	return ordered{{"role", "user"}, {"content", []any{ordered{{"type", "text"}, {"text", g.prose(100, 400)}}}},
		{"timestamp", g.ms()}}
}

type toolCall struct {
	id, name string
	args     ordered
}

func (g *sessionGen) toolCall() toolCall {
	g.calls++
	id := fmt.Sprintf("call_%06d", g.calls)
	file := fmt.Sprintf("internal/%s/%s_%d.go", words[g.rnd.IntN(len(words))], words[g.rnd.IntN(len(words))], g.rnd.IntN(50))
	switch g.rnd.IntN(3) {
	case 0:
		return toolCall{id, "read", ordered{{"path", file}}}
	case 1:
		return toolCall{id, "bash", ordered{{"command", "go test ./" + file[:strings.LastIndexByte(file, '/')] + "/..."}}}
	default:
		return toolCall{id, "grep", ordered{{"pattern", words[g.rnd.IntN(len(words))]}, {"path", "internal/"}}}
	}
}

func (g *sessionGen) usage(in, out int) ordered {
	return ordered{{"input", in}, {"output", out}, {"cacheRead", 0}, {"cacheWrite", 0}, {"totalTokens", in + out},
		{"cost", ordered{{"input", 0}, {"output", 0}, {"cacheRead", 0}, {"cacheWrite", 0}, {"total", 0}}}}
}

func (g *sessionGen) assistant(content []any, stop string) ordered {
	return ordered{{"role", "assistant"}, {"content", content}, {"api", "openai-completions"}, {"provider", "mock"},
		{"model", "mock-1"}, {"usage", g.usage(1000+g.rnd.IntN(50000), 20+g.rnd.IntN(500))}, {"stopReason", stop},
		{"timestamp", g.ms()}}
}

func (g *sessionGen) assistantCall(c toolCall) ordered {
	return g.assistant([]any{
		ordered{{"type", "text"}, {"text", g.prose(50, 300)}},
		ordered{{"type", "toolCall"}, {"id", c.id}, {"name", c.name}, {"arguments", c.args}},
	}, "toolUse")
}

func (g *sessionGen) toolResult(c toolCall) ordered {
	return ordered{{"role", "toolResult"}, {"toolCallId", c.id}, {"toolName", c.name},
		{"content", []any{ordered{{"type", "text"}, {"text", g.code(300, 2500)}}}}, {"isError", false},
		{"timestamp", g.ms()}}
}

func (g *sessionGen) answer() ordered {
	return g.assistant([]any{ordered{{"type", "text"}, {"text", g.prose(200, 800)}}}, "stop")
}
