// A local HTTP server for the probes of HTTP clients and model SDKs: plain
// JSON routes, an echo, redirects, errors, and OpenAI/Anthropic-shaped
// replies (whole and streamed as SSE), all deterministic.
import http from "node:http";

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function json(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", "x-test": "yes", ...headers });
  res.end(JSON.stringify(body));
}

function sse(res, events) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const [event, data] of events) {
    res.write((event ? `event: ${event}\n` : "") + `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
  }
  res.end();
}

const openaiChunk = (delta, finish = null) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1700000000,
  model: "gpt-test",
  choices: [{ index: 0, delta, finish_reason: finish }],
});

async function handle(req, res) {
  const url = new URL(req.url, "http://x");
  const body = await readBody(req);
  const parsed = body && req.headers["content-type"]?.includes("json") ? JSON.parse(body) : body;
  switch (url.pathname) {
    case "/json":
      return json(res, 200, { hello: "world", q: url.searchParams.get("q") });
    case "/text":
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      return res.end("plain text ✓");
    case "/echo":
      return json(res, 200, {
        method: req.method,
        body: parsed,
        contentType: req.headers["content-type"] ?? null,
        custom: req.headers["x-custom"] ?? null,
        auth: req.headers["authorization"] ?? null,
      });
    case "/redirect":
      res.writeHead(302, { location: "/json?q=redirected" });
      return res.end();
    case "/status/404":
      return json(res, 404, { error: "not found" });
    case "/late":
      // The head goes out alone; the body follows later, in its own chunks.
      res.writeHead(200, { "content-type": "application/json" });
      res.flushHeaders();
      return setTimeout(() => {
        res.write('{"late":');
        setTimeout(() => res.end("true}"), 20);
      }, 20);
    case "/slow":
      return setTimeout(() => json(res, 200, { slow: true }), 2000);
    case "/v1/chat/completions":
      if (parsed.stream) {
        return sse(res, [
          [null, openaiChunk({ role: "assistant", content: "" })],
          [null, openaiChunk({ content: "Hel" })],
          [null, openaiChunk({ content: "lo" })],
          [null, openaiChunk({}, "stop")],
          [null, "[DONE]"],
        ]);
      }
      return json(res, 200, {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1700000000,
        model: parsed.model,
        choices: [{ index: 0, message: { role: "assistant", content: "echo: " + parsed.messages.at(-1).content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      }, { "x-request-id": "req_openai" });
    case "/v1/messages":
      if (![req.headers["x-api-key"], req.headers["authorization"]].some((k) => k === "test-key" || k === "Bearer test-key")) return json(res, 401, { type: "error", error: { type: "authentication_error", message: "bad key" } });
      if (parsed.stream) {
        const msg = { id: "msg_1", type: "message", role: "assistant", model: parsed.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 3, output_tokens: 0 } };
        return sse(res, [
          ["message_start", { type: "message_start", message: msg }],
          ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
          ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hel" } }],
          ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "lo" } }],
          ["content_block_stop", { type: "content_block_stop", index: 0 }],
          ["message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 2 } }],
          ["message_stop", { type: "message_stop" }],
        ]);
      }
      return json(res, 200, {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: parsed.model,
        content: [{ type: "text", text: "echo: " + parsed.messages.at(-1).content }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 3, output_tokens: 2 },
      }, { "request-id": "req_anthropic" });
    default:
      return json(res, 404, { error: { message: "no route " + url.pathname, type: "invalid_request_error" } });
  }
}

// startServer listens on a free local port; close() stops it.
export async function startServer() {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
