package jsapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/pigo-dev/pigo/engine"
)

// wsEchoServer echoes every message; "close-me" makes it close with 4001.
func wsEchoServer(t *testing.T) string {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{"echo"}})
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := r.Context()
		for {
			typ, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			if string(data) == "close-me" {
				_ = c.Close(4001, "as asked")
				return
			}
			if err := c.Write(ctx, typ, data); err != nil {
				return
			}
		}
	}))
	t.Cleanup(s.Close)
	return "ws" + strings.TrimPrefix(s.URL, "http")
}

const wsExtension = `
export default function (pi: any) {
  pi.tools.add((d: any) => d.set("ws", {
    description: "talks to a WebSocket echo server",
    parameters: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
    async execute(_id: string, { url }: { url: string }) {
      const log: string[] = [];
      const ws = new WebSocket(url, ["echo"]);
      ws.binaryType = "arraybuffer";
      log.push("state " + ws.readyState);
      try { ws.send("too early"); } catch (e: any) { log.push(e.name); }
      await new Promise((resolve, reject) => {
        ws.onopen = () => {
          log.push("open " + ws.protocol + " " + ws.readyState);
          ws.send("hello");
          ws.send(new Uint8Array([1, 2, 3]));
          ws.send(new Blob(["blob"]));
          ws.send("close-me");
        };
        ws.onmessage = (e: any) => log.push(typeof e.data === "string" ? "text " + e.data : "binary " + Array.from(new Uint8Array(e.data)).join(","));
        ws.onerror = (e: any) => log.push("error " + e.message);
        ws.onclose = (e: any) => { log.push("close " + e.code + " " + e.reason + " " + e.wasClean + " " + ws.readyState); resolve(undefined); };
        setTimeout(() => reject(new Error("timeout: " + log.join("; "))), 5000);
      });
      const bad = new WebSocket("ws://127.0.0.1:1/");
      await new Promise((resolve) => {
        bad.onerror = () => log.push("refused error");
        bad.onclose = (e: any) => { log.push("refused close " + e.code + " " + e.wasClean); resolve(undefined); };
      });
      try { new WebSocket("ftp://x/"); } catch (e: any) { log.push(e.name); }
      try { ws.close(1001); } catch (e: any) { log.push(e.name); }
      return { content: [{ type: "text", text: log.join("\n") }] };
    },
  }));
}
`

func TestWebSocketClient(t *testing.T) {
	t.Parallel()
	url := wsEchoServer(t)
	f := newFixture(t, engine.Options{})
	f.write("ws.ts", wsExtension)
	f.mustBoot("ws.ts")
	r, err := f.host.RunTool(context.Background(), "ws", engine.ToolCall{ID: "c", Params: map[string]any{"url": url}, Context: map[string]any{"cwd": f.dir}})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"state 0",
		"InvalidStateError",
		"open echo 1",
		"text hello",
		"binary 1,2,3",
		"binary 98,108,111,98",
		"close 4001 as asked true 3",
		"refused error",
		"refused close 1006 false",
		"SyntaxError",
		"InvalidAccessError",
	}, "\n")
	if got := r.Text(); got != want {
		t.Fatalf("log:\n%s\nwant:\n%s", got, want)
	}
}
