// node-fetch v3 against a local server: responses, bodies, headers, errors, abort.
import fetch, { Headers, Request, Response, FetchError, AbortError } from "node-fetch";
import { startServer } from "./server.mjs";

export default async function () {
  const srv = await startServer();
  const out = {};
  try {
    const r = await fetch(srv.url + "/json?q=1");
    out.get = [r.status, r.ok, r.statusText, r.headers.get("x-test"), await r.json()];
    const p = await fetch(srv.url + "/echo", { method: "POST", body: JSON.stringify({ a: 1 }), headers: { "content-type": "application/json", "x-custom": "nf" } });
    out.post = await p.json();
    const red = await fetch(srv.url + "/redirect");
    out.redirect = [red.redirected, new URL(red.url).pathname, await red.json()];
    const manual = await fetch(srv.url + "/redirect", { redirect: "manual" });
    out.manual = [manual.status, manual.headers.get("location")];
    out.notFound = (await fetch(srv.url + "/status/404")).status;
    out.text = await (await fetch(srv.url + "/text")).text();
    out.buffer = Buffer.from(await (await fetch(srv.url + "/text")).arrayBuffer()).length;
    out.headers = [...new Headers({ B: "2", a: "1" })];
    out.request = (({ method, url }) => ({ method, url }))(new Request("http://x.test/a", { method: "PUT" }));
    out.response = await new Response("hi", { status: 201 }).text();
    try {
      await fetch("http://127.0.0.1:1/");
    } catch (e) {
      out.refused = [e instanceof FetchError, e.name, e.type, e.code];
    }
    const ctrl = new AbortController();
    const slow = fetch(srv.url + "/slow", { signal: ctrl.signal });
    setTimeout(() => ctrl.abort(), 20);
    out.abort = await slow.catch((e) => [e instanceof AbortError, e.name, e.type]);
    const stream = await fetch(srv.url + "/text");
    const chunks = [];
    for await (const c of stream.body) chunks.push(c);
    out.stream = Buffer.concat(chunks).toString();
    return out;
  } finally {
    await srv.close();
  }
}
