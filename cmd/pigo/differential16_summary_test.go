package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/bmp"
)

// Differential tests against pi 1.6 of its summaries and images: a
// compaction and a branch summary whose first model call fails with a
// transient error and succeed on the retry (summarization_retry_*), a
// compaction whose retries run out, and
// the read tool on a BMP, on a PNG beyond 2000x2000 and on a large JPEG
// its EXIF data turns a quarter.

// projectSummaries keeps what TestDifferentialRPC16SummaryRetry compares:
// project16's records, the summarization_retry_* events as they are, and
// the prompts of the summary requests.
func projectSummaries(lines []string) []string {
	out := project16(lines, false)
	for i, l := range out {
		out[i] = navIDRE.ReplaceAllString(l, "/nav <entry-id>")
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "## session ") {
			out = append(out, l)
			continue
		}
		body, ok := strings.CutPrefix(l, "<< ")
		if !ok {
			continue
		}
		if strings.HasPrefix(body, `{"type":"summarization_retry_`) {
			out = append(out, l)
			continue
		}
		if rest, ok := strings.CutPrefix(body, "request "); ok {
			// A summary request: its one user message, the prompt.
			_, js, _ := strings.Cut(rest, " ")
			var r struct {
				Messages []struct {
					Role    string `json:"role"`
					Content any    `json:"content"`
				} `json:"messages"`
			}
			if json.Unmarshal([]byte(js), &r) == nil && len(r.Messages) == 2 && r.Messages[1].Role == "user" {
				if b, _ := json.Marshal(r.Messages[1].Content); strings.Contains(string(b), "<conversation>") {
					out = append(out, "## summary request "+string(b))
				}
			}
		}
	}
	return out
}

var navIDRE = regexp.MustCompile(`/nav [0-9a-f]{8}`)

// navExt is an extension whose /nav command navigates the session tree
// with a branch summary (pi's RPC has no navigation command) and tells
// what it made: the branch_summary entry on the new branch.
const navExt = `
  pi.registerCommand("nav", { handler: async (args: string, ctx: any) => {
    const r = await ctx.navigateTree(args.trim(), { summarize: true });
    const e = ctx.sessionManager.getBranch().filter((x: any) => x.type === "branch_summary").at(-1);
    ctx.ui.notify(JSON.stringify({ cancelled: r.cancelled, editorText: r.editorText ?? null, type: e?.type, summary: e?.summary,
      read: e?.details?.readFiles, modified: e?.details?.modifiedFiles, hasUsage: !!e?.usage, fromHook: e?.fromHook, fromIdIsEntry: typeof e?.fromId === "string" && e.fromId !== "root" }), "info");
  } });`

func TestDifferentialRPC16SummaryRetry(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:     "summary_retry16",
		persist:  true,
		ext:      extSource(navExt),
		settings: `{"retry": {"baseDelayMs": 1, "provider": {"maxRetries": 0}}, "compaction": {"keepRecentTokens": 50}}`,
		steps: []mockStep{{Text: "A1"}, {Text: "A2"},
			{Status: 503, Error: "upstream overloaded"}, {Text: "SUMMARY ONE"}, // the compaction, retried
			{Text: "A3"},
			{Status: 503, Error: "upstream overloaded"}, {Text: "BRANCH SUM"}, // the branch summary, retried
			{Text: "A4"},
			{Status: 503, Error: "upstream overloaded"}, {Status: 503, Error: "upstream overloaded"}, // a compaction whose
			{Status: 503, Error: "upstream overloaded"}, {Status: 503, Error: "upstream overloaded"}}, // retries run out
		drive: func(d *rpcDriver) {
			d.prompt(`{"id":"p1","type":"prompt","message":"first"}`)
			d.prompt(`{"id":"p2","type":"prompt","message":"second ` + strings.Repeat("x", 400) + `"}`)
			d.call(`{"id":"c1","type":"compact"}`)
			d.prompt(`{"id":"p3","type":"prompt","message":"third"}`)
			entries := d.call(`{"id":"e1","type":"get_entries"}`)
			target := ""
			data, _ := entries["data"].(map[string]any)
			list, _ := data["entries"].([]any)
			for _, e := range list {
				em, _ := e.(map[string]any)
				if msg, _ := em["message"].(map[string]any); msg["role"] == "user" && strings.Contains(string(mustJSON(msg["content"])), "third") {
					target, _ = em["id"].(string)
				}
			}
			if target == "" {
				d.t.Fatal("no entry of the third prompt")
			}
			d.call(`{"id":"n1","type":"prompt","message":"/nav ` + target + `"}`)
			d.call(`{"id":"e2","type":"get_entries"}`)
			d.call(`{"id":"g1","type":"get_messages"}`)
			d.prompt(`{"id":"p4","type":"prompt","message":"fourth ` + strings.Repeat("y", 400) + `"}`)
			d.call(`{"id":"c2","type":"compact"}`)
			summaryLines(d)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscriptsWith(t, sc.name, projectSummaries(pi), projectSummaries(pg), false)
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// stripes is a w×h image of flat bands, small as PNG at any size.
func stripes(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{200, 40, 40, 255}
			if (x/250)%2 == 1 {
				c = color.RGBA{30, 90, 200, 255}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

// projectImages keeps project16's records with each image's data
// replaced by its decoded size: the two sides' encoders differ byte for
// byte, not in what they send.
func projectImages(lines []string) []string {
	var out []string
	for _, l := range lines {
		body, ok := strings.CutPrefix(l, "<< ")
		if !ok || !strings.Contains(body, `"tool_execution_end"`) {
			continue
		}
		var m map[string]any
		if json.Unmarshal([]byte(body), &m) != nil {
			continue
		}
		result, _ := m["result"].(map[string]any)
		content, _ := result["content"].([]any)
		if sc, ok := result["structuredContent"]; ok { // read's outputSchema result, an image block too
			content = append(content, sc)
		}
		for _, c := range content {
			block, _ := c.(map[string]any)
			if block["type"] != "image" {
				continue
			}
			raw, _ := base64.StdEncoding.DecodeString(block["data"].(string))
			cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
			if err != nil {
				block["data"] = "undecodable: " + err.Error()
			} else {
				block["data"] = format + " " + string(mustJSON([]int{cfg.Width, cfg.Height}))
			}
		}
		delete(m, "durationMs")
		out = append(out, "<< "+string(mustJSON(m)))
	}
	return out
}

func TestDifferentialRPC16ReadImages(t *testing.T) {
	sides := pi16Sides(t)
	var b bytes.Buffer
	must(t, bmp.Encode(&b, stripes(40, 30)))
	bmpData := base64.StdEncoding.EncodeToString(b.Bytes())
	b.Reset()
	must(t, png.Encode(&b, stripes(3000, 1000)))
	pngData := base64.StdEncoding.EncodeToString(b.Bytes())
	b.Reset()
	must(t, jpeg.Encode(&b, stripes(3000, 1000), nil))
	jpgData := base64.StdEncoding.EncodeToString(exifTurned(b.Bytes()))
	sc := diffScenario{
		name: "read_images16",
		// The extension writes the images where read finds them.
		ext: `import * as fs from "node:fs";
export default function (pi: any) {
  fs.writeFileSync("a.bmp", Buffer.from("` + bmpData + `", "base64"));
  fs.writeFileSync("big.png", Buffer.from("` + pngData + `", "base64"));
  fs.writeFileSync("turned.jpg", Buffer.from("` + jpgData + `", "base64"));
}
`,
		builtinTools: true,
		args:         []string{"--tools", "read"},
		steps: []mockStep{{ToolCalls: []mockToolCall{{ID: "c1", Name: "read", Arguments: map[string]any{"path": "a.bmp"}}}},
			{ToolCalls: []mockToolCall{{ID: "c2", Name: "read", Arguments: map[string]any{"path": "big.png"}}}},
			{ToolCalls: []mockToolCall{{ID: "c3", Name: "read", Arguments: map[string]any{"path": "turned.jpg"}}}}, {Text: "seen"}},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"look"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	got := projectImages(pg)
	if len(got) != 3 {
		t.Fatalf("pigo ran %d reads, want 3:\n%s", len(got), strings.Join(pg, "\n"))
	}
	compareTranscriptsWith(t, sc.name, projectImages(pi), got, false)
}

// exifTurned puts an EXIF segment saying "turn a quarter clockwise"
// (orientation 6) after a JPEG's SOI marker.
func exifTurned(jpg []byte) []byte {
	tiff := []byte("MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00\x00\x00\x00\x00")
	seg := append([]byte("Exif\x00\x00"), tiff...)
	out := []byte{0xff, 0xd8, 0xff, 0xe1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}
	return append(append(out, seg...), jpg[2:]...)
}

// TestDifferentialRPC16ReadBlockedImage: with images.blockImages the
// image read returns reaches the model as pi 1.6's placeholder text.
func TestDifferentialRPC16ReadBlockedImage(t *testing.T) {
	sides := pi16Sides(t)
	var b bytes.Buffer
	must(t, png.Encode(&b, stripes(30, 20)))
	sc := diffScenario{
		name: "read_blocked16",
		ext: `import * as fs from "node:fs";
export default function (pi: any) {
  fs.writeFileSync("small.png", Buffer.from("` + base64.StdEncoding.EncodeToString(b.Bytes()) + `", "base64"));
}
`,
		settings:     `{"images": {"blockImages": true}}`,
		builtinTools: true,
		args:         []string{"--tools", "read"},
		steps: []mockStep{{ToolCalls: []mockToolCall{{ID: "c1", Name: "read", Arguments: map[string]any{"path": "small.png"}}}},
			{Text: "seen"}},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"look"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	// What the model got after the read: the messages of the second request.
	second := func(lines []string) []string {
		for _, l := range lines {
			if body, ok := strings.CutPrefix(l, "<< request 2 "); ok {
				var r struct {
					Messages []any `json:"messages"`
				}
				must(t, json.Unmarshal([]byte(body), &r))
				out := []string{}
				for _, m := range r.Messages[1:] { // after the system prompt
					out = append(out, string(mustJSON(m)))
				}
				return out
			}
		}
		return nil
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	got := second(pg)
	if !strings.Contains(strings.Join(got, "\n"), "Image reading is disabled.") {
		t.Fatalf("pigo sent the image:\n%s", strings.Join(got, "\n"))
	}
	compareTranscriptsWith(t, sc.name, second(pi), got, false)
}

var (
	sessionIDRE   = regexp.MustCompile(`"(id|parentId|fromId|firstKeptEntryId)":"[0-9a-f]{8}"`)
	sessionTimeRE = regexp.MustCompile(`"timestamp":"[^"]*"`)
	sessionNumRE  = regexp.MustCompile(`:-?[0-9][0-9.e+-]*`)
)

// summaryLines adds to d's transcript the compaction and branch_summary
// lines of its session file as written (key order kept), ids, times and
// numbers masked, the compaction's system message left out.
func summaryLines(d *rpcDriver) {
	st := d.call(`{"id":"sf","type":"get_state"}`)
	data, _ := st["data"].(map[string]any)
	file, _ := data["sessionFile"].(string)
	raw, err := os.ReadFile(file)
	if err != nil {
		d.t.Fatalf("session file: %v", err)
	}
	for _, l := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(l, `{"type":"compaction"`) && !strings.HasPrefix(l, `{"type":"branch_summary"`) {
			continue
		}
		// The compaction's snapshot of the system prompt (its last key) differs
		// by design: pigo's preamble, pi's docs section.
		if i := strings.Index(l, `,"systemMessage":`); i >= 0 {
			l = l[:i] + "}"
		}
		l = sessionIDRE.ReplaceAllString(l, `"$1":"<id>"`)
		l = sessionTimeRE.ReplaceAllString(l, `"timestamp":"<time>"`)
		l = sessionNumRE.ReplaceAllString(l, ":<n>")
		d.mu.Lock()
		d.log = append(d.log, "## session "+l)
		d.mu.Unlock()
	}
}
