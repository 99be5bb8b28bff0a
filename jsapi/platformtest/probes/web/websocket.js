// WebSocket shape and argument checks (no network).
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};

export default function () {
  return {
    constants: t(() => [WebSocket.CONNECTING, WebSocket.OPEN, WebSocket.CLOSING, WebSocket.CLOSED, WebSocket.prototype.OPEN]),
    proto: t(() => ["close", "send", "readyState", "bufferedAmount", "url", "extensions", "protocol", "onopen", "onerror", "onclose", "onmessage", "binaryType"].every((k) => k in WebSocket.prototype)),
    badScheme: t(() => new WebSocket("ftp://example.invalid/")),
    fragment: t(() => new WebSocket("ws://example.invalid/#x")),
    badURL: t(() => new WebSocket("not a url")),
    dupProtocols: t(() => new WebSocket("ws://127.0.0.1:1/", ["a", "a"])),
    badProtocol: t(() => new WebSocket("ws://127.0.0.1:1/", ["a b"])),
    connecting: t(() => {
      const ws = new WebSocket("ws://127.0.0.1:1/path?q=1");
      ws.onerror = () => {};
      const out = [ws.readyState, ws.url, ws.binaryType, ws.bufferedAmount, ws.protocol];
      let early;
      try {
        ws.send("x");
      } catch (e) {
        early = e.name;
      }
      let badCode;
      try {
        ws.close(1001);
      } catch (e) {
        badCode = e.name;
      }
      ws.close();
      return [...out, early, badCode, ws.readyState];
    }),
    httpScheme: t(() => {
      const ws = new WebSocket("http://127.0.0.1:1/");
      ws.onerror = () => {};
      const u = ws.url;
      ws.close();
      return u;
    }),
    isEventTarget: t(() => WebSocket.prototype instanceof EventTarget),
  };
}
