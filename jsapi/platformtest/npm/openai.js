// openai SDK against a local mock: construction, chat completion, streaming,
// API errors, request options.
import OpenAI from "openai";
import { startServer } from "./server.mjs";

export default async function () {
  const srv = await startServer();
  const out = {};
  try {
    const client = new OpenAI({ apiKey: "sk-test", baseURL: srv.url + "/v1", maxRetries: 0 });
    out.construct = [client.baseURL === srv.url + "/v1", typeof client.chat.completions.create, typeof client.responses.create];
    const res = await client.chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "hi" }] });
    out.completion = [res.choices[0].message, res.usage];
    const { data, response } = await client.chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "raw" }] }).withResponse();
    out.withResponse = [data.choices[0].message.content, response.status, response.headers.get("x-request-id")];
    const stream = await client.chat.completions.create({ model: "gpt-test", stream: true, messages: [{ role: "user", content: "s" }] });
    const parts = [];
    for await (const chunk of stream) parts.push(chunk.choices[0]?.delta?.content ?? "|" + chunk.choices[0]?.finish_reason);
    out.stream = parts;
    try {
      await client.embeddings.create({ model: "e", input: "x" });
    } catch (e) {
      out.apiError = [e.constructor.name, e.status, e.message, e instanceof OpenAI.APIError, e instanceof OpenAI.NotFoundError];
    }
    try {
      await new OpenAI({ apiKey: "k", baseURL: "http://127.0.0.1:1/v1", maxRetries: 0 }).models.list();
    } catch (e) {
      out.connError = [e.constructor.name, e.message];
    }
    try {
      new OpenAI({ apiKey: undefined });
    } catch (e) {
      out.noKey = e.constructor.name;
    }
    return out;
  } finally {
    await srv.close();
  }
}
