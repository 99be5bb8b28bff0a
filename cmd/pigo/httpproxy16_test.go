package main

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// recordingProxy is an HTTP proxy that answers every request itself
// ("proxied METHOD HOST PATH") and records it, whether it comes as an
// absolute-form request or inside a CONNECT tunnel (undici tunnels http
// origins too).
type recordingProxy struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []string
}

func newRecordingProxy() *recordingProxy {
	p := &recordingProxy{}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodConnect {
			p.answer(w, r)
			return
		}
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		fmt.Fprint(conn, "HTTP/1.1 200 Connection Established\r\n\r\n")
		inner, err := http.ReadRequest(bufio.NewReader(buf))
		if err != nil {
			return
		}
		rec := httptest.NewRecorder()
		p.answer(rec, inner)
		res := rec.Result()
		res.Close = true
		res.Write(conn)
	}))
	return p
}

func (p *recordingProxy) answer(w http.ResponseWriter, r *http.Request) {
	line := fmt.Sprintf("%s %s %s", r.Method, r.Host, r.URL.Path)
	p.mu.Lock()
	p.seen = append(p.seen, line)
	p.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain")
	fmt.Fprint(w, "proxied "+line)
}

func (p *recordingProxy) requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.seen)
}

// TestDifferentialRPC16HTTPProxySetting: the agent dir's httpProxy setting
// reaches what pi 1.6 gives it to: HTTP_PROXY and HTTPS_PROXY in the
// extensions' process.env, an extension's fetch (sent through the proxy),
// the bash tool's commands and a user "!" command; a variable the
// environment already sets (here HTTPS_PROXY, to "") is left alone. The
// model's requests go to a loopback host NO_PROXY names, so they stay
// direct.
func TestDifferentialRPC16HTTPProxySetting(t *testing.T) {
	sides := pi16Sides(t)
	const report = `echo "bash HTTP_PROXY=$HTTP_PROXY HTTPS_PROXY=${HTTPS_PROXY-unset}" >> probe.txt`
	sc := diffScenario{
		name:         "httpproxy16",
		builtinTools: true,
		args:         []string{"--tools", "bash"},
		env:          []string{"NO_PROXY=127.0.0.1", "HTTPS_PROXY="},
		workFiles:    []string{"probe.txt"},
		ext: extSource(`
  const fs = require("node:fs");
  pi.registerCommand("probe", {
    description: "fetch through the proxy",
    handler: async () => {
      fs.appendFileSync("probe.txt", "env HTTP_PROXY=" + process.env.HTTP_PROXY + " HTTPS_PROXY=" + JSON.stringify(process.env.HTTPS_PROXY) + "\n");
      const res = await fetch("http://proxied.invalid/fetch?q=1");
      fs.appendFileSync("probe.txt", "fetch " + res.status + " " + (await res.text()) + "\n");
    },
  });`),
		steps: []mockStep{
			{ToolCalls: []mockToolCall{{ID: "call_1", Name: "bash", Arguments: map[string]any{"command": report}}}},
			{Text: "done"},
		},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"c1","type":"prompt","message":"/probe"}`)
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"env"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"b1","type":"bash","command":"echo \"user HTTP_PROXY=$HTTP_PROXY\" >> probe.txt"}`)
		},
	}
	run := func(argv []string) []string {
		proxy := newRecordingProxy()
		defer proxy.srv.Close()
		side := sc
		side.settings = fmt.Sprintf(`{"retry": {"enabled": false}, "httpProxy": " %s "}`, proxy.srv.URL)
		lines := runDiffScenario(t, side, argv)
		for i, l := range lines {
			lines[i] = strings.ReplaceAll(l, proxy.srv.URL, "<proxy>")
		}
		for _, r := range proxy.requests() {
			lines = append(lines, "<< proxy "+r)
		}
		return lines
	}
	pi, pg := runSides(sides, run)
	keep := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "<< probe.txt ") || strings.HasPrefix(l, "<< proxy ") {
				out = append(out, l)
			}
		}
		return out
	}
	piK, pgK := keep(pi), keep(pg)
	t.Logf("pi:\n%s", strings.Join(piK, "\n"))
	if !slices.Contains(piK, "<< proxy GET proxied.invalid /fetch") {
		keepTranscripts(sc.name, pi, pg)
		t.Fatalf("pi's fetch did not reach the proxy:\n%s", strings.Join(piK, "\n"))
	}
	if d := lineDiff(piK, pgK); d != "" {
		keepTranscripts(sc.name, pi, pg)
		t.Errorf("differ (- pi, + pigo):\n%s", d)
	}
}
