var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
const errorMessage = (error) => error instanceof Error ? error.message : String(error);
class CodemodeSandbox {
  constructor(options = {}) {
    __publicField(this, "toolsByName", /* @__PURE__ */ new Map());
    __publicField(this, "globalsByName", /* @__PURE__ */ new Map());
    __publicField(this, "timeoutMs");
    __publicField(this, "running", /* @__PURE__ */ new Set());
    __publicField(this, "closed", false);
    this.timeoutMs = options.timeoutMs ?? 3e5;
    for (const tool of options.tools ?? []) this.registerTool(tool);
    for (const global of options.globals ?? []) {
      if (this.globalsByName.has(global.name)) throw new Error(`Global "${global.name}" is already registered`);
      this.globalsByName.set(global.name, global);
    }
  }
  registerTool(tool) {
    if (this.toolsByName.has(tool.name)) throw new Error(`Tool "${tool.name}" is already registered`);
    this.toolsByName.set(tool.name, tool);
  }
  unregisterTool(name) {
    return this.toolsByName.delete(name);
  }
  get tools() {
    return [...this.toolsByName.values()];
  }
  get globals() {
    return [...this.globalsByName.values()];
  }
  execute(code, options = {}) {
    if (this.closed) return Promise.reject(new Error("Sandbox is closed"));
    const { toCodemodeIdentifier } = require("pigo:codemode16");
    const store = {};
    for (const [key, value] of Object.entries(options.store ?? {})) {
      const json = JSON.stringify(value);
      if (json !== void 0) store[key] = json;
    }
    const calls = [];
    const controllers = /* @__PURE__ */ new Set();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const handle = require("pigo:codemode").run(
      {
        code,
        tools: JSON.stringify(this.tools.map((t) => ({ name: t.name, jsName: t.jsName ?? toCodemodeIdentifier(t.name), description: t.description ?? "" }))),
        globals: JSON.stringify(this.globals.map((g) => ({ name: g.name, spread: g.spread === true }))),
        store: JSON.stringify(store),
        timeoutMs: Number.isFinite(timeoutMs) ? Math.max(1, Math.round(timeoutMs)) : 0
      },
      (target, name, args, reply) => {
        const isTool = target === "tool";
        const record = isTool ? { name, status: "cancelled", durationMs: 0 } : void 0;
        if (record) calls.push(record);
        const controller = new AbortController();
        controllers.add(controller);
        const startedAt = performance.now();
        (async () => {
          const executor = (isTool ? this.toolsByName : this.globalsByName).get(name);
          if (!executor) throw new Error(`Unknown ${isTool ? "tool" : "global"} "${name}"`);
          return executor.execute(args === void 0 ? void 0 : JSON.parse(args), { signal: controller.signal });
        })().then(
          (value) => {
            if (controller.signal.aborted) return;
            if (record) Object.assign(record, { status: "ok", durationMs: performance.now() - startedAt });
            reply(true, value === void 0 ? void 0 : JSON.stringify(value));
          },
          (error) => {
            if (controller.signal.aborted) return;
            if (record) Object.assign(record, { status: "error", durationMs: performance.now() - startedAt });
            reply(false, errorMessage(error));
          }
        ).finally(() => controllers.delete(controller));
      }
    );
    const signal = options.signal;
    const onAbort = () => handle.abort(signal.reason instanceof Error ? signal.reason.message : "Execution aborted");
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    const execution = handle.result.then((result) => {
      signal?.removeEventListener("abort", onAbort);
      for (const controller of controllers) controller.abort();
      this.running.delete(handle);
      if (!result.ok) return { ...result, calls };
      const set = {};
      for (const [key, json] of Object.entries(result.storeWrites.set)) set[key] = JSON.parse(json);
      const value = result.value === void 0 ? void 0 : JSON.parse(result.value);
      return { ...result, value, storeWrites: { set, delete: result.storeWrites.delete }, calls };
    });
    this.running.add(handle);
    return execution;
  }
  async close() {
    this.closed = true;
    for (const handle of this.running) handle.abort("Sandbox closed");
  }
}
const own = {
  DEFAULT_INTERRUPT_BUDGET: 1e5,
  CodemodeSandbox,
  CodemodeSandboxBase: CodemodeSandbox,
  InlineCodemodeSandbox: CodemodeSandbox,
  loadQuickJSWasm: () => void 0
};
module.exports = require("pigo:namespace").lazy(
  "pi-codemode.ts",
  () => ({
    from: {
      "pigo:codemode16": [
        "CODEMODE_OPTIONS_PREFIX",
        "CODEMODE_SOURCE_GRAMMAR",
        "CodemodeSourceError",
        "DEFAULT_INPUT_SCHEMA_MAX_CHARS",
        "MAX_OUTPUT_CHARS",
        "MAX_OUTPUT_ITEMS",
        "MAX_STORE_TOTAL_CHARS",
        "MAX_STORE_VALUE_CHARS",
        "parseCodemodeSource",
        "renderDeclarations",
        "renderToolOutputType",
        "renderToolSample",
        "renderToolSignature",
        "resolveSchemaRef",
        "schemaToType",
        "toCodemodeIdentifier"
      ]
    },
    computed: [...Object.keys(own), "RemoteCodemodeSandbox", "serveCodemodeRemote"]
  }),
  (name) => Object.prototype.hasOwnProperty.call(own, name) ? own[name] : require("pigo:pi16").unsupported("pi-codemode", name)
);
