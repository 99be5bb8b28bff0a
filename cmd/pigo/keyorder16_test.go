package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// keyOrderExt's objects have keys out of alphabetical order, at two
// levels: JavaScript writes them in creation order, and so must pigo.
const keyOrderExt = `
  pi.registerTool({
    name: "probe",
    label: "Probe",
    description: "Echoes its arguments",
    parameters: { type: "object", properties: { z: { type: "number" }, a: { type: "number" }, m: { type: "object" } }, required: ["z"] },
    async execute(_id: string, params: any) {
      return { content: [{ type: "text", text: JSON.stringify(params) }], details: { z: 1, a: 2, m: { y: 1, b: 2 }, list: [{ y: 1, b: 2 }], params } };
    },
  });
  pi.on("tool_call", async (ev: any) => { if (ev.input.never) ev.input.never = 0; }); // reads the arguments
  pi.registerCommand("send", {
    description: "sends ordered data",
    handler: async () => {
      pi.sendMessage({ customType: "order", content: "ordered", display: true, details: { z: 1, a: 2, m: { y: 1, b: 2 } } });
      pi.appendEntry("order-data", { z: 1, a: 2, m: { y: 1, b: 2 } });
    },
  });`

// orderedValues lists the extension-built objects of a transcript's
// records (not streaming updates): each "details" or "data" object, the
// tool schemas' "properties" in the model's requests, tool-call
// arguments, and strings holding JSON made from them, as
// JSON text with its key order as received, labelled with the record
// and its path (array indices left out: the two sides may number
// entries differently). Sorted, so that records sent in a different
// order still compare.
func orderedValues(lines []string) []string {
	var out []string
	for _, l := range lines {
		body, ok := strings.CutPrefix(l, "<< ")
		if !ok {
			continue
		}
		label := "record"
		if rest, ok := strings.CutPrefix(body, "request "); ok {
			n, b, _ := strings.Cut(rest, " ")
			label, body = "request "+n, b
		}
		v, err := jsjson.Parse([]byte(body))
		if err != nil {
			continue
		}
		o, _ := v.(*jsjson.Object)
		if o == nil {
			continue
		}
		if typ, _ := o.Get("type"); typ != nil {
			switch typ {
			case "message_update", "message_start", "tool_execution_update":
				continue // partial states, sent as often as each side streams
			case "entry_appended":
				continue // pi 1.6's event for appendEntry: pigo does not send it yet
			}
			label = fmt.Sprint(typ)
			if c, _ := o.Get("command"); c != nil {
				label += " " + fmt.Sprint(c)
			}
		}
		var walk func(path string, v any)
		walk = func(path string, v any) {
			switch x := v.(type) {
			case *jsjson.Object:
				for _, m := range *x {
					_, custom := x.Get("customType")
					schema := m.Key == "properties" && strings.HasPrefix(label, "request ") // the tools the model is shown
					call := m.Key == "arguments" || m.Key == "args" || m.Key == "input"
					if m.Key == "details" || m.Key == "data" && custom || schema || call {
						if _, ok := m.Value.(*jsjson.Object); ok {
							out = append(out, label+" "+path+"."+m.Key+" = "+jsjson.Stringify(m.Value))
							continue
						}
					}
					walk(path+"."+m.Key, m.Value)
				}
			case []any:
				for _, e := range x {
					walk(path+"[]", e)
				}
			case string: // JSON text made from the arguments (a replayed call, a result, a validation message)
				if strings.Contains(x, `"z"`) {
					// A validation message's first lines are worded as pi
					// 0.73.1's validator words them (pi 1.6 has its own):
					// only the arguments it quotes are compared.
					if i := strings.Index(x, "Received arguments:"); strings.HasPrefix(x, "Validation failed") && i >= 0 {
						x = x[i:]
					}
					out = append(out, label+" "+path+" = "+x)
				}
			}
		}
		walk("", o)
	}
	slices.Sort(out)
	return out
}

// TestDifferentialRPC16KeyOrder: objects an extension builds (sendMessage
// details, appendEntry data, tool result details) and the arguments of
// the model's tool calls keep their key order on the way through pigo: in
// events, get_messages and get_entries, the tool's params and the calls
// replayed to the model, byte for byte as pi 1.6 writes them; and the
// model is shown a tool's parameters in the order the extension declared
// them.
func TestDifferentialRPC16KeyOrder(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:        "keyorder16",
		ext:         extSource(keyOrderExt),
		rawRequests: true,
		persist:     true,
		steps: []mockStep{
			{ToolCalls: []mockToolCall{
				{ID: "call_1", Name: "probe", Raw: `{"z":1,"a":2,"m":{"y":1,"b":2}}`},
				{ID: "call_2", Name: "probe", Raw: `{"z":{"q":1,"c":2},"a":2}`}, // fails validation
			}},
			{Text: "done"},
		},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"c1","type":"prompt","message":"/send"}`)
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"probe"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"g1","type":"get_messages"}`)
			d.call(`{"id":"e1","type":"get_entries"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	piVals, pgVals := orderedValues(pi), orderedValues(pg)
	if dir := os.Getenv("PIGO_DIFF_KEEP"); dir != "" {
		_ = os.WriteFile(filepath.Join(os.TempDir(), sc.name+".pi.txt"), []byte(strings.Join(pi, "\n")+"\n\n"+strings.Join(piVals, "\n")), 0o644)
		_ = os.WriteFile(filepath.Join(os.TempDir(), sc.name+".pigo.txt"), []byte(strings.Join(pg, "\n")+"\n\n"+strings.Join(pgVals, "\n")), 0o644)
	}
	if len(piVals) == 0 {
		t.Fatalf("pi's transcript has no ordered values:\n%s", strings.Join(pi, "\n"))
	}
	if d := lineDiff(piVals, pgVals); d != "" {
		t.Errorf("key order differs (- pi, + pigo):\n%s", d)
	}
}

// TestDifferentialRPC16BlockImages: with settings images.blockImages on,
// the images of a prompt reach the model as pi 1.6's placeholder text
// (repeated ones once), and the session keeps them.
func TestDifferentialRPC16BlockImages(t *testing.T) {
	sides := pi16Sides(t)
	const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	img := `{"type":"image","data":"` + png + `","mimeType":"image/png"}`
	sc := diffScenario{
		name:     "blockimages16",
		ext:      extSource(""),
		settings: `{"images": {"blockImages": true}}`,
		steps:    []mockStep{{Text: "no images seen"}},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"look","images":[` + img + `,` + img + `]}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"g1","type":"get_messages"}`)
		},
	}
	userContent := func(lines []string) (request, stored string) {
		for _, l := range lines {
			if body, ok := strings.CutPrefix(l, "<< request 1 "); ok {
				var r struct {
					Messages []struct {
						Role    string `json:"role"`
						Content any    `json:"content"`
					} `json:"messages"`
				}
				must(t, json.Unmarshal([]byte(body), &r))
				for _, m := range r.Messages {
					if m.Role == "user" {
						b, _ := json.Marshal(m.Content)
						request = string(b)
					}
				}
			}
			if strings.Contains(l, `"command":"get_messages"`) {
				var r struct {
					Data struct {
						Messages []map[string]any `json:"messages"`
					} `json:"data"`
				}
				must(t, json.Unmarshal([]byte(strings.TrimPrefix(l, "<< ")), &r))
				for _, m := range r.Data.Messages {
					if m["role"] == "user" {
						b, _ := json.Marshal(m["content"])
						stored = string(b)
					}
				}
			}
		}
		return request, stored
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	piReq, piStored := userContent(pi)
	pgReq, pgStored := userContent(pg)
	if !strings.Contains(piReq, "Image reading is disabled.") || strings.Contains(piReq, png) {
		t.Fatalf("pi's request: %s", piReq)
	}
	if pgReq != piReq {
		t.Errorf("request user content:\n pigo %s\n   pi %s", pgReq, piReq)
	}
	if pgStored != piStored || !strings.Contains(pgStored, png) {
		t.Errorf("stored user content:\n pigo %s\n   pi %s", pgStored, piStored)
	}
}

// handlerKeyOrderExt reports, once per distinct shape, the Object.keys of
// every object (by path, array indices as []) in what three handlers
// get: the provider request body, each raw stream chunk, and the tools a
// system message declares (their schemas written out of alphabetical
// order).
const handlerKeyOrderExt = `
  pi.registerTool({
    name: "probe",
    label: "Probe",
    description: "Probes",
    parameters: { type: "object", properties: { z: { type: "number", description: "last" }, a: { type: "string" } }, required: ["z"], additionalProperties: false },
    async execute() { return { content: [{ type: "text", text: "ok" }], details: {} }; },
  });
  const seen = new Set<string>();
  function keyPaths(v: any, p: string, out: string[]) {
    if (Array.isArray(v)) { for (const e of v) keyPaths(e, p + "[]", out); return; }
    if (v && typeof v === "object") {
      const ks = Object.keys(v);
      out.push(p + "{" + ks.join(",") + "}");
      for (const k of ks) keyPaths(v[k], p + "." + k, out);
    }
  }
  function report(ctx: any, label: string, v: any) {
    const out: string[] = [];
    keyPaths(v, "", out);
    const line = "keys " + label + " " + [...new Set(out)].join(" ");
    if (!seen.has(line)) { seen.add(line); ctx.ui.notify(line, "info"); }
  }
  pi.on("before_provider_request", (e: any, ctx: any) => { report(ctx, "payload", e.payload); });
  pi.on("provider_stream_event", (e: any, ctx: any) => { report(ctx, "stream", e.data); });
  pi.on("context", (e: any, ctx: any) => {
    for (const m of e.messages) if (m.role === "system") report(ctx, "context toolsAdded", m.toolsAdded);
  });
  pi.on("message_end", (e: any, ctx: any) => {
    if (e.message.role === "system") report(ctx, "message_end toolsAdded", e.message.toolsAdded);
  });`

// TestDifferentialRPC16HandlerKeyOrder: handlers see objects pigo did not
// build from an extension's in pi 1.6's key order: before_provider_request's
// payload as pi-ai builds the request (the tool's schema as declared),
// provider_stream_event's data as the server wrote it (each chat choice
// with the finish_reason the openai SDK adds) and a system message's tool
// schemas as the extension declared them. pi-ai's payload also has keys
// set to undefined (prompt_cache_key and prompt_cache_retention when
// unused: openai-completions sends the session id as prompt_cache_key
// only to api.openai.com or with long retention, and the mock is
// neither): Object.keys lists them, JSON drops them, and pigo's data has
// no undefined, so they are left out of pi's list.
func TestDifferentialRPC16HandlerKeyOrder(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name: "handlerkeyorder16",
		ext:  extSource(handlerKeyOrderExt),
		steps: []mockStep{
			{ToolCalls: []mockToolCall{{ID: "call_1", Name: "probe", Raw: `{"z":1}`}}},
			{Text: "done", Chunks: []string{"do", "ne"}},
		},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"probe"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	keepTranscripts(sc.name, pi, pg)
	reports := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			var ev map[string]any
			if body, ok := strings.CutPrefix(l, "<< "); ok && json.Unmarshal([]byte(body), &ev) == nil {
				if msg, ok := ev["message"].(string); ok && strings.HasPrefix(msg, "keys ") {
					out = append(out, strings.Replace(msg, ",prompt_cache_key,prompt_cache_retention,", ",", 1))
				}
			}
		}
		slices.Sort(out)
		return out
	}
	piKeys, pgKeys := reports(pi), reports(pg)
	for _, want := range []string{"keys payload ", "keys stream ", "toolsAdded "} {
		if !slices.ContainsFunc(piKeys, func(l string) bool { return strings.Contains(l, want) }) {
			t.Fatalf("pi reported no %q:\n%s", want, strings.Join(piKeys, "\n"))
		}
	}
	if d := lineDiff(piKeys, pgKeys); d != "" {
		t.Errorf("key order differs (- pi, + pigo):\n%s", d)
	}
}

// TestDifferentialRPC16PayloadKeyOrder: before_provider_request's payload
// has pi-ai 1.6's key order for the Anthropic Messages, OpenAI Responses,
// Google Generative AI and OpenAI Codex Responses APIs too (the mock's
// chat-completions reply then fails on both sides; only the payload is
// compared). Codex wants a ChatGPT token: a JWT naming an account.
func TestDifferentialRPC16PayloadKeyOrder(t *testing.T) {
	sides := pi16Sides(t)
	for _, api := range []string{"anthropic-messages", "openai-responses", "google-generative-ai", "openai-codex-responses"} {
		t.Run(api, func(t *testing.T) {
			sc := diffScenario{
				name:  "payloadkeyorder16_" + api,
				ext:   extSource(handlerKeyOrderExt),
				api:   api,
				steps: []mockStep{{Text: "done"}},
				apiKey: map[string]string{"openai-codex-responses": "h." +
					base64.RawURLEncoding.EncodeToString([]byte(`{"https://api.openai.com/auth":{"chatgpt_account_id":"acct"}}`)) + ".s"}[api],
				drive: func(d *rpcDriver) {
					mark := d.mark()
					d.call(`{"id":"p1","type":"prompt","message":"probe"}`)
					d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
				},
			}
			pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
			keepTranscripts(sc.name, pi, pg)
			payloads := func(lines []string) []string {
				var out []string
				for _, l := range lines {
					var ev map[string]any
					if body, ok := strings.CutPrefix(l, "<< "); ok && json.Unmarshal([]byte(body), &ev) == nil {
						if msg, ok := ev["message"].(string); ok && strings.HasPrefix(msg, "keys payload ") {
							out = append(out, msg)
						}
					}
				}
				return out
			}
			piKeys, pgKeys := payloads(pi), payloads(pg)
			if len(piKeys) == 0 || len(pgKeys) != len(piKeys) {
				t.Fatalf("payloads: pi %d, pigo %d\n%s", len(piKeys), len(pgKeys), strings.Join(pi, "\n"))
			}
			for i := range piKeys {
				if d := lineDiff(commonKeyOrder(piKeys[i], pgKeys[i]), commonKeyOrder(pgKeys[i], piKeys[i])); d != "" {
					t.Errorf("payload %d: key order differs (- pi, + pigo):\n%s", i+1, d)
				}
			}
		})
	}
}

// commonKeyOrder is a "keys" report's objects (path{key,...}) with only
// the keys that other's object at the same path has too: the order of
// what both sides send: where the two send different keys, that is a
// difference of content, not of order (none is known for these APIs).
func commonKeyOrder(report, other string) []string {
	parse := func(s string) map[string][]string {
		objs := map[string][]string{}
		for _, f := range strings.Fields(s) {
			path, keys, ok := strings.Cut(f, "{")
			if ok {
				objs[path] = strings.Split(strings.TrimSuffix(keys, "}"), ",")
			}
		}
		return objs
	}
	mine, theirs := parse(report), parse(other)
	var out []string
	for path, keys := range mine {
		both := slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return !slices.Contains(theirs[path], k) })
		out = append(out, path+"{"+strings.Join(both, ",")+"}")
	}
	slices.Sort(out)
	return out
}
