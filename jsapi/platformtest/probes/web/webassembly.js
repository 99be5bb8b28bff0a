// WebAssembly: compiling, linking JS imports, calling exports, memory (its
// buffer and growth), globals, traps and V8's error messages, the async and
// streaming forms, with the hand-assembled modules of wasm_modules.mjs.
// gap: tableCallNull wazero 1.12 raises one error (ErrRuntimeInvalidTableAccess) for a call_indirect through a null slot and for an index past the table's end (its compiler's distinct exit codes ExitCodeIndirectCallNullPointer and ExitCodeTableOutOfBounds both map to it) and names neither table nor index, so pigo cannot tell them apart and gives V8's out-of-bounds message
import { calc, dispatch, reader } from "./wasm_modules.mjs";

const err = (f) => {
  try {
    f();
    return "no error";
  } catch (e) {
    return `${e.constructor.name}: ${e.message}`;
  }
};
const rejected = (p) => p.then(() => "resolved", (e) => `${e.constructor.name}: ${e.message}${e.code ? ` (${e.code})` : ""}`);
const make = (env) => new WebAssembly.Instance(new WebAssembly.Module(calc), { env });

export default async function () {
  const out = {};
  out.namespace = [typeof WebAssembly, Object.prototype.toString.call(WebAssembly), Object.keys(WebAssembly).length,
    ["Module", "Instance", "Memory", "Global", "CompileError", "LinkError", "RuntimeError", "compile", "validate", "instantiate", "compileStreaming", "instantiateStreaming"].every((k) => k in WebAssembly)];
  out.validate = [WebAssembly.validate(calc), WebAssembly.validate(reader), WebAssembly.validate(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 99])), WebAssembly.validate(calc.buffer)];
  const mod = new WebAssembly.Module(calc);
  out.moduleInfo = [Object.prototype.toString.call(mod), WebAssembly.Module.imports(mod), WebAssembly.Module.exports(mod).map((e) => `${e.name}:${e.kind}`)];
  out.customSections = [WebAssembly.Module.customSections(mod, "note").map((b) => [...new Uint8Array(b)]), WebAssembly.Module.customSections(mod, "none").length];

  const logs = [];
  const { exports: x } = make({ log: (v) => logs.push(v), g: 7 });
  out.exportsObject = [Object.getPrototypeOf(x), Object.isFrozen(x), Object.keys(x), x.add.name, x.add.length, x.plus === x.add, typeof x.add];
  out.calls = [x.add(2, 3), x.add(2 ** 31, 1), x.add("4", 1.9), x.add(), x.callLog(41), logs, x.div(-7, 2), x.half(3), x.getG(), x.swap(1, 2)];
  out.i64 = [String(x.double(21n)), String(x.double(2n ** 63n - 1n)), err(() => x.double(5))];
  out.traps = [err(() => x.trap()), err(() => x.div(1, 0)), err(() => x.div(-(2 ** 31), -1)), err(() => x.load(65536 * 4)),
    (() => { try { x.trap(); } catch (e) { return [e instanceof WebAssembly.RuntimeError, e instanceof Error, e.name]; } })()];

  const mem = x.memory;
  const buf = mem.buffer;
  out.memory = [mem instanceof WebAssembly.Memory, Object.prototype.toString.call(mem), buf instanceof ArrayBuffer, buf.byteLength, mem.buffer === buf,
    String.fromCharCode(...new Uint8Array(buf, 0, 2)), x.store(5, 200), new Uint8Array(buf)[5]];
  new Uint8Array(buf)[6] = 77;
  out.memoryFromJS = x.load(6);
  out.growFromWasm = [x.grow(1), buf.byteLength, mem.buffer === buf, mem.buffer.byteLength, new Uint8Array(mem.buffer)[5]];
  const buf2 = mem.buffer;
  out.growFromJS = [mem.grow(0), buf2.byteLength, mem.buffer.byteLength, mem.buffer === buf2, x.grow(1), err(() => mem.grow(1)), mem.buffer.byteLength];

  const t = x.table;
  out.tableRead = [t instanceof WebAssembly.Table, Object.prototype.toString.call(t), t.length, typeof t.get(0), t.get(0)(2, 3), t.get(0).name, t.get(0).length, t.get(1), err(() => t.get(5))];
  out.tableWrite = [err(() => t.set(1, x.add)), err(() => t.grow(1)), err(() => new WebAssembly.Table({ element: "anyfunc", initial: 1 }).length)];
  const made = new WebAssembly.Table({ element: "anyfunc", initial: 2, maximum: 3 });
  out.tableEffects = [t.length, t.get(1) === x.add, t.get(1)(4, 5), t.get(2), err(() => t.get(3)),
    (t.set(1), t.get(1)), err(() => t.set(0, () => 1)), err(() => t.set(9, null)),
    made.length, made.get(0), (made.set(1, x.add), made.get(1)(1, 1)), made.grow(1, x.add), made.get(2)(2, 2), err(() => made.grow(1)), made.length,
    err(() => new WebAssembly.Table({ element: "i32", initial: 1 })), err(() => new WebAssembly.Table({ element: "anyfunc" }))];
  // Functions JS stored are what wasm code calls through the table,
  // another module's included.
  const d = new WebAssembly.Instance(new WebAssembly.Module(dispatch)).exports;
  out.tableCallNull = err(() => d.callAt(0, 5, 3));
  out.tableDispatch = [(d.table.set(0, x.add), d.callAt(0, 5, 3)), (d.table.set(1, d.sub), d.callAt(1, 5, 3)),
    (d.table.set(0, d.sub), d.callAt(0, 9, 1)), (d.table.set(0, x.double), err(() => d.callAt(0, 1, 1))), logs.length];

  const counter = x.counter;
  out.global = [counter instanceof WebAssembly.Global, counter.value, x.inc(), counter.value, (counter.value = 100, x.inc()), counter.valueOf()];
  const g64 = new WebAssembly.Global({ value: "i64", mutable: true }, 5n);
  out.globalJS = [String(g64.value), (g64.value = 9n, String(g64.value)), new WebAssembly.Global({ value: "f32" }, 1.1).value, new WebAssembly.Global({ value: "i32" }).value,
    err(() => new WebAssembly.Global({ value: "i64" }, 1)), err(() => { new WebAssembly.Global({ value: "i32" }, 1).value = 2; }), err(() => new WebAssembly.Global({ value: "x" }))];
  const imported = make({ log() {}, g: new WebAssembly.Global({ value: "i32" }, 42) });
  out.globalImport = imported.exports.getG();

  const shared = new WebAssembly.Memory({ initial: 1, maximum: 2 });
  new Uint8Array(shared.buffer)[3] = 9;
  const r = new WebAssembly.Instance(new WebAssembly.Module(reader), { env: { memory: shared } });
  out.memoryImport = [r.exports.read(3), shared.buffer.byteLength, shared.grow(1), r.exports.read(3), shared.buffer.byteLength];
  out.memoryCtor = [err(() => new WebAssembly.Memory({})), err(() => new WebAssembly.Memory({ initial: 70000 })), err(() => new WebAssembly.Memory({ initial: 2, maximum: 1 })),
    new WebAssembly.Memory({ initial: 0 }).buffer.byteLength];

  const boom = new Error("boom");
  const thrower = make({ log() { throw boom; }, g: 0 });
  out.importThrows = (() => { try { thrower.exports.callLog(1); return "no error"; } catch (e) { return e === boom; } })();
  let reentered;
  const re = make({ log: (v) => { reentered = re.exports.add(v, 100); }, g: 0 });
  out.reentrant = [re.exports.callLog(5), reentered];

  out.linkErrors = [err(() => make({ g: 0 })), err(() => new WebAssembly.Instance(mod, {})), err(() => new WebAssembly.Instance(mod)),
    err(() => make({ log() {}, g: "x" })), err(() => new WebAssembly.Instance(new WebAssembly.Module(reader), { env: { memory: {} } })),
    err(() => new WebAssembly.Instance({}, {})), (() => { try { make({ g: 0 }); } catch (e) { return [e instanceof WebAssembly.LinkError, e.name]; } })()];
  out.compileErrors = [err(() => new WebAssembly.Module(new Uint8Array([1, 2, 3, 4]))), err(() => new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 2, 0, 0, 0]))),
    err(() => new WebAssembly.Module(new Uint8Array([]))), err(() => new WebAssembly.Module("x")),
    (() => { try { new WebAssembly.Module(new Uint8Array([1, 2, 3, 4])); } catch (e) { return [e instanceof WebAssembly.CompileError, e.name, Object.keys(e)]; } })()];
  out.errorClasses = [new WebAssembly.CompileError("x").name, new WebAssembly.LinkError("y").message, WebAssembly.RuntimeError.prototype instanceof Error, WebAssembly.RuntimeError.name];

  const env = { log() {}, g: 1 };
  const both = await WebAssembly.instantiate(calc, { env });
  out.instantiate = [Object.keys(both), both.module instanceof WebAssembly.Module, both.instance instanceof WebAssembly.Instance, both.instance.exports.add(1, 1),
    (await WebAssembly.instantiate(both.module, { env })) instanceof WebAssembly.Instance, (await WebAssembly.compile(calc)) instanceof WebAssembly.Module];
  out.asyncErrors = [await rejected(WebAssembly.instantiate(new Uint8Array([1, 2, 3, 4]))), await rejected(WebAssembly.instantiate(calc, {})), await rejected(WebAssembly.compile(new Uint8Array(0)))];
  const wasmResponse = () => new Response(calc, { headers: { "content-type": "application/wasm" } });
  const streamed = await WebAssembly.instantiateStreaming(wasmResponse(), { env });
  out.streaming = [streamed.instance.exports.add(20, 22), (await WebAssembly.compileStreaming(Promise.resolve(wasmResponse()))) instanceof WebAssembly.Module,
    await rejected(WebAssembly.instantiateStreaming(new Response(calc), { env })),
    await rejected(WebAssembly.compileStreaming(new Response(calc, { status: 404, headers: { "content-type": "application/wasm" } })))];
  return out;
}
