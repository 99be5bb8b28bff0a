// WHATWG URL and URLSearchParams as Node 22 has them: parsing against a
// base, special and opaque schemes, hosts (IDNA, IPv4 forms, IPv6),
// percent-encoding per component, setters, origins, search params.
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name + ": " + (e.code || "") : String(e);
  }
};
const parts = (u) => [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash];

export default function () {
  const out = {};
  const inputs = [
    ["https://example.com/a/b/", undefined],
    ["c?q=1", "https://example.com/a/b/"],
    ["./data.json", "file:///home/u/ext/index.ts"],
    ["../../../x", "https://a.com/b/c/d"],
    ["HTTP://User:Pw@EXAMPLE.com:80/a/./b/../c?q= 1#f g", undefined],
    ["http://[::ffff:1.2.3.4]:8080/", undefined],
    ["http://[2001:db8::1:0:0:1]/", undefined],
    ["http://0x7f.1/", undefined],
    ["http://0300.168.0xF0/", undefined],
    ["http://bücher.de/", undefined],
    ["http://xn--bcher-kva.de/", undefined],
    ["http://ＥＸＡＭＰＬＥ.com/", undefined],
    ["data:text/plain,a b ?x#y", undefined],
    ["data:text/plain,trailing   ", undefined],
    ["mailto:a@b", undefined],
    ["custom://h/p/../q", undefined],
    ["web+demo:/.//not-a-host/", undefined],
    ["//h/p", "http://a/b"],
    ["?x", "file:///a/b"],
    ["#y", "data:,x"],
    ["file:///C|/x/../..", undefined],
    ["\\\\h\\p", "http://a/"],
    ["blob:https://a.com/uuid", undefined],
    ["blob:file:///x", undefined],
    ["sc:/..//x", undefined],
    ["https://a.com/^caret/`tick`/{b}/|p|", undefined],
    ["https://a.com/?q='x' \"y\" <z>#h`i` <j>", undefined],
    ["ws://a.com:80/", undefined],
    ["wss://a.com:443/x", undefined],
    ["ftp://a.com:21/", undefined],
    ["http://a.com:65535/", undefined],
    ["http://a.com:65536/", undefined],
    ["http://a b/", undefined],
    ["http://a%20b/", undefined],
    ["http://[1:2:3]/", undefined],
    ["http://1.2.3.4.5/", undefined],
    ["http://999999999999/", undefined],
    ["", "https://a.com/x?y#z"],
    ["  https://a.com/\t\n  ", undefined],
    ["https://a.com/%zz/%41", undefined],
    ["non-special:opaque path with spaces   ?q", undefined],
    ["http://user:p@ss:w@rd@host/", undefined],
    ["https://xn--/", undefined],
    ["https://a..b/", undefined],
    ["https://a.com./", undefined],
  ];
  out.parse = inputs.map(([i, b]) => t(() => parts(b === undefined ? new URL(i) : new URL(i, b))));
  out.canParse = inputs.map(([i, b]) => URL.canParse(i, b));
  const set = (href, name, value) => t(() => { const u = new URL(href); u[name] = value; return parts(u); });
  out.setters = [
    set("https://a.com/x", "protocol", "http"),
    set("https://a.com/x", "protocol", "file"),
    set("https://a.com/x", "protocol", "custom"),
    set("custom://a.com/x", "protocol", "https"),
    set("https://a.com:8080/x", "protocol", "http"),
    set("https://a.com/x", "username", "us er@:"),
    set("https://a.com/x", "password", "p/w"),
    set("file:///x", "username", "u"),
    set("https://a.com/x", "host", "b.com:81"),
    set("https://a.com/x", "host", "b.com:xx"),
    set("https://a.com/x", "hostname", "c.com:99"),
    set("https://a.com/x", "port", "443"),
    set("https://a.com/x", "port", "8080abc"),
    set("https://a.com/x", "port", ""),
    set("https://a.com/x", "pathname", "/a b/../c?d#e"),
    set("mailto:x", "pathname", "y"),
    set("https://a.com/x", "search", "?a b&c=d#"),
    set("https://a.com/x?q", "search", ""),
    set("https://a.com/x", "hash", "#a b`"),
    set("https://a.com/x#h", "hash", ""),
    set("https://a.com/x", "href", "http://other/"),
    set("https://a.com/x", "href", "not a url"),
  ];
  out.searchParams = t(() => {
    const u = new URL("https://a.com/p?b=2&a=1&a=3&sp=a+b%20c&enc=%E2%82%AC");
    const sp = u.searchParams;
    const before = [sp.get("a"), sp.getAll("a"), sp.get("sp"), sp.get("enc"), sp.has("b"), sp.size];
    sp.append("new", "x y&z=é");
    sp.sort();
    const afterSort = u.href;
    sp.delete("a");
    sp.set("b", "~!*'()");
    return [before, afterSort, u.href, u.search, [...sp.keys()]];
  });
  out.searchParamsEmpty = t(() => {
    const u = new URL("https://a.com/p ?x=1#f");
    u.searchParams.delete("x");
    return [u.href, u.search];
  });
  out.params = t(() => [
    new URLSearchParams("?a=1&b=%zz&c").toString(),
    new URLSearchParams({ k: "v w", z: "1" }).toString(),
    new URLSearchParams([["x", "1"], ["x", "2"]]).getAll("x"),
    String(new URLSearchParams("a=b=c&=d&e=")),
  ]);
  out.json = t(() => [JSON.stringify(new URL("https://a.com/x?y")), new URL("https://a.com").toString()]);
  out.errors = t(() => { try { new URL("nope"); return "no error"; } catch (e) { return [e.name, e.code, e instanceof TypeError]; } });
  return out;
}
