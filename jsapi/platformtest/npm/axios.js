// axios (Node http adapter) against a local server: JSON, posts, params,
// interceptors, redirects, errors, timeouts, fetch adapter.
import axios from "axios";
import { startServer } from "./server.mjs";

export default async function () {
  const srv = await startServer();
  const out = {};
  try {
    const api = axios.create({ baseURL: srv.url, headers: { "X-Custom": "c1" } });
    const r = await api.get("/json", { params: { q: "a b" } });
    out.get = [r.status, r.data, r.headers["x-test"], r.headers["content-type"]];
    out.post = (await api.post("/echo", { n: 1, s: "x" })).data;
    out.form = (await api.post("/echo", "a=1&b=2", { headers: { "content-type": "application/x-www-form-urlencoded" } })).data;
    api.interceptors.request.use((c) => {
      c.headers.Authorization = "Bearer t";
      return c;
    });
    api.interceptors.response.use((res) => ({ ...res, data: { wrapped: res.data } }));
    out.intercepted = (await api.put("/echo", { p: true })).data;
    out.redirect = (await axios.get(srv.url + "/redirect")).data;
    try {
      await axios.get(srv.url + "/status/404");
    } catch (e) {
      out.error404 = [e.name, e.code, e.message, e.response.status, e.response.data, axios.isAxiosError(e)];
    }
    try {
      await axios.get(srv.url + "/slow", { timeout: 100 });
    } catch (e) {
      out.timeout = [e.code, e.message];
    }
    try {
      await axios.get("http://127.0.0.1:1/");
    } catch (e) {
      out.refused = [e.code, e.name];
    }
    out.text = (await axios.get(srv.url + "/text", { responseType: "text" })).data;
    out.buffer = Buffer.from((await axios.get(srv.url + "/text", { responseType: "arraybuffer" })).data).toString("hex");
    const ctrl = new AbortController();
    const p = axios.get(srv.url + "/slow", { signal: ctrl.signal });
    ctrl.abort();
    out.abort = await p.catch((e) => [e.name, e.code, axios.isCancel(e)]);
    out.fetchAdapter = (await axios.get(srv.url + "/json", { adapter: "fetch" })).data;
    return out;
  } finally {
    await srv.close();
  }
}
