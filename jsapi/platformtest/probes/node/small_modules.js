// The small built-ins: querystring, tty, diagnostics_channel, dns (IP
// literals only: no network), perf_hooks, console, sys, constants.
import qs from "node:querystring";
import tty from "node:tty";
import dc from "node:diagnostics_channel";
import dns from "node:dns";
import dnsPromises from "node:dns/promises";
import perf from "node:perf_hooks";
import consoleMod from "node:console";
import sys from "node:sys";
import util from "node:util";
import constants from "node:constants";
import { AsyncLocalStorage } from "node:async_hooks";
import vm from "node:vm";

export default async function () {
  const out = {};
  out.qsParse = [
    qs.parse("a=1&b=2&a=3&c&d=&e=x%20y+z&f=%E2%82%AC&g=%ZZ&h=%E2"),
    qs.parse("x:1;y:2", ";", ":"),
    Object.keys(qs.parse("a=1&b=2&c=3", null, null, { maxKeys: 2 })),
    Object.getPrototypeOf(qs.parse("a=1")) === null,
  ];
  out.qsStringify = [
    qs.stringify({ a: [1, 2], b: "x y", c: true, d: null, e: undefined, f: { g: 1 }, h: "€!'()*~" }),
    qs.stringify({ a: 1, b: 2 }, ";", ":"),
    qs.escape("a b&c"),
    qs.unescape("a%20b%zz"),
    qs.unescapeBuffer("%41%42+").toString(),
  ];
  out.tty = [tty.isatty(0), tty.isatty(1), tty.isatty(99), typeof tty.WriteStream];

  const ch = dc.channel("probe:test");
  const seen = [];
  const sub = (msg, name) => seen.push([msg.n, name]);
  out.dcBefore = [ch.hasSubscribers, dc.hasSubscribers("probe:test")];
  ch.subscribe(sub);
  ch.publish({ n: 1 });
  dc.subscribe("probe:test", (m) => seen.push(["second", m.n]));
  ch.publish({ n: 2 });
  out.dcUnsub = [ch.unsubscribe(sub), ch.unsubscribe(sub)];
  ch.publish({ n: 3 });
  out.dcSeen = seen;
  out.dcSame = dc.channel("probe:test") === ch;
  const als = new AsyncLocalStorage();
  const storeCh = dc.channel("probe:store");
  storeCh.bindStore(als, (d) => ({ wrapped: d.v }));
  out.dcRunStores = storeCh.runStores({ v: 7 }, () => als.getStore());
  const tc = dc.tracingChannel("probe:trace");
  const events = [];
  tc.subscribe({
    start: () => events.push("start"),
    end: () => events.push("end"),
    asyncStart: () => events.push("asyncStart"),
    asyncEnd: () => events.push("asyncEnd"),
    error: (c) => events.push("error:" + c.error.message),
  });
  out.traceSync = tc.traceSync(() => 42, {});
  await tc.tracePromise(async () => "p", {});
  try {
    tc.traceSync(() => {
      throw new Error("boom");
    }, {});
  } catch {}
  out.traceEvents = events;

  out.dnsLookup = await new Promise((res) => dns.lookup("127.0.0.1", (e, a, f) => res([e, a, f])));
  out.dnsLookupAll = await new Promise((res) => dns.lookup("::1", { all: true }, (e, a) => res([e, a])));
  out.dnsPromises = await dnsPromises.lookup("10.1.2.3");
  out.dnsOrder = [dns.getDefaultResultOrder(), typeof dns.Resolver, dns.NOTFOUND, typeof dns.promises.resolve4];
  try {
    dns.lookup("x", { family: 5 }, () => {});
  } catch (e) {
    out.dnsBadFamily = [e.name, e.code];
  }

  globalThis.__vmProbe = 20;
  out.vm = [
    vm.runInThisContext("__vmProbe + 1"),
    new vm.Script("var __vmDeclared = 5; __vmDeclared * 2").runInThisContext(),
    typeof globalThis.__vmDeclared,
    vm.compileFunction("return a + b + c", ["a", "b"], { contextExtensions: [{ c: 100 }] })(1, 2),
    vm.isContext({}),
  ];
  delete globalThis.__vmProbe;
  try {
    new vm.Script("let = = 1");
    out.vmSyntax = "compiled";
  } catch (e) {
    out.vmSyntax = e.name;
  }
  out.perf = [typeof perf.performance.now(), perf.constants.NODE_PERFORMANCE_GC_MAJOR, typeof perf.PerformanceObserver];
  out.console = consoleMod === console;
  out.sys = sys === util;
  out.constants = [typeof constants.O_RDONLY, typeof constants.SIGINT, typeof constants.ENOENT];
  return out;
}
