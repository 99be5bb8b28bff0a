// node:http on 127.0.0.1: server request/response streams, headers,
// status, streaming bodies both ways, client request/get, errors.
import http from "node:http";
import https from "node:https";

function listen(server) {
  return new Promise((res, rej) => {
    server.once("error", rej);
    server.listen(0, "127.0.0.1", () => res(server.address().port));
  });
}

function collect(res) {
  return new Promise((resolve, reject) => {
    let body = "";
    res.setEncoding("utf8");
    res.on("data", (d) => (body += d));
    res.on("end", () => resolve(body));
    res.on("error", reject);
  });
}

export default async function () {
  const out = {};
  const seen = [];
  const server = http.createServer(async (req, res) => {
    const body = await collect(req);
    seen.push([req.method, req.url, req.headers["x-test"], req.headers["content-type"] ?? null, body, req.httpVersion, typeof req.socket.remoteAddress]);
    if (req.url.startsWith("/json")) {
      res.setHeader("Content-Type", "application/json");
      res.setHeader("X-Multi", ["a", "b"]);
      res.end(JSON.stringify({ ok: true, body }));
    } else if (req.url === "/stream") {
      res.writeHead(201, { "Content-Type": "text/plain" });
      res.write("one,");
      setTimeout(() => {
        res.write("two,");
        res.end("three");
      }, 5);
    } else if (req.url === "/status") {
      res.statusCode = 418;
      res.end();
    } else if (req.url === "/reason") {
      res.writeHead(299, "Custom Reason", { "X-R": "1" });
      res.end("r");
    } else if (req.url === "/statusMessage") {
      // Set directly, then a streamed (chunked) body.
      res.statusMessage = "Set Directly";
      res.write("a");
      res.end("b");
    } else if (req.url === "/unknown") {
      res.statusCode = 599;
      res.end();
    } else if (req.url === "/badReason") {
      const errs = [];
      try {
        res.writeHead(200, "bad\nreason");
      } catch (e) {
        errs.push([e.name, e.code, e.message]);
      }
      res.statusMessage = "also\rbad";
      try {
        res.end("x");
      } catch (e) {
        errs.push([e.name, e.code, e.message]);
      }
      res.statusMessage = undefined;
      res.end(JSON.stringify(errs));
    } else {
      res.writeHead(404);
      res.end("nope");
    }
  });
  try {
    const port = await listen(server);
    const base = `http://127.0.0.1:${port}`;

    out.get = await new Promise((resolve, reject) => {
      http.get(base + "/json?q=1", { headers: { "X-Test": "yes" } }, async (res) => {
        resolve([res.statusCode, res.statusMessage, res.headers["content-type"], res.headers["x-multi"], res.headers["content-length"], await collect(res)]);
      }).on("error", reject);
    });

    out.post = await new Promise((resolve, reject) => {
      const req = http.request(
        { hostname: "127.0.0.1", port, path: "/json", method: "POST", headers: { "Content-Type": "text/plain" } },
        async (res) => resolve([res.statusCode, await collect(res)]),
      );
      req.on("error", reject);
      req.write("part1;");
      req.end("part2");
    });

    out.stream = await new Promise((resolve, reject) => {
      http.get(base + "/stream", (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(String(c)));
        res.on("end", () => resolve([res.statusCode, res.headers["transfer-encoding"], chunks.join("")]));
      }).on("error", reject);
    });

    out.status = await new Promise((resolve, reject) => {
      http.get(base + "/status", (res) => {
        res.resume();
        res.on("end", () => resolve([res.statusCode, res.statusMessage]));
      }).on("error", reject);
    });

    // One keep-alive connection: each response carries its own reason.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    out.reasons = [];
    for (const path of ["/reason", "/statusMessage", "/unknown", "/status", "/badReason", "/reason"]) {
      out.reasons.push(
        await new Promise((resolve, reject) => {
          http.get(base + path, { agent }, async (res) => {
            resolve([path, res.statusCode, res.statusMessage, res.headers["transfer-encoding"] ?? null, await collect(res)]);
          }).on("error", reject);
        }),
      );
    }
    agent.destroy();
    out.fetchStatusText = await fetch(base + "/reason").then(async (r) => [r.status, r.statusText, await r.text()]);

    out.notFound = await new Promise((resolve, reject) => {
      http.get(new URL(base + "/missing"), async (res) => resolve([res.statusCode, await collect(res)])).on("error", reject);
    });

    out.fetchInterop = await fetch(base + "/json", { method: "POST", body: "via fetch" }).then((r) => r.json());
    out.seen = seen;
  } catch (e) {
    out.error = String(e);
  }
  await new Promise((r) => server.close(r));
  out.closed = [server.listening, server.address()];

  try {
    const e = await new Promise((resolve) => {
      const req = http.get({ host: "127.0.0.1", port: 1, path: "/" });
      req.on("error", resolve);
    });
    out.refused = [e.code, e.syscall, e.address, e.port, e.message];
  } catch (e) {
    out.refused = String(e);
  }

  try {
    http.request("https://example.com/");
    out.badProtocol = "no throw";
  } catch (e) {
    out.badProtocol = [e.name, e.code, e.message];
  }

  try {
    const res = new http.ServerResponse({ method: "GET" });
    res.setHeader("X-A", "1");
    res.appendHeader("x-a", "2");
    res.setHeader("Set-Cookie", ["a=1", "b=2"]);
    out.headerApi = [res.getHeader("x-a"), res.getHeaderNames(), res.hasHeader("X-A"), res.getRawHeaderNames(), res.statusCode];
    res.removeHeader("x-a");
    out.headerRemoved = res.hasHeader("x-a");
    res.setHeader("bad header", "x");
  } catch (e) {
    out.badHeader = [e.name, e.code];
  }
  try {
    http.validateHeaderValue("x", "a\nb");
  } catch (e) {
    out.badValue = [e.name, e.code];
  }
  out.shape = [http.STATUS_CODES[404], http.METHODS.includes("PATCH"), typeof http.Agent, typeof https.request, typeof http.globalAgent];
  return out;
}
