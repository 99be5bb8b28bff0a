// undici against a local server: request, fetch, Agent, MockAgent, errors;
// and its SQLite cache store, which runs on node:sqlite.
import { request, fetch, Agent, MockAgent, setGlobalDispatcher, getGlobalDispatcher, errors, cacheStores } from "undici";
import { startServer } from "./server.mjs";

export default async function () {
  const srv = await startServer();
  const out = {};
  try {
    const r = await request(srv.url + "/json?q=u");
    out.request = [r.statusCode, r.headers["x-test"], await r.body.json()];
    const p = await request(srv.url + "/echo", { method: "POST", body: "raw", headers: { "content-type": "text/plain" } });
    out.post = await p.body.json();
    const f = await fetch(srv.url + "/echo", { method: "POST", body: JSON.stringify({ f: 1 }), headers: { "content-type": "application/json" } });
    out.fetch = [f.status, await f.json()];
    // A body that arrives after the head, in pieces: fetch's body stream
    // waits for it (node:stream's finished on a web stream).
    const late = await fetch(srv.url + "/late");
    out.fetchLate = [late.status, await late.json()];
    const agent = new Agent({ keepAliveTimeout: 10 });
    out.agent = (await request(srv.url + "/text", { dispatcher: agent })).statusCode;
    await agent.close();
    const prev = getGlobalDispatcher();
    const mock = new MockAgent();
    mock.disableNetConnect();
    mock.get("http://mocked.test").intercept({ path: "/x" }).reply(200, { mocked: true });
    setGlobalDispatcher(mock);
    try {
      out.mock = await (await request("http://mocked.test/x")).body.json();
    } finally {
      setGlobalDispatcher(prev);
      await mock.close();
    }
    try {
      await request("http://127.0.0.1:1/");
    } catch (e) {
      out.refused = [e.code, e.name];
    }
    try {
      await request(srv.url + "/slow", { headersTimeout: 100 });
    } catch (e) {
      out.timeout = [e.code, e.name, e instanceof errors.HeadersTimeoutError];
    }
    const store = new cacheStores.SqliteCacheStore({ location: ":memory:" });
    const key = { origin: "http://cache.test", method: "GET", path: "/a", headers: {} };
    const now = Date.now();
    const w = store.createWriteStream(key, { statusCode: 200, statusMessage: "OK", headers: { a: "b" }, cachedAt: now, staleAt: now + 10000, deleteAt: now + 20000 });
    await new Promise((resolve, reject) => {
      w.on("close", resolve);
      w.on("error", reject);
      w.write(Buffer.from("hello "));
      w.end(Buffer.from("world"));
    });
    const hit = store.get(key);
    const size = store.size;
    store.delete(key);
    out.sqliteCacheStore = [hit.statusCode, hit.headers, Buffer.from(hit.body).toString(), size, store.get(key) ?? null];
    store.close();
    return out;
  } finally {
    await srv.close();
  }
}
