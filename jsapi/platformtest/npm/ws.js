// ws: a local WebSocketServer and client: text, binary, close codes, ping.
import { WebSocketServer, WebSocket } from "ws";

export default async function () {
  // Bounded, so that a side without HTTP upgrades fails in seconds.
  let timer;
  const limit = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("ws probe timed out")), 5000)));
  try {
    return await Promise.race([run(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function run() {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((r) => wss.on("listening", r));
  wss.on("connection", (sock, req) => {
    sock.send(JSON.stringify({ hello: req.url }));
    sock.on("message", (data, isBinary) => {
      if (isBinary) sock.send(Buffer.from([...data].reverse()));
      else if (String(data) === "bye") sock.close(4001, "done");
      else sock.send("echo:" + data);
    });
  });
  const out = {};
  try {
    const ws = new WebSocket(`ws://127.0.0.1:${wss.address().port}/path?x=1`);
    const got = [];
    const closed = new Promise((resolve) => ws.on("close", (code, reason) => resolve([code, String(reason)])));
    ws.on("message", (data, isBinary) => {
      got.push(isBinary ? [...data] : String(data));
      if (got.length === 1) ws.send("text");
      if (got.length === 2) ws.send(Buffer.from([1, 2, 3]));
      if (got.length === 3) ws.send("bye");
    });
    await new Promise((r) => ws.on("open", r));
    out.readyState = ws.readyState;
    const pong = new Promise((r) => ws.on("pong", (d) => r(String(d))));
    ws.ping("p");
    out.pong = await pong;
    out.close = await closed;
    out.messages = got;
  } finally {
    await new Promise((r) => wss.close(r));
  }
  return out;
}
