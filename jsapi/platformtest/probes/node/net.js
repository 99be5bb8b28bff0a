// node:net on 127.0.0.1: echo server, half-close, events, addresses,
// errors, isIP.
import net from "node:net";

function listen(server) {
  return new Promise((res, rej) => {
    server.once("error", rej);
    server.listen(0, "127.0.0.1", () => res(server.address().port));
  });
}

export default async function () {
  const out = {};
  out.isIP = ["127.0.0.1", "::1", "fe80::1%eth0", "1.2.3", "x", "::ffff:1.2.3.4"].map((s) => net.isIP(s));
  out.isIPv4 = [net.isIPv4("10.0.0.1"), net.isIPv6("10.0.0.1"), net.isIPv6("::")];

  try {
    const log = [];
    const server = net.createServer((sock) => {
      log.push("server:connection");
      sock.setEncoding("utf8");
      let got = "";
      sock.on("data", (d) => (got += d));
      sock.on("end", () => {
        log.push("server:end " + got);
        sock.end("echo:" + got);
      });
      sock.on("close", (hadError) => log.push("server:close " + hadError));
    });
    const port = await listen(server);
    const addr = server.address();
    out.serverAddress = [addr.address, addr.family, typeof addr.port, server.listening];
    const reply = await new Promise((resolve, reject) => {
      const c = net.connect(port, "127.0.0.1", () => {
        log.push("client:connect");
        out.clientState = [c.remoteAddress, c.remotePort === port, c.remoteFamily, c.readyState, c.pending];
        c.write("hello ");
        c.end("world");
      });
      let data = "";
      c.on("data", (d) => (data += d));
      c.on("end", () => log.push("client:end"));
      c.on("close", (hadError) => {
        log.push("client:close " + hadError);
        resolve([data, c.bytesRead, c.bytesWritten, c.destroyed]);
      });
      c.on("error", reject);
    });
    out.echo = reply;
    await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => server.close(r));
    out.order = log.filter((l) => l.startsWith("client"));
    out.serverOrder = log.filter((l) => l.startsWith("server")).sort();
    out.afterClose = [server.listening, server.address()];
  } catch (e) {
    out.echo = String(e);
  }

  try {
    const server = net.createServer();
    const port = await listen(server);
    await new Promise((r) => server.close(r));
    const e = await new Promise((resolve) => {
      const c = net.createConnection({ port, host: "127.0.0.1" });
      c.on("error", resolve);
    });
    out.refused = [e.message.replace(String(port), "PORT"), e.code, e.syscall, e.address, e.port === port, e.errno];
  } catch (e) {
    out.refused = String(e);
  }

  try {
    const a = net.createServer();
    const port = await listen(a);
    const b = net.createServer();
    const e = await new Promise((resolve) => {
      b.on("error", resolve);
      b.listen(port, "127.0.0.1");
    });
    out.addrInUse = [e.code, e.syscall, e.message.replace(String(port), "PORT")];
    a.close();
  } catch (e) {
    out.addrInUse = String(e);
  }

  try {
    net.connect({ port: 70000 });
    out.badPort = "no throw";
  } catch (e) {
    out.badPort = [e.name, e.code, e.message];
  }

  try {
    const server = net.createServer((s) => s.pipe(s));
    const port = await listen(server);
    const c = net.connect({ port, host: "127.0.0.1" });
    const big = Buffer.alloc(300000, 97);
    let n = 0;
    c.on("data", (d) => {
      n += d.length;
      if (n === big.length) c.end();
    });
    c.write(big);
    await new Promise((r) => c.on("close", r));
    server.close();
    out.bigEcho = n;
  } catch (e) {
    out.bigEcho = String(e);
  }

  try {
    const server = net.createServer((s) => {
      s.setTimeout(20, () => {
        s.end("bye");
      });
    });
    const port = await listen(server);
    const c = net.connect(port, "127.0.0.1");
    let got = "";
    c.on("data", (d) => (got += d));
    await new Promise((r) => c.on("end", r));
    c.destroy();
    server.close();
    out.timeout = got;
  } catch (e) {
    out.timeout = String(e);
  }

  out.shape = [typeof net.Socket, new net.Socket() instanceof (await import("node:stream")).Duplex, typeof net.Server, net.Stream === net.Socket];
  return out;
}
