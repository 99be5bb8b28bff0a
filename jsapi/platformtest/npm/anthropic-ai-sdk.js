// @anthropic-ai/sdk against a local mock: construction, messages.create,
// streaming helpers, authentication errors.
import Anthropic from "@anthropic-ai/sdk";
import { startServer } from "./server.mjs";

export default async function () {
  const srv = await startServer();
  const out = {};
  try {
    const client = new Anthropic({ apiKey: "test-key", baseURL: srv.url, maxRetries: 0 });
    out.construct = [client.baseURL === srv.url, typeof client.messages.create, typeof client.messages.stream];
    const msg = await client.messages.create({ model: "claude-test", max_tokens: 16, messages: [{ role: "user", content: "hi" }] });
    out.create = [msg.content, msg.stop_reason, msg.usage];
    const raw = await client.messages.create({ model: "claude-test", max_tokens: 16, stream: true, messages: [{ role: "user", content: "s" }] });
    const types = [];
    for await (const ev of raw) types.push(ev.type + (ev.delta?.text ? ":" + ev.delta.text : ""));
    out.rawStream = types;
    const s = client.messages.stream({ model: "claude-test", max_tokens: 16, messages: [{ role: "user", content: "s" }] });
    const texts = [];
    s.on("text", (t) => texts.push(t));
    const final = await s.finalMessage();
    out.helperStream = [texts, final.content, final.stop_reason, final.usage.output_tokens];
    try {
      await new Anthropic({ apiKey: "wrong", baseURL: srv.url, maxRetries: 0 }).messages.create({ model: "m", max_tokens: 1, messages: [] });
    } catch (e) {
      out.authError = [e.constructor.name, e.status, e.error?.error?.type, e instanceof Anthropic.AuthenticationError];
    }
    return out;
  } finally {
    await srv.close();
  }
}
