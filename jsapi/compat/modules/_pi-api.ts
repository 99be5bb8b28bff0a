// pigo:pi-api — pi's ExtensionAPI as an adapter over pigo's v2 `pi` object
// (DESIGN decision 7). install(pi, host) adds pi's members to the v2 object
// the factory receives: registrations become v2 contributions, pi.on of an
// interceptable event becomes a hook, of any other event a listener, and
// action methods go to the host bridge (pigo:host, implemented in Go).
// Policy (ordering, what blocks what) stays in the engine; this file only
// translates shapes.

const STALE =
  "This extension ctx is stale after session replacement or reload. Do not use a captured pi or command ctx after ctx.newSession(), ctx.fork(), ctx.switchSession(), or ctx.reload(). For newSession, fork, and switchSession, move post-replacement work into withSession and use the ctx passed to withSession. For reload, do not use the old ctx after await ctx.reload().";
const NOT_INITIALIZED = "Extension runtime not initialized. Action methods cannot be called during extension loading.";
const BUILTIN_TOOLS = new Set(["read", "bash", "edit", "write", "grep", "find", "ls"]);

export function install(pi: any, host: any): any {
  const v2on = pi.on.bind(pi);
  const pluginId: string = pi.id;
  const sourceInfo = { path: host.sourcePath(), source: "local", scope: "temporary", origin: "top-level", baseDir: host.sourceDir() };
  const myFlags = new Map<string, any>();
  // Read-your-writes: registrations rebuild asynchronously, so
  // what this plugin registered is merged into getAllTools/getCommands
  // until the host's state has it.
  const myTools = new Map<string, any>();
  const myCommands = new Map<string, any>();
  // pi 1.6's registrations, read back the same way.
  const myVirtualModels = new Map<string, any>(); // "provider/id" → definition (undefined: unregistered)
  const myMcpServers = new Map<string, any>(); // name → entry (undefined: unregistered)
  // pi.events handlers of this runtime, called synchronously by emit.
  const localBus = new Map<string, Set<(data: any) => Promise<void>>>();
  let seq = 0;
  const nextKey = () => `${pluginId}#${seq++}`;

  const assertActive = () => {
    if (host.isStale()) throw new Error(STALE);
  };
  const action = () => {
    assertActive();
    if (host.isLoading()) throw new Error(NOT_INITIALIZED);
  };
  const unsupported = (name: string) => () => {
    host.unsupported(name);
    throw new Error("not supported yet: " + name);
  };

  const ui = makeUI(host, assertActive);
  const sessionManager = makeSessionManager(host, assertActive);
  const virtualModels = (): any[] => {
    const byKey = new Map<string, any>(Object.entries(pi.virtualModels.current()));
    for (const [k, v] of myVirtualModels) {
      if (v === undefined) byKey.delete(k);
      else byKey.set(k, v);
    }
    return [...byKey.values()];
  };
  const modelRegistry = makeModelRegistry(host, assertActive, virtualModels);

  // ctx is made fresh for every call and every member checks staleness.
  // Members live on a per-plugin prototype, so a call only pays for one
  // small object (hooks run on hot paths). Unlike pi's object literal the
  // getters are not own properties; no example spreads a ctx.
  const check = <T>(v: T): T => (assertActive(), v);
  const SIGNAL = Symbol("signal");
  class ExtensionContext {
    [SIGNAL]: any;
    constructor(signal?: any) {
      this[SIGNAL] = signal;
    }
    get ui() { return check(ui); }
    get hasUI() { return check(host.hasUI()); }
    get cwd() { return check(host.cwd()); }
    get sessionManager() { return check(sessionManager); }
    get modelRegistry() { return check(modelRegistry); }
    get model() { return check(host.model()); }
    get signal() { return check(this[SIGNAL]); }
    // pi 1.6
    get mode() { return check(host.mode()); }
    get scopedModels() { return check([]); }
    get thinkingLevel() { return check(host.getThinkingLevel()); }
    isProjectTrusted() { return check(host.isProjectTrusted()); }
    isIdle() { return check(host.isIdle()); }
    abort() { assertActive(); host.abort(); }
    hasPendingMessages() { return check(host.hasPendingMessages()); }
    shutdown() { assertActive(); host.shutdown(); }
    getContextUsage() { return check(host.getContextUsage()); }
    compact(o?: any) { assertActive(); host.compact(o); }
    getSystemPrompt() { return check(host.getSystemPrompt()); }
  }
  // Session replacement keeps pigo's extension instances (pi reloads
  // them): withSession gets a fresh command context of the same instance.
  const replaced = async (r: any, o: any): Promise<{ cancelled: boolean }> => {
    if (!r.cancelled && typeof o?.withSession === "function") await o.withSession(makeCommandCtx());
    return { cancelled: !!r.cancelled };
  };
  class ExtensionCommandContext extends ExtensionContext {
    getSystemPromptOptions() { return check(host.systemPromptOptions()); }
    waitForIdle() { assertActive(); return host.sessionControl("waitForIdle", {}); }
    reload() { assertActive(); return host.reload(); }
    async newSession(o?: any) {
      assertActive();
      const r = await host.sessionControl("new", { parentSession: o?.parentSession });
      if (!r.cancelled && typeof o?.setup === "function") {
        await o.setup(makeWritableSessionManager(host, sessionManager));
        await host.sessionControl("refresh", {});
      }
      return replaced(r, o);
    }
    async fork(entryId: string, o?: any) {
      assertActive();
      return replaced(await host.sessionControl("fork", { entryId, position: o?.position ?? "before" }), o);
    }
    async switchSession(sessionPath: string, o?: any) {
      assertActive();
      return replaced(await host.sessionControl("switch", { sessionPath }), o);
    }
    async navigateTree(targetId: string, o?: any) {
      assertActive();
      const args: any = { targetId };
      for (const k of ["summarize", "customInstructions", "replaceInstructions", "label"]) if (o?.[k] !== undefined) args[k] = o[k];
      return host.sessionControl("navigate", args);
    }
  }
  // pi 1.6's ExtensionToolContext: a tool's execute() may run other tools.
  class ExtensionToolContext extends ExtensionContext {
    #callId: string;
    #nested = 0;
    constructor(signal: any, callId: string) {
      super(signal);
      this.#callId = callId;
    }
    get tools() {
      return check(host.getAllTools());
    }
    executeTool(name: string, args: unknown, _options?: any) {
      assertActive();
      return host.executeTool(name, args ?? {}, `${this.#callId}/${++this.#nested}`);
    }
  }
  // A ctx put in a pi.events payload: its members live on the prototype,
  // which the codec does not walk, so it crosses as a plain snapshot (the
  // getters read now, the methods as handles). Payload and its direct
  // members are looked at, where request payloads put a ctx.
  const snapshot = (c: any): any => {
    const out: any = {};
    for (let p = Object.getPrototypeOf(c); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
        if (k === "constructor" || k === "signal" || k in out) continue;
        try {
          out[k] = d.get ? d.get.call(c) : typeof d.value === "function" ? d.value.bind(c) : d.value;
        } catch {
          // a stale ctx: leave the member out
        }
      }
    }
    return out;
  };
  const crossable = (data: any): any => {
    if (data instanceof ExtensionContext) return snapshot(data);
    if (!data || typeof data !== "object" || Array.isArray(data) || Object.getPrototypeOf(data) !== Object.prototype) return data;
    if (!Object.values(data).some((v) => v instanceof ExtensionContext)) return data;
    const out: any = {};
    for (const [k, v] of Object.entries(data)) out[k] = v instanceof ExtensionContext ? snapshot(v) : v;
    return out;
  };
  const makeCtx = (signal?: any): any => new ExtensionContext(signal);
  const makeCommandCtx = (): any => new ExtensionCommandContext();

  const api: any = {
    on(event: string, handler: (e: any, ctx: any) => any) {
      assertActive();
      if (typeof handler !== "function") throw new TypeError(`pi.on("${event}"): handler must be a function`);
      // pi 1.6 returns a function that removes the handler; a removed
      // handler stays in pigo's chain but no longer runs.
      let on = true;
      if (host.isHookEvent(event)) {
        pi.hook(event, (e: any) => (on ? handler(e, makeCtx(e && e.signal)) : undefined));
      } else {
        v2on(event, (e: any) => (on ? handler(e, makeCtx()) : undefined));
      }
      return () => {
        on = false;
      };
    },
    registerTool(tool: any) {
      assertActive();
      if (!tool || typeof tool.name !== "string") throw new TypeError("registerTool: tool.name must be a string");
      const name = tool.name;
      const def: any = { ...tool };
      delete def.name;
      const execute = tool.execute;
      def.execute = standsFor(
        (id: string, params: any, signal: any, onUpdate: any) =>
          execute.call(tool, id, params, signal, onUpdate, new ExtensionToolContext(signal, id)),
        execute,
      );
      def.sourceInfo = sourceInfo;
      myTools.set(name, { name, description: tool.description, parameters: tool.parameters, sourceInfo });
      pi.tools.add((d: any) => {
        // Across extensions the first registration wins (pi); built-ins
        // may be overridden; within one extension the last set wins.
        if (d.has(name) && d.ownerOf(name) !== pluginId && !d.isBuiltin(name)) {
          host.warn(`tool "${name}" is already registered by ${d.ownerOf(name)}; the first registration wins`);
          return;
        }
        d.set(name, def);
      });
    },
    registerCommand(name: string, options: any) {
      assertActive();
      // pi 1.6 rejects a malformed command when the extension loads.
      if (typeof name !== "string" || name.trim() === "")
        throw new TypeError(`registerCommand: the command name must be a non-empty string (got ${describe(name)})`);
      const handler = options && options.handler;
      if (typeof handler !== "function")
        throw new TypeError(`registerCommand("${name}"): options.handler must be a function (got ${describe(handler)})`);
      const def: any = { ...options, name, sourceInfo };
      def.handler = standsFor((args: string) => handler.call(options, args, makeCommandCtx()), handler);
      myCommands.set(name, { name, description: options.description, source: "extension", sourceInfo });
      // Duplicate names across extensions become name:1, name:2 (engine).
      pi.commands.add((d: any) => d.set(name + "\u0000" + pluginId, def));
    },
    registerShortcut(shortcut: string, options: any) {
      assertActive();
      const def: any = { ...options, shortcut };
      if (typeof options?.handler === "function") def.handler = standsFor(() => options.handler(makeCtx()), options.handler);
      pi.shortcuts.add((d: any) => d.set(shortcut, def));
    },
    registerFlag(name: string, options: any) {
      assertActive();
      myFlags.set(name, { ...options, name });
      pi.flags.add((d: any) => d.set(name, { ...options, name }));
    },
    getFlag(name: string) {
      assertActive();
      if (!myFlags.has(name)) return undefined;
      const v = host.flagValue(name);
      return v !== undefined ? v : myFlags.get(name).default;
    },
    registerMessageRenderer(customType: string, renderer: any) {
      assertActive();
      pi.messageRenderers.add((d: any) => {
        if (!d.has(customType)) d.set(customType, { renderer }); // the first renderer wins
      });
    },
    registerProvider(name: string, config: any) {
      assertActive();
      const def: any = { ...config, name };
      if (typeof config?.streamSimple === "function") {
        // The host consumes JS providers through one call that reports
        // each pi-ai event and resolves with the final message.
        const streamSimple = config.streamSimple;
        def.__pigoStream = async (model: any, context: any, options: any, emit: (ev: any) => void) => {
          const stream = streamSimple(model, context, options);
          for await (const ev of stream) emit(ev);
          return typeof stream.result === "function" ? await stream.result() : undefined;
        };
      }
      pi.providers.add((d: any) => d.set(name, def));
    },
    unregisterProvider(name: string) {
      assertActive();
      pi.providers.add((d: any) => d.delete(name));
    },
    // --- pi 1.6 registrations: recorded in the host's registries
    // (engine/pi16.go) for clients; pigo has no TUI yet to draw them.
    registerEntryRenderer(customType: string, renderer: any) {
      assertActive();
      if (typeof customType !== "string") throw new TypeError("registerEntryRenderer: customType must be a string");
      if (typeof renderer !== "function") throw new TypeError(`registerEntryRenderer("${customType}"): renderer must be a function`);
      pi.entryRenderers.add((d: any) => {
        if (!d.has(customType)) d.set(customType, { renderer }); // the first renderer wins, as for messages
      });
    },
    registerToolRenderer(resolver: any) {
      assertActive();
      if (typeof resolver !== "function") throw new TypeError("registerToolRenderer: resolver must be a function");
      const key = nextKey();
      pi.toolRenderers.add((d: any) => d.set(key, { resolver }));
    },
    registerMarkdownTransformer(transformer: any, options?: any) {
      assertActive();
      if (typeof transformer !== "function") throw new TypeError("registerMarkdownTransformer: transformer must be a function");
      const key = nextKey();
      pi.markdownTransformers.add((d: any) => d.set(key, { transformer, options: options ?? {} }));
    },
    registerVirtualModel(model: any) {
      assertActive();
      if (!model || typeof model.provider !== "string" || typeof model.id !== "string")
        throw new TypeError("registerVirtualModel: provider and id must be strings");
      if (typeof model.route !== "function") throw new TypeError(`registerVirtualModel("${model.provider}/${model.id}"): route must be a function`);
      const key = `${model.provider}/${model.id}`;
      // A virtual model is a model of pi's "pi-virtual" api whose route()
      // picks the physical model per request.
      const def = { name: model.id, ...model, api: "pi-virtual", sourceInfo };
      myVirtualModels.set(key, def);
      pi.virtualModels.add((d: any) => d.set(key, def));
    },
    unregisterVirtualModel(provider: string, id: string) {
      assertActive();
      const key = `${provider}/${id}`;
      myVirtualModels.set(key, undefined);
      pi.virtualModels.add((d: any) => d.delete(key));
    },
    registerMcpServer(name: string, config: any) {
      assertActive();
      if (typeof name !== "string" || name === "") throw new TypeError("registerMcpServer: name must be a non-empty string");
      if (!config || typeof config !== "object") throw new TypeError(`registerMcpServer("${name}"): config must be an object`);
      const entry = { name, config, extensionPath: sourceInfo.path };
      myMcpServers.set(name, entry);
      pi.mcpServers.add((d: any) => d.set(name, entry));
      if (!host.isLoading()) host.emit("mcp_servers_change", { servers: api.getMcpServers() });
    },
    unregisterMcpServer(name: string) {
      assertActive();
      myMcpServers.set(name, undefined);
      pi.mcpServers.add((d: any) => d.delete(name));
      if (!host.isLoading()) host.emit("mcp_servers_change", { servers: api.getMcpServers() });
    },
    getMcpServers() {
      assertActive();
      const byName = new Map<string, any>(Object.entries(pi.mcpServers.current()));
      for (const [k, v] of myMcpServers) {
        if (v === undefined) byName.delete(k);
        else byName.set(k, v);
      }
      return [...byName.values()];
    },
    getSettings() {
      assertActive();
      return readSettings(host.cwd());
    },
    exec(command: string, args: string[], options?: any) {
      assertActive();
      return host.exec(command, args || [], options || {});
    },
    sendMessage(message: any, options?: any) {
      action();
      host.sendMessage(message, options || {});
    },
    sendUserMessage(content: any, options?: any) {
      action();
      host.sendUserMessage(content, options || {});
    },
    appendEntry(customType: string, data?: any) {
      action();
      host.appendEntry(customType, data);
    },
    setSessionName(name: string) {
      action();
      host.setSessionName(name);
    },
    getSessionName() {
      action();
      return host.getSessionName();
    },
    setLabel(entryId: string, label?: string) {
      action();
      host.setLabel(entryId, label);
    },
    getActiveTools() {
      action();
      return host.getActiveTools();
    },
    setActiveTools(names: string[]) {
      action();
      host.setActiveTools(names);
    },
    getAllTools() {
      action();
      const list = host.getAllTools();
      for (const [name, info] of myTools) if (!list.some((t: any) => t.name === name)) list.push(info);
      return list;
    },
    getCommands() {
      action();
      // extension commands, then prompt templates and skills (as pi lists them)
      const list = host.getCommands();
      let at = list.findIndex((c: any) => c.source !== "extension");
      if (at < 0) at = list.length;
      for (const [name, info] of myCommands) {
        const known = list.some((c: any) => c.source === "extension" && (c.name === name || c.name.startsWith(name + ":")));
        if (!known) list.splice(at++, 0, info);
      }
      return list;
    },
    getThinkingLevel() {
      action();
      return host.getThinkingLevel();
    },
    setThinkingLevel(level: string) {
      action();
      host.setThinkingLevel(level);
    },
    setModel(model: any) {
      assertActive();
      if (host.isLoading()) return Promise.reject(new Error("Extension runtime not initialized"));
      return host.setModel(model);
    },
    // pi's bus is a Node EventEmitter: emit runs every handler, in
    // registration order, up to its first await before returning, so a
    // handler can answer a request (call a reply callback in the payload)
    // before emit returns. Handlers of this runtime get exactly that.
    // Handlers in other runtimes (every other extension entry) get the
    // event afterwards, asynchronously: a loop never blocks on another.
    // Functions in the payload reach them as handles that post the call
    // back here and return a Promise, and a ctx crosses as a snapshot of
    // its values with its methods as handles (crossable).
    events: {
      emit(channel: string, data: any) {
        for (const h of [...(localBus.get(channel) ?? [])]) h(data);
        host.busEmit(channel, crossable(data));
      },
      on(channel: string, handler: (data: any) => any) {
        const safe = async (data: any) => {
          try {
            await handler(data);
          } catch (err) {
            console.error(`Event handler error (${channel}):`, err);
          }
        };
        let set = localBus.get(channel);
        if (!set) localBus.set(channel, (set = new Set()));
        set.add(safe);
        const off = host.busOn(channel, safe);
        return () => {
          localBus.get(channel)?.delete(safe);
          off();
        };
      },
    },
  };
  for (const [k, v] of Object.entries(api)) {
    Object.defineProperty(pi, k, { value: v, enumerable: true, configurable: true, writable: true });
  }
  return pi;
}

function makeUI(host: any, assertActive: () => void): any {
  // pi 1.6 tells every extension when a blocking prompt opens and closes
  // (ui_prompt_start/ui_prompt_end, outermost prompt only, and only with
  // a UI: without one a dialog answers at once).
  let depth = 0;
  let active: any;
  const prompt = (kind: string, title: string | undefined, run: () => Promise<any>): Promise<any> => {
    if (!host.hasUI()) return run();
    const t = title ? { title } : {};
    if (depth++ === 0) {
      active = { kind, ...t };
      host.emit("ui_prompt_start", { reason: "ui_prompt", ...active });
    }
    const finish = () => {
      if (--depth > 0) return;
      depth = 0;
      host.emit("ui_prompt_end", { reason: "ui_prompt", ...(active ?? { kind, ...t }) });
      active = undefined;
    };
    try {
      return run().finally(finish);
    } catch (err) {
      finish();
      throw err;
    }
  };
  const dialog = (method: string, params: any, map: (r: any) => any, dflt: any) => {
    assertActive();
    return prompt(method, params.title, () => host.dialog(method, params)).then((r: any) => (r == null || r.cancelled ? dflt : map(r)));
  };
  const opts = (o: any) => ({ timeout: o?.timeout, signal: o?.signal });
  const set = (op: string, key: string, sub: string, value: any) => {
    assertActive();
    host.uiSet(op, key, sub, value === undefined ? null : value);
  };
  return {
    select: (title: string, options: string[], o?: any) =>
      dialog("select", { title, options, ...opts(o) }, (r) => r.value, undefined),
    confirm: (title: string, message: string, o?: any) =>
      dialog("confirm", { title, message, ...opts(o) }, (r) => r.confirmed === true, false),
    input: (title: string, placeholder?: string, o?: any) =>
      dialog("input", { title, placeholder, ...opts(o) }, (r) => r.value, undefined),
    editor: (title: string, prefill?: string) => dialog("editor", { title, prefill }, (r) => r.value, undefined),
    notify: (message: string, type?: string) => {
      assertActive();
      host.notify(String(message), type == null ? "" : String(type));
    },
    setStatus: (key: string, text?: string) => set("setStatus", "status", key, text),
    setWidget: (key: string, content: any, options?: any) => {
      if (typeof content === "function") {
        set("setWidget", "widgets", key, { component: true, placement: options?.placement });
      } else {
        set("setWidget", "widgets", key, content === undefined ? undefined : { lines: content, placement: options?.placement });
      }
    },
    setTitle: (title: string) => set("setTitle", "title", "", title),
    setEditorText: (text: string) => set("setEditorText", "editorText", "", text),
    pasteToEditor: (text: string) => set("pasteToEditor", "editorText", "", text),
    getEditorText: () => (assertActive(), host.uiGet("editorText") ?? ""),
    setWorkingMessage: (message?: string) => set("setWorkingMessage", "workingMessage", "", message),
    setWorkingVisible: (visible: boolean) => set("setWorkingVisible", "workingVisible", "", visible),
    // No argument restores pi's default indicator: recorded as a clear.
    setWorkingIndicator: (options?: any) => set("setWorkingIndicator", "workingIndicator", "", options),
    setHiddenThinkingLabel: (label?: string) => set("setHiddenThinkingLabel", "hiddenThinkingLabel", "", label),
    setFooter: (factory: any) => set("setFooter", "footer", "", factory ? true : undefined),
    setHeader: (factory: any) => set("setHeader", "header", "", factory ? true : undefined),
    setEditorComponent: (factory: any) => set("setEditorComponent", "editorComponent", "", factory ? true : undefined),
    getEditorComponent: (): any => undefined,
    setTheme: (t: any) => {
      assertActive();
      // pi's RPC mode cannot switch themes and says so.
      if (host.mode() === "rpc") return { success: false, error: "Theme switching not supported in RPC mode" };
      host.uiSet("setTheme", "theme", "", typeof t === "string" ? t : t?.name ?? null);
      return host.hasUI() ? { success: true } : { success: false, error: "UI not available" };
    },
    getAllThemes: (): any[] => [],
    getTheme: (): any => undefined,
    getToolsExpanded: () => false,
    setToolsExpanded: (expanded: boolean) => set("setToolsExpanded", "toolsExpanded", "", expanded),
    custom: (_factory: any, _options?: any) => {
      assertActive();
      host.uiSet("custom", "custom", "", null);
      return Promise.resolve(undefined);
    },
    addAutocompleteProvider: (_f: any) => set("addAutocompleteProvider", "autocomplete", "", true),
    onTerminalInput: (_h: any) => () => {},
    // pi's global theme (pi-coding-agent's): plain text until initTheme().
    get theme() {
      return require("pigo:agent-theme").theme;
    },
  };
}

function makeSessionManager(host: any, assertActive: () => void): any {
  const m = (f: (...a: any[]) => any) => (...a: any[]) => (assertActive(), f(...a));
  return {
    getCwd: m(() => host.cwd()),
    getSessionDir: m(() => host.session("dir")),
    getSessionId: m(() => host.session("id")),
    getSessionFile: m(() => host.session("file")),
    getLeafId: m(() => host.session("leafId")),
    getLeafEntry: m(() => host.session("leafEntry")),
    getEntry: m((id: string) => host.session("entry", id)),
    getLabel: m((id: string) => host.session("label", id)),
    getBranch: m((fromId?: string) => host.session("branch", fromId)),
    getHeader: m(() => host.session("header")),
    getEntries: m(() => host.session("entries")),
    getTree: m(() => host.session("tree")),
    getSessionName: m(() => host.session("name")),
  };
}

// makeWritableSessionManager is the SessionManager a newSession setup
// callback fills: the read-only view plus pi's append methods.
function makeWritableSessionManager(host: any, ro: any): any {
  const append = (entry: any) => host.sessionAppend(entry);
  return {
    ...ro,
    appendMessage: (message: any) => append({ type: "message", message }),
    appendThinkingLevelChange: (thinkingLevel: string) => append({ type: "thinking_level_change", thinkingLevel }),
    appendModelChange: (provider: string, modelId: string) => append({ type: "model_change", provider, modelId }),
    appendCustomEntry: (customType: string, data?: any) => append({ type: "custom", customType, data }),
    appendCustomMessageEntry: (customType: string, content: any, display: boolean, details?: any) =>
      append({ type: "custom_message", customType, content, display, details }),
    appendSessionInfo: (name: string) => append({ type: "session_info", name: String(name).trim() }),
    appendLabelChange: (targetId: string, label?: string) => append({ type: "label", targetId, label }),
  };
}

// standsFor marks an adapter wrapper as standing for the extension's own
// function: registry diffs fingerprint that function's code (jsapi's
// function handles read the property), so an edited execute or handler
// shows as changed on reload.
function standsFor<F>(wrapper: F, fn: any): F {
  return Object.defineProperty(wrapper, "__pigoStandsFor", { value: fn });
}

function describe(v: any): string {
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  return typeof v;
}

// readSettings is pi's merged settings.json: the global file
// (<agent dir>/settings.json) under the project's (<cwd>/.pi/settings.json),
// objects merged key by key, the project winning.
function readSettings(cwd: string): any {
  const fs = require("node:fs");
  const path = require("node:path");
  const read = (f: string): any => {
    try {
      const v = JSON.parse(fs.readFileSync(f, "utf8"));
      return v && typeof v === "object" && !Array.isArray(v) ? v : {};
    } catch {
      return {};
    }
  };
  const merge = (a: any, b: any): any => {
    const out: any = { ...a };
    for (const [k, v] of Object.entries(b)) {
      const cur = out[k];
      out[k] =
        cur && v && typeof cur === "object" && typeof v === "object" && !Array.isArray(cur) && !Array.isArray(v) ? merge(cur, v) : v;
    }
    return out;
  };
  const agentDir = require("pigo:tools-util").getAgentDir();
  return merge(read(path.join(agentDir, "settings.json")), read(path.join(cwd, ".pi", "settings.json")));
}

function makeModelRegistry(host: any, assertActive: () => void, virtualModels: () => any[]): any {
  // Models: what extensions registered (host), then pi-ai's catalog.
  const ai = () => require("@mariozechner/pi-ai");
  const catalog = (): any[] => {
    const out: any[] = [];
    for (const p of ai().getProviders()) out.push(...ai().getModels(p));
    return out;
  };
  const virtual = (provider: string, modelId: string) => virtualModels().find((m) => m.provider === provider && m.id === modelId);
  // In an agent session the session's registry answers, as pi's
  // ModelRuntime does (built-in, models.json and extension providers;
  // auth from auth.json and the environment). Without one (pigo dev,
  // check) what extensions registered and pi-ai's catalog stand in.
  const find = (provider: string, modelId: string) => {
    const s = host.sessionFindModel(provider, modelId);
    if (s) return s;
    const m = host.findModel(provider, modelId) ?? virtual(provider, modelId);
    if (m || s === null) return m;
    return ai().getModel(provider, modelId);
  };
  const envAuth = (provider: string): [boolean, boolean] => [!!ai().getEnvApiKey(provider), false];
  const auth = (model: any): [boolean, boolean] => host.modelAuth(model?.provider) ?? envAuth(model?.provider);
  // pi 1.6 model types: chat models (everything pigo knows) and the
  // classifier/image models pigo has none of.
  const typeOf = (m: any): string => (m && typeof m.type === "string" ? m.type : "chat");
  return {
    find: (provider: string, modelId: string) => (assertActive(), find(provider, modelId)),
    getModelOfType: (type: string, provider: string, modelId: string) => {
      assertActive();
      const m = find(provider, modelId);
      return m && typeOf(m) === type ? m : undefined;
    },
    findOfType: (type: string, provider: string, modelId: string) => {
      assertActive();
      const m = find(provider, modelId);
      return m && typeOf(m) === type ? m : undefined;
    },
    // "Never rejects": without classifier models the answer is an error result.
    classify: async (model: any, _context: any, _options?: any) => {
      assertActive();
      return { stopReason: "error", errorMessage: `not supported yet: classify (${model?.provider}/${model?.id})`, answers: {} };
    },
    // pi 1.6: request-time auth inside the registry. pigo's providers
    // resolve credentials themselves, so these are pi-ai's calls.
    hasConfiguredAuth: (model: any) => (assertActive(), auth(model)[0]),
    // An auth.json OAuth login (a subscription) rather than an API key.
    isUsingOAuth: (model: any) => (assertActive(), auth(model)[1]),
    stream: (model: any, context: any, options?: any) => (assertActive(), ai().stream(model, context, options)),
    streamSimple: (model: any, context: any, options?: any) => (assertActive(), ai().streamSimple(model, context, options)),
    complete: (model: any, context: any, options?: any) => (assertActive(), ai().complete(model, context, options)),
    getAll: () => {
      assertActive();
      const s = host.sessionModels("all");
      return s ? [...s, ...virtualModels()] : [...host.allModels(), ...virtualModels(), ...catalog()];
    },
    getAvailable: () => {
      assertActive();
      return host.sessionModels("available") ?? [...host.allModels(), ...catalog()].filter((m: any) => !!ai().getEnvApiKey(m.provider));
    },
    // In a session the registry resolves the key as pi does (auth.json
    // key or OAuth login, environment, models.json); without one only the
    // environment. No key is { ok: true, apiKey: undefined }, as in pi.
    getApiKeyAndHeaders: async (model: any) => {
      assertActive();
      const session = host.modelRequestAuth(model?.provider, model?.id);
      if (session) return session;
      return { ok: true, apiKey: ai().getEnvApiKey(model?.provider), headers: undefined as Record<string, string> | undefined };
    },
  };
}
