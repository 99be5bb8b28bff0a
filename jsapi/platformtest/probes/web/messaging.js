// MessageChannel, MessagePort, MessageEvent, BroadcastChannel.
const t = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};
const tick = () => new Promise((r) => setTimeout(r, 5));
// Node delivers a port's messages through libuv: on a loaded machine one
// tick may not be enough, so wait (up to 2 s) for what must arrive.
const until = async (done) => {
  for (let i = 0; i < 400 && !done(); i++) await tick();
};

export default async function () {
  const out = {};
  out.channel = await t(async () => {
    const { port1, port2 } = new MessageChannel();
    const got = [];
    port2.onmessage = (e) => got.push([e.data, e instanceof MessageEvent, e.type, e.origin, e.ports.length]);
    const obj = { a: [1, 2], d: new Date(0) };
    port1.postMessage(obj);
    port1.postMessage("two");
    const syncSeen = got.length;
    await until(() => got.length >= 2);
    port1.close();
    const cloned = got[0][0];
    return [syncSeen, got.length, got[0].slice(1), got[1][0], cloned.a, cloned.d instanceof Date, cloned !== obj];
  });
  out.queuedUntilStart = await t(async () => {
    const { port1, port2 } = new MessageChannel();
    const got = [];
    port1.postMessage(1);
    await tick();
    port2.addEventListener("message", (e) => got.push(e.data));
    await tick();
    port2.postMessage("back");
    port1.close();
    return got;
  });
  out.explicitStart = await t(async () => {
    const { port1, port2 } = new MessageChannel();
    const got = [];
    const l = (e) => got.push(e.data);
    port1.postMessage("x");
    port2.start();
    port2.addEventListener("message", l);
    await tick();
    port2.close();
    return got;
  });
  out.nodeStyleOn = await t(async () => {
    const { port1, port2 } = new MessageChannel();
    const got = [];
    port2.on("message", (d) => got.push(d));
    port1.postMessage({ k: 1 });
    await tick();
    port1.close();
    return got;
  });
  out.closeEvents = await t(async () => {
    const { port1, port2 } = new MessageChannel();
    const got = [];
    port1.addEventListener("close", () => got.push("1"));
    port2.addEventListener("close", () => got.push("2"));
    port1.close();
    await tick();
    port1.postMessage("after close");
    return got.sort();
  });
  out.uncloneable = await t(() => new MessageChannel().port1.postMessage(() => 1));
  out.noArgs = await t(() => new MessageChannel().port1.postMessage());
  out.portCtor = await t(() => new MessagePort());
  out.messageEvent = await t(() => {
    const e = new MessageEvent("message", { data: { x: 1 }, origin: "o", lastEventId: "7" });
    return [e.data, e.origin, e.lastEventId, e.source, e.ports.length, e instanceof Event];
  });
  out.messageEventDefaults = await t(() => {
    const e = new MessageEvent("m");
    return [e.data, e.origin];
  });
  out.broadcast = await t(async () => {
    const a = new BroadcastChannel("probe");
    const b = new BroadcastChannel("probe");
    const c = new BroadcastChannel("other");
    const got = [];
    b.onmessage = (e) => got.push(["b", e.data]);
    c.onmessage = (e) => got.push(["c", e.data]);
    a.onmessage = (e) => got.push(["a", e.data]);
    a.postMessage({ hi: 1 });
    await tick();
    b.close();
    a.postMessage("after b closed");
    await tick();
    a.close();
    c.close();
    let closedErr;
    try {
      a.postMessage(1);
    } catch (e) {
      closedErr = e.name;
    }
    return [got, a.name, closedErr];
  });
  out.tags = await t(() => [
    Object.prototype.toString.call(new MessageChannel()),
    Object.prototype.toString.call(new MessageChannel().port1),
  ]);
  return out;
}
