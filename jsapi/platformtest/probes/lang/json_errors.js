// JSON.parse as V8 words its errors: extensions show these texts to users and models.
export default function () {
const out = {};
for (const t of [undefined, "", "{", '{"a":}', "[1,]", "tru", '"abc', '{"a":1} x', "NaN", '{"a":"\\x"}']) {
  try { JSON.parse(t); out[String(t)] = "ok"; } catch (e) { out[String(t)] = [e.name, e.message, e instanceof SyntaxError]; }
}
out.reviver = JSON.parse('{"a":1,"b":2}', (k, v) => (k === "a" ? 10 : v));
out.nameLen = [JSON.parse.name, JSON.parse.length, Object.getOwnPropertyDescriptor(JSON, "parse").enumerable];
let calls = 0;
try { JSON.parse({ toString() { calls++; return "{x"; } }); } catch (e) { out.obj = [e.message, calls]; }
try { JSON.parse('{"a":1}', () => { throw new TypeError("rev"); }); } catch (e) { out.revThrow = [e.name, e.message]; }
try { JSON.parse(Symbol("s")); } catch (e) { out.sym = [e.name, e.message]; }
return out;
}
