// @earendil-works/pi-codemode (pi 1.6.0): the source grammar, identifier
// and declaration renderers vendored unchanged (pigo:codemode16, see
// gen16). CodemodeSandbox (and InlineCodemodeSandbox) run each script in a
// fresh goja runtime (pigo:codemode) instead of QuickJS in a worker; the
// remote sandboxes throw "not supported yet: pi-codemode <name>".
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;

const errorMessage = (error: any): string => (error instanceof Error ? error.message : String(error));

// pi-codemode's CodemodeSandboxBase: the tool and global tables, the
// defaults, and the host side of each call (runtime/execution.js); the VM
// side is pigo:codemode's. timeoutMs and memoryLimitBytes are accepted as
// pi's: the deadline interrupts the goja runtime, the heap limit is
// pigo:codemode's watchdog (goja cannot cap one runtime's heap).
class CodemodeSandbox {
  toolsByName = new Map<string, any>();
  globalsByName = new Map<string, any>();
  timeoutMs: number;
  running = new Set<any>();
  closed = false;
  constructor(options: any = {}) {
    this.timeoutMs = options.timeoutMs ?? 300_000;
    for (const tool of options.tools ?? []) this.registerTool(tool);
    for (const global of options.globals ?? []) {
      if (this.globalsByName.has(global.name)) throw new Error(`Global "${global.name}" is already registered`);
      this.globalsByName.set(global.name, global);
    }
  }
  registerTool(tool: any) {
    if (this.toolsByName.has(tool.name)) throw new Error(`Tool "${tool.name}" is already registered`);
    this.toolsByName.set(tool.name, tool);
  }
  unregisterTool(name: string) {
    return this.toolsByName.delete(name);
  }
  get tools() {
    return [...this.toolsByName.values()];
  }
  get globals() {
    return [...this.globalsByName.values()];
  }
  execute(code: string, options: any = {}): Promise<any> {
    if (this.closed) return Promise.reject(new Error("Sandbox is closed"));
    const { toCodemodeIdentifier } = require("pigo:codemode16");
    const store: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.store ?? {})) {
      const json = JSON.stringify(value);
      if (json !== undefined) store[key] = json;
    }
    const calls: any[] = [];
    const controllers = new Set<AbortController>();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const handle = require("pigo:codemode").run(
      {
        code,
        tools: JSON.stringify(this.tools.map((t) => ({ name: t.name, jsName: t.jsName ?? toCodemodeIdentifier(t.name), description: t.description ?? "" }))),
        globals: JSON.stringify(this.globals.map((g) => ({ name: g.name, spread: g.spread === true }))),
        store: JSON.stringify(store),
        timeoutMs: Number.isFinite(timeoutMs) ? Math.max(1, Math.round(timeoutMs)) : 0,
      },
      (target: string, name: string, args: string | undefined, reply: (ok: boolean, payload?: string) => void) => {
        const isTool = target === "tool";
        const record: any = isTool ? { name, status: "cancelled", durationMs: 0 } : undefined;
        if (record) calls.push(record);
        const controller = new AbortController();
        controllers.add(controller);
        const startedAt = performance.now();
        (async () => {
          const executor = (isTool ? this.toolsByName : this.globalsByName).get(name);
          if (!executor) throw new Error(`Unknown ${isTool ? "tool" : "global"} "${name}"`);
          return executor.execute(args === undefined ? undefined : JSON.parse(args), { signal: controller.signal });
        })().then(
          (value) => {
            if (controller.signal.aborted) return;
            if (record) Object.assign(record, { status: "ok", durationMs: performance.now() - startedAt });
            reply(true, value === undefined ? undefined : JSON.stringify(value));
          },
          (error) => {
            if (controller.signal.aborted) return;
            if (record) Object.assign(record, { status: "error", durationMs: performance.now() - startedAt });
            reply(false, errorMessage(error));
          },
        ).finally(() => controllers.delete(controller));
      },
    );
    const signal = options.signal;
    const onAbort = () => handle.abort(signal.reason instanceof Error ? signal.reason.message : "Execution aborted");
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    const execution = handle.result.then((result: any) => {
      signal?.removeEventListener("abort", onAbort);
      // Calls still running when the script ended are cancelled.
      for (const controller of controllers) controller.abort();
      this.running.delete(handle);
      if (!result.ok) return { ...result, calls };
      const set: Record<string, unknown> = {};
      for (const [key, json] of Object.entries(result.storeWrites.set)) set[key] = JSON.parse(json as string);
      const value = result.value === undefined ? undefined : JSON.parse(result.value);
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
// What this module defines itself. DEFAULT_INTERRUPT_BUDGET is
// runtime/inline.js's constant (QuickJS interrupt checks); the value is
// served so option code can read it. goja needs no wasm module: pi's
// callers pass loadQuickJSWasm's result back as `wasm`.
const own: Record<string, any> = {
  DEFAULT_INTERRUPT_BUDGET: 100000,
  CodemodeSandbox,
  CodemodeSandboxBase: CodemodeSandbox,
  InlineCodemodeSandbox: CodemodeSandbox,
  loadQuickJSWasm: () => undefined,
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
        "toCodemodeIdentifier",
      ],
    },
    computed: [...Object.keys(own), "RemoteCodemodeSandbox", "serveCodemodeRemote"],
  }),
  (name: string) => (Object.prototype.hasOwnProperty.call(own, name) ? own[name] : require("pigo:pi16").unsupported("pi-codemode", name)),
);
