// node:async_hooks AsyncLocalStorage propagation (await, promise
// reactions, timers, microtasks, nextTick, callback host APIs), run/exit/
// enterWith/snapshot/bind, AsyncResource; node:worker_threads' main-thread
// view.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import wt from "node:worker_threads";
import fs from "node:fs";
import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";

export default async function () {
  const out = {};
  const als = new AsyncLocalStorage();
  const other = new AsyncLocalStorage();

  out.outside = als.getStore() === undefined;
  out.runReturn = als.run(1, (a, b) => a + b + als.getStore(), 10, 20);
  out.afterRun = als.getStore() === undefined;

  out.await = await als.run({ id: "await" }, async () => {
    const seen = [als.getStore().id];
    await null;
    seen.push(als.getStore().id);
    await sleep(1);
    seen.push(als.getStore().id);
    await new Promise((r) => setTimeout(r, 1));
    seen.push(als.getStore().id);
    return seen;
  });

  out.callbacks = await new Promise((resolve) => {
    const seen = {};
    let pending = 6;
    const done = (k) => {
      seen[k] = als.getStore();
      if (--pending === 0) resolve(seen);
    };
    als.run("cb", () => {
      setTimeout(() => done("setTimeout"), 1);
      setImmediate(() => done("setImmediate"));
      queueMicrotask(() => done("queueMicrotask"));
      process.nextTick(() => done("nextTick"));
      Promise.resolve().then(() => done("then"));
      fs.stat(".", () => done("fs.stat"));
    });
  });

  out.interval = await new Promise((resolve) => {
    als.run("iv", () => {
      let n = 0;
      const seen = [];
      const id = setInterval(() => {
        seen.push(als.getStore());
        if (++n === 2) {
          clearInterval(id);
          resolve(seen);
        }
      }, 1);
    });
  });

  out.concurrent = await Promise.all(
    ["a", "b", "c"].map((id, i) =>
      als.run(id, async () => {
        await sleep(3 - i);
        await null;
        return als.getStore();
      }),
    ),
  );

  out.nested = als.run("outer", () => {
    const inner = als.run("inner", () => als.getStore());
    const exited = als.exit(() => als.getStore());
    const both = other.run("o", () => [als.getStore(), other.getStore()]);
    return [inner, als.getStore(), exited === undefined, both];
  });

  out.enterWith = await (async () => {
    const seen = [];
    await als.run("scope", async () => {
      als.enterWith("entered");
      seen.push(als.getStore());
      await null;
      seen.push(als.getStore());
    });
    seen.push(als.getStore() === undefined ? "none" : als.getStore());
    return seen;
  })();

  out.snapshotBind = (() => {
    const snap = als.run("snap", () => AsyncLocalStorage.snapshot());
    const bound = als.run("bound", () => AsyncLocalStorage.bind(() => als.getStore()));
    return [snap(() => als.getStore()), bound(), als.getStore() === undefined];
  })();

  out.emitter = als.run("emit", () => {
    const e = new EventEmitter();
    let seen;
    e.on("x", () => (seen = als.getStore()));
    e.emit("x");
    return seen;
  });

  out.asyncResource = (() => {
    const r = als.run("res", () => new AsyncResource("TEST"));
    const fn = als.run("bindres", () => AsyncResource.bind(() => als.getStore()));
    return [r.runInAsyncScope(() => als.getStore()), fn(), typeof r.asyncId()];
  })();

  out.rejection = await als.run("rej", async () => {
    try {
      await Promise.reject(new Error("x"));
    } catch {
      return als.getStore();
    }
  });

  out.disable = als.run("d", () => {
    als.disable();
    return als.getStore() === undefined;
  });

  out.streams = await als.run("stream", async () => {
    const { Readable, Writable, pipeline } = await import("node:stream");
    const seen = [];
    await new Promise((resolve) => {
      pipeline(
        Readable.from(["a", "b"]),
        new Writable({
          objectMode: true,
          write(c, e, cb) {
            seen.push(c + ":" + als.getStore());
            cb();
          },
        }),
        () => {
          seen.push("done:" + als.getStore());
          resolve();
        },
      );
    });
    const r = Readable.from(["x"]);
    await new Promise((resolve) => r.on("data", () => seen.push("data:" + als.getStore())).on("end", resolve));
    return seen;
  });

  out.hostCallbacks = await (async () => {
    const zlib = await import("node:zlib");
    const crypto = await import("node:crypto");
    const net = await import("node:net");
    const http = await import("node:http");
    const seen = {};
    await als.run("gzip", () => new Promise((res) => zlib.gzip("x", () => res((seen.gzipCb = als.getStore())))));
    await als.run("gzstream", () => new Promise((res) => {
      const g = zlib.createGzip();
      g.on("data", () => (seen.gzipStream = als.getStore()));
      g.on("end", res);
      g.end("data");
    }));
    await als.run("pbkdf2", () => new Promise((res) => crypto.pbkdf2("p", "s", 1, 8, "sha256", () => res((seen.pbkdf2 = als.getStore())))));
    const server = als.run("netServer", () => net.createServer((s) => {
      seen.netConnection = als.getStore();
      s.on("data", () => (seen.netServerData = als.getStore()));
      s.end("pong");
    }));
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    await als.run("netClient", () => new Promise((res) => {
      const c = net.connect(server.address().port, "127.0.0.1", () => {
        seen.netConnect = als.getStore();
        c.write("ping");
      });
      c.on("data", () => (seen.netClientData = als.getStore()));
      c.on("close", res);
    }));
    await new Promise((r) => server.close(r));
    const hs = als.run("httpServer", () => http.createServer((req, res) => {
      seen.httpRequest = als.getStore();
      res.end("ok");
    }));
    await new Promise((r) => hs.listen(0, "127.0.0.1", r));
    await als.run("httpClient", () => new Promise((resolve) => {
      http.get(`http://127.0.0.1:${hs.address().port}/`, (res) => {
        seen.httpResponse = als.getStore();
        res.on("data", () => (seen.httpResponseData = als.getStore()));
        res.on("end", resolve);
      });
    }));
    await new Promise((r) => hs.close(r));
    return seen;
  })();

  out.workerThreads = [wt.isMainThread, wt.parentPort, wt.threadId, wt.workerData, typeof wt.Worker];
  try {
    new wt.Worker("data:text/javascript,1", { eval: false });
    out.newWorker = "constructed";
  } catch (e) {
    out.newWorker = "threw";
  }
  wt.setEnvironmentData("k", 42);
  out.envData = wt.getEnvironmentData("k");
  return out;
}
