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

// The members install adds to pi, in pi's order.
const API_METHODS = [
  "on",
  "registerTool",
  "registerCommand",
  "registerShortcut",
  "registerFlag",
  "getFlag",
  "registerMessageRenderer",
  "registerProvider",
  "unregisterProvider",
  "registerEntryRenderer",
  "registerToolRenderer",
  "registerMarkdownTransformer",
  "registerVirtualModel",
  "unregisterVirtualModel",
  "registerMcpServer",
  "unregisterMcpServer",
  "getMcpServers",
  "getSettings",
  "exec",
  "sendMessage",
  "sendUserMessage",
  "appendEntry",
  "setSessionName",
  "getSessionName",
  "setLabel",
  "getActiveTools",
  "setActiveTools",
  "getAllTools",
  "getCommands",
  "getThinkingLevel",
  "setThinkingLevel",
  "setModel",
  "events",
];

// These registrations' contributions read only the draft and the objects
// they captured, and have no other effect (host.warn counts as activity):
// a rebuild may reuse what they did last while this runtime ran nothing.
const PURE = { pure: true };

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

  // ctx.ui, ctx.sessionManager and ctx.modelRegistry are made on first
  // read (one object each per plugin): most plugins never read them, and
  // making them cost every runtime some 30 to 70 functions each.
  let uiObj: any;
  const ui = () => (uiObj ??= makeUI(host, assertActive, v2on));
  let sessionManagerObj: any;
  const sessionManager = () => (sessionManagerObj ??= makeSessionManager(host, assertActive));
  const virtualModels = (): any[] => {
    const byKey = new Map<string, any>(Object.entries(pi.virtualModels.current()));
    for (const [k, v] of myVirtualModels) {
      if (v === undefined) byKey.delete(k);
      else byKey.set(k, v);
    }
    return [...byKey.values()];
  };
  let modelRegistryObj: any;
  const modelRegistry = () => (modelRegistryObj ??= makeModelRegistry(host, assertActive, virtualModels));

  // ctx is made fresh for every call and every member checks staleness.
  // Members live on a per-plugin prototype, so a call only pays for one
  // small object (hooks run on hot paths). Unlike pi's object literal the
  // getters are not own properties; no example spreads a ctx.
  const SIGNAL = Symbol("signal");
  // The ctx classes are made with the first ctx (a plugin that is only
  // loaded makes none): their members would cost every runtime.
  let ctxClasses: any;
  const contexts = () => (ctxClasses ??= makeContextClasses(assertActive, ui, sessionManager, modelRegistry));
  // makeContextClasses makes the ctx classes whose members check assert
  // and read ui, sessionManager and modelRegistry: this instance's, or a
  // replacement session's (replacedCtx).
  const makeContextClasses = (assert: () => void, ui: () => any, sessionManager: () => any, modelRegistry: () => any) => {
    const check = <T>(v: T): T => (assert(), v);
    class ExtensionContext {
      [SIGNAL]: any;
      constructor(signal?: any) {
        this[SIGNAL] = signal;
      }
      get ui() { return check(ui()); }
      get hasUI() { return check(host.hasUI()); }
      get cwd() { return check(host.cwd()); }
      get sessionManager() { return check(sessionManager()); }
      get modelRegistry() { return check(modelRegistry()); }
      get model() { return check(host.model()); }
      get signal() { return check(this[SIGNAL]); }
      // pi 1.6
      get mode() { return check(host.mode()); }
      get scopedModels() { return check([]); }
      get thinkingLevel() { return check(host.getThinkingLevel()); }
      isProjectTrusted() { return check(host.isProjectTrusted()); }
      isIdle() { return check(host.isIdle()); }
      abort() { assert(); host.abort(); }
      hasPendingMessages() { return check(host.hasPendingMessages()); }
      shutdown() { assert(); host.shutdown(); }
      getContextUsage() { return check(host.getContextUsage()); }
      compact(o?: any) { assert(); host.compact(o); }
      getSystemPrompt() { return check(host.getSystemPrompt()); }
    }
    // A replacement (ctx.newSession, fork, switchSession) reloads the
    // extensions: this instance is stale once it returns, and its
    // handler goes on here, as pi's old closure does. withSession gets
    // a ctx of the replacement session (replacedCtx).
    const replaced = async (r: any, o: any): Promise<{ cancelled: boolean }> => {
      if (!r.cancelled && typeof o?.withSession === "function") await o.withSession(replacedCtx());
      return { cancelled: !!r.cancelled };
    };
    class ExtensionCommandContext extends ExtensionContext {
      getSystemPromptOptions() { return promptOptionsShape(check(host.systemPromptOptions())); }
      waitForIdle() { assert(); return host.sessionControl("waitForIdle", {}); }
      // Settles (with undefined, as pi's) once the extensions reloaded.
      async reload() { assert(); await host.reload(); }
      async newSession(o?: any) {
        assert();
        const setup = typeof o?.setup === "function" ? o.setup : undefined;
        // With a setup callback the new session waits to start: pi 1.6
        // runs setup on the new session's SessionManager before the new
        // extension instances get session_start, so their handlers see
        // what it wrote.
        const r = await host.sessionControl("new", { parentSession: o?.parentSession, setup: setup !== undefined });
        if (!r.cancelled && setup) {
          try {
            await setup(makeWritableSessionManager(host, makeSessionManager(host, freshFor(host.sessionSerial()))));
          } finally {
            // A setup that throws rejects newSession, as in pi, but the
            // new session still starts (pi would leave its extensions
            // unbound).
            await host.sessionControl("start", {});
          }
        }
        return replaced(r, o);
      }
      async fork(entryId: string, o?: any) {
        assert();
        return replaced(await host.sessionControl("fork", { entryId, position: o?.position ?? "before" }), o);
      }
      async switchSession(sessionPath: string, o?: any) {
        assert();
        return replaced(await host.sessionControl("switch", { sessionPath }), o);
      }
      async navigateTree(targetId: string, o?: any) {
        assert();
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
        return check(host.getAllTools(true));
      }
      executeTool(name: string, args: unknown, _options?: any) {
        assert();
        return host.executeTool(name, args ?? {}, `${this.#callId}/${++this.#nested}`);
      }
    }
    return { ExtensionContext, ExtensionCommandContext, ExtensionToolContext };
  };
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
    const ExtensionContext = ctxClasses?.ExtensionContext;
    if (ExtensionContext === undefined) return data; // no ctx yet
    if (data instanceof ExtensionContext) return snapshot(data);
    if (!data || typeof data !== "object" || Array.isArray(data) || Object.getPrototypeOf(data) !== Object.prototype) return data;
    if (!Object.values(data).some((v) => v instanceof ExtensionContext)) return data;
    const out: any = {};
    for (const [k, v] of Object.entries(data)) out[k] = v instanceof ExtensionContext ? snapshot(v) : v;
    return out;
  };
  const makeCtx = (signal?: any): any => new (contexts().ExtensionContext)(signal);
  // freshFor is the staleness check of a ctx made for the session
  // numbered serial (host.sessionSerial): stale once another is current.
  const freshFor = (serial: number) => () => {
    if (host.sessionSerial() !== serial) throw new Error(STALE);
  };
  // replacedCtx is pi's ReplacedSessionContext, the ctx withSession gets:
  // a command context of the current (replacement) session, with async
  // sendMessage and sendUserMessage. It is made in this (old) runtime,
  // as pi's withSession runs in the old closure; its host calls act on
  // the current session.
  const replacedCtx = (): any => {
    const fresh = freshFor(host.sessionSerial());
    let u: any, sm: any, mr: any;
    const classes = makeContextClasses(
      fresh,
      () => (u ??= makeUI(host, fresh, v2on)),
      () => (sm ??= makeSessionManager(host, fresh)),
      () => (mr ??= makeModelRegistry(host, fresh, virtualModels)),
    );
    const c: any = new classes.ExtensionCommandContext();
    c.sendMessage = async (message: any, options?: any) => {
      fresh();
      host.sendMessage(message, options || {});
    };
    c.sendUserMessage = async (content: any, options?: any) => {
      fresh();
      host.sendUserMessage(content, options || {});
    };
    return c;
  };

  // Renderers the host calls (engine/piapi/render.go): make the component and
  // render it at a width, in this runtime. A tool row's context.state is
  // shared by its call and result renders, as in pi's tool-execution.
  const themeNow = () => require("pigo:agent-theme").theme;
  const keyHints = () => {
    const t = require("pigo:agent-theme");
    return { keyText: t.keyText, keyHint: t.keyHint };
  };
  const linesOf = (comp: any, width: number): string[] | null => (comp == null ? null : comp.render(width));
  const toolStates = new Map<string, any>();
  const renderTool = (r: any, req: any, width: number): string[] | null => {
    const fn = req.phase === "call" ? r?.renderCall : r?.renderResult;
    if (typeof fn !== "function") return null;
    let state = toolStates.get(req.toolCallId);
    if (!state) {
      state = {};
      if (req.toolCallId) toolStates.set(req.toolCallId, state);
      if (toolStates.size > 256) toolStates.delete(toolStates.keys().next().value);
    }
    const context = {
      args: req.args, toolCallId: req.toolCallId, invalidate: () => {}, lastComponent: undefined, state, cwd: host.cwd(),
      executionStarted: req.phase === "result", argsComplete: true, isPartial: !!req.isPartial, expanded: !!req.expanded,
      showImages: false, isError: !!req.isError, durationMs: undefined, outputPad: 1, ...keyHints(),
    };
    const comp = req.phase === "call"
      ? fn.call(r, req.args, themeNow(), context)
      : fn.call(r, req.result, { expanded: !!req.expanded, isPartial: !!req.isPartial }, themeNow(), context);
    return linesOf(comp, width);
  };
  const makeCommandCtx = (): any => new (contexts().ExtensionCommandContext)();

  // The methods are made on first read (host.lazyMethods): a plugin calls
  // a few of them, and making every one cost each runtime a function
  // object apiece before the factory ran.
  const api: any = host.lazyMethods(pi, API_METHODS, (name: string): any => {
    switch (name) {
      case "on":
        return {
          on(event: string, handler: (e: any, ctx: any) => any) {
            assertActive();
            if (typeof handler !== "function") throw new TypeError(`pi.on("${event}"): handler must be a function`);
            // pi 1.6 returns a function that removes the handler; a removed
            // handler stays in pigo's chain but no longer runs.
            let on = true;
            if (event === "before_agent_start") {
              pi.hook(event, (e: any) => {
                if (!on) return undefined;
                if (e?.systemPromptOptions) e.systemPromptOptions = promptOptionsShape(e.systemPromptOptions);
                return handler(e, makeCtx(e && e.signal));
              });
            } else if (host.isHookEvent(event)) {
              pi.hook(event, (e: any) => (on ? handler(e, makeCtx(e && e.signal)) : undefined));
            } else {
              v2on(event, (e: any) => (on ? handler(e, makeCtx()) : undefined));
            }
            return () => {
              on = false;
            };
          },
        }.on;
      case "registerTool":
        return {
          registerTool(tool: any) {
            assertActive();
            if (!tool || typeof tool.name !== "string") throw new TypeError("registerTool: tool.name must be a string");
            const name = tool.name;
            const def: any = { ...tool };
            delete def.name;
            const execute = tool.execute;
            def.execute = standsFor(
              (id: string, params: any, signal: any, onUpdate: any) =>
                execute.call(tool, id, params, signal, onUpdate, new (contexts().ExtensionToolContext)(signal, id)),
              execute,
            );
            def.sourceInfo = sourceInfo;
            if (typeof tool.renderCall === "function" || typeof tool.renderResult === "function") {
              def.renderLines = (req: any, width: number) => renderTool(tool, req, width);
            }
            myTools.set(name, { name, description: tool.description, parameters: tool.parameters, sourceInfo });
            pi.tools.add((d: any) => {
              // Across extensions the first registration wins (pi); built-ins
              // may be overridden; within one extension the last set wins.
              if (d.has(name) && d.ownerOf(name) !== pluginId && !d.isBuiltin(name)) {
                // pi's built-in extensions (codemode, tool-search) are
                // replaceable: an extension's tool of the name takes over, silently.
                if (!pluginId.startsWith("@pi/")) host.warn(`tool "${name}" is already registered by ${d.ownerOf(name)}; the first registration wins`);
                return;
              }
              d.set(name, def);
            }, PURE);
          },
        }.registerTool;
      case "registerCommand":
        return {
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
            pi.commands.add((d: any) => d.set(name + "\u0000" + pluginId, def), PURE);
          },
        }.registerCommand;
      case "registerShortcut":
        return {
          registerShortcut(shortcut: string, options: any) {
            assertActive();
            const def: any = { ...options, shortcut };
            if (typeof options?.handler === "function") def.handler = standsFor(() => options.handler(makeCtx()), options.handler);
            pi.shortcuts.add((d: any) => d.set(shortcut, def), PURE);
          },
        }.registerShortcut;
      case "registerFlag":
        return {
          registerFlag(name: string, options: any) {
            assertActive();
            myFlags.set(name, { ...options, name });
            pi.flags.add((d: any) => d.set(name, { ...options, name }), PURE);
          },
        }.registerFlag;
      case "getFlag":
        return {
          getFlag(name: string) {
            assertActive();
            if (!myFlags.has(name)) return undefined;
            const v = host.flagValue(name);
            return v !== undefined ? v : myFlags.get(name).default;
          },
        }.getFlag;
      case "registerMessageRenderer":
        return {
          registerMessageRenderer(customType: string, renderer: any) {
            assertActive();
            pi.messageRenderers.add((d: any) => {
              if (d.has(customType)) return; // the first renderer wins
              const render = (message: any, expanded: boolean, width: number) =>
                linesOf(renderer(message, { expanded, outputPad: 1, ...keyHints() }, themeNow()), width);
              d.set(customType, { renderer, render });
            });
          },
        }.registerMessageRenderer;
      case "registerProvider":
        return {
          registerProvider(name: string, config: any) {
            assertActive();
            // pi 1.6's words (its native provider objects are not supported).
            if (typeof name === "string" && !config) throw new Error("Provider config is required when registering by name");
            const def: any = { ...config, name };
            // Classifier and image models and implementations (pi 1.6)
            // stay out of the chat registry: ctx.modelRegistry lists and
            // calls them.
            if (Array.isArray(config?.models)) {
              const classifier = (m: any) => m?.type === "classifier";
              const image = (m: any) => m?.type === "image";
              def.models = config.models.filter((m: any) => !classifier(m) && !image(m));
              // JSON keeps the definitions' key order through the host.
              def.__pigoClassifierModels = JSON.stringify(config.models.filter(classifier));
              def.__pigoImageModels = JSON.stringify(config.models.filter(image));
            }
            delete def.classifiers;
            delete def.images;
            const classify = typedImplementations(config?.classifiers, "classify");
            if (classify) def.__pigoClassify = classify;
            const generateImages = typedImplementations(config?.images, "generateImages");
            if (generateImages) def.__pigoImages = generateImages;
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
            pi.providers.add((d: any) => d.set(name, def), PURE);
          },
        }.registerProvider;
      case "unregisterProvider":
        return {
          unregisterProvider(name: string) {
            assertActive();
            pi.providers.add((d: any) => d.delete(name), PURE);
          },
        }.unregisterProvider;
        // --- pi 1.6 registrations: recorded in the host's registries
        // (engine/piapi/pi16.go) for clients, which draw renderers through
        // engine/piapi/render.go.
      case "registerEntryRenderer":
        return {
          registerEntryRenderer(customType: string, renderer: any) {
            assertActive();
            if (typeof customType !== "string") throw new TypeError("registerEntryRenderer: customType must be a string");
            if (typeof renderer !== "function") throw new TypeError(`registerEntryRenderer("${customType}"): renderer must be a function`);
            pi.entryRenderers.add((d: any) => {
              if (d.has(customType)) return; // the first renderer wins, as for messages
              const render = (entry: any, expanded: boolean, width: number) =>
                linesOf(renderer(entry, { expanded, ...keyHints() }, themeNow()), width);
              d.set(customType, { renderer, render });
            });
          },
        }.registerEntryRenderer;
      case "registerToolRenderer":
        return {
          registerToolRenderer(resolver: any) {
            assertActive();
            if (typeof resolver !== "function") throw new TypeError("registerToolRenderer: resolver must be a function");
            const key = nextKey();
            // The chain spans runtimes, so next() is undefined here: a resolver
            // that renders nothing for a phase passes it on (engine RenderTool).
            const renderLines = (toolName: string, req: any, width: number) => renderTool(resolver(toolName, () => undefined), req, width);
            pi.toolRenderers.add((d: any) => d.set(key, { resolver, renderLines }));
          },
        }.registerToolRenderer;
      case "registerMarkdownTransformer":
        return {
          registerMarkdownTransformer(transformer: any, options?: any) {
            assertActive();
            if (typeof transformer !== "function") throw new TypeError("registerMarkdownTransformer: transformer must be a function");
            const key = nextKey();
            pi.markdownTransformers.add((d: any) => d.set(key, { transformer, options: options ?? {} }));
          },
        }.registerMarkdownTransformer;
      case "registerVirtualModel":
        return {
          registerVirtualModel(model: any) {
            assertActive();
            if (!model || typeof model.provider !== "string" || typeof model.id !== "string")
              throw new TypeError("registerVirtualModel: provider and id must be strings");
            if (typeof model.route !== "function") throw new TypeError(`registerVirtualModel("${model.provider}/${model.id}"): route must be a function`);
            const key = `${model.provider}/${model.id}`;
            // A virtual model is a model of pi's "pi-virtual" api whose route()
            // picks the physical model per request. The host routes through
            // __pigoRoute: route() gets a context, as in pi, and whether it kept
            // the state is decided here, where pi compares it by identity.
            const route = model.route;
            const __pigoRoute = standsFor(async (request: any) => {
              const r = await route.call(model, request, makeCtx(request.signal));
              const keep = r?.state === undefined || r.state === request.state;
              return { model: r?.model, thinkingLevel: r?.thinkingLevel, state: keep ? undefined : r.state, keep };
            }, route);
            const def = { name: model.id, ...model, api: "pi-virtual", sourceInfo, __pigoRoute };
            myVirtualModels.set(key, def);
            pi.virtualModels.add((d: any) => d.set(key, def), PURE);
          },
        }.registerVirtualModel;
      case "unregisterVirtualModel":
        return {
          unregisterVirtualModel(provider: string, id: string) {
            assertActive();
            const key = `${provider}/${id}`;
            myVirtualModels.set(key, undefined);
            pi.virtualModels.add((d: any) => d.delete(key), PURE);
          },
        }.unregisterVirtualModel;
      case "registerMcpServer":
        return {
          registerMcpServer(name: string, config: any) {
            assertActive();
            if (typeof name !== "string" || name === "") throw new TypeError("registerMcpServer: name must be a non-empty string");
            if (!config || typeof config !== "object") throw new TypeError(`registerMcpServer("${name}"): config must be an object`);
            const entry = { name, config, extensionPath: sourceInfo.path };
            myMcpServers.set(name, entry);
            pi.mcpServers.add((d: any) => d.set(name, entry), PURE);
            if (!host.isLoading()) host.emit("mcp_servers_change", { servers: api.getMcpServers() });
          },
        }.registerMcpServer;
      case "unregisterMcpServer":
        return {
          unregisterMcpServer(name: string) {
            assertActive();
            myMcpServers.set(name, undefined);
            pi.mcpServers.add((d: any) => d.delete(name), PURE);
            if (!host.isLoading()) host.emit("mcp_servers_change", { servers: api.getMcpServers() });
          },
        }.unregisterMcpServer;
      case "getMcpServers":
        return {
          getMcpServers() {
            assertActive();
            const byName = new Map<string, any>(Object.entries(pi.mcpServers.current()));
            for (const [k, v] of myMcpServers) {
              if (v === undefined) byName.delete(k);
              else byName.set(k, v);
            }
            return [...byName.values()];
          },
        }.getMcpServers;
      case "getSettings":
        return {
          getSettings() {
            assertActive();
            return readSettings(host.cwd());
          },
        }.getSettings;
      case "exec":
        return {
          exec(command: string, args: string[], options?: any) {
            assertActive();
            return host.exec(command, args || [], options || {});
          },
        }.exec;
      case "sendMessage":
        return {
          sendMessage(message: any, options?: any) {
            action();
            host.sendMessage(message, options || {});
          },
        }.sendMessage;
      case "sendUserMessage":
        return {
          sendUserMessage(content: any, options?: any) {
            action();
            host.sendUserMessage(content, options || {});
          },
        }.sendUserMessage;
      case "appendEntry":
        return {
          appendEntry(customType: string, data?: any) {
            action();
            host.appendEntry(customType, data);
          },
        }.appendEntry;
      case "setSessionName":
        return {
          setSessionName(name: string) {
            action();
            host.setSessionName(name);
          },
        }.setSessionName;
      case "getSessionName":
        return {
          getSessionName() {
            action();
            return host.getSessionName();
          },
        }.getSessionName;
      case "setLabel":
        return {
          setLabel(entryId: string, label?: string) {
            action();
            host.setLabel(entryId, label);
          },
        }.setLabel;
      case "getActiveTools":
        return {
          getActiveTools() {
            action();
            return host.getActiveTools();
          },
        }.getActiveTools;
      case "setActiveTools":
        return {
          setActiveTools(names: string[]) {
            action();
            host.setActiveTools(names);
          },
        }.setActiveTools;
      case "getAllTools":
        return {
          getAllTools() {
            action();
            const list = host.getAllTools();
            for (const [name, info] of myTools) if (!list.some((t: any) => t.name === name)) list.push(info);
            return list;
          },
        }.getAllTools;
      case "getCommands":
        return {
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
        }.getCommands;
      case "getThinkingLevel":
        return {
          getThinkingLevel() {
            action();
            return host.getThinkingLevel();
          },
        }.getThinkingLevel;
      case "setThinkingLevel":
        return {
          setThinkingLevel(level: string) {
            action();
            host.setThinkingLevel(level);
          },
        }.setThinkingLevel;
      case "setModel":
        return {
          setModel(model: any) {
            assertActive();
            if (host.isLoading()) return Promise.reject(new Error("Extension runtime not initialized"));
            return host.setModel(model);
          },
        }.setModel;
        // pi's bus is a Node EventEmitter: emit runs every handler, in
        // registration order, up to its first await before returning, so a
        // handler can answer a request (call a reply callback in the payload)
        // before emit returns. Handlers of this runtime get exactly that.
        // Handlers in other runtimes (every other extension entry) get the
        // event afterwards, asynchronously: a loop never blocks on another.
        // Functions in the payload reach them as handles that post the call
        // back here and return a Promise, and a ctx crosses as a snapshot of
        // its values with its methods as handles (crossable).
      case "events":
        return {
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
        };
    }
    throw new Error("no pi method " + name);
  });
  return api;
}

function makeUI(host: any, assertActive: () => void, on: (event: string, handler: () => void) => void): any {
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
  const comps = makeComponents(host, on);
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
      const placement = options?.placement ?? "aboveEditor";
      const make = typeof content === "function" ? (tui: any) => content(tui, comps.theme()) : undefined;
      const view = comps.show("widget", key, { placement }, make);
      if (make) {
        set("setWidget", "widgets", key, { component: true, placement: options?.placement, ...(view ? { view } : {}) });
      } else {
        set("setWidget", "widgets", key, content === undefined ? undefined : { lines: content, placement: options?.placement });
      }
    },
    setTitle: (title: string) => set("setTitle", "title", "", title),
    setEditorText: (text: string) => {
      comps.editorSetText(text);
      set("setEditorText", "editorText", "", text);
    },
    pasteToEditor: (text: string) => {
      comps.editorSetText(text);
      set("pasteToEditor", "editorText", "", text);
    },
    getEditorText: () => (assertActive(), comps.editorText() ?? host.uiGet("editorText") ?? ""),
    setWorkingMessage: (message?: string) => set("setWorkingMessage", "workingMessage", "", message),
    setWorkingVisible: (visible: boolean) => set("setWorkingVisible", "workingVisible", "", visible),
    // No argument restores pi's default indicator: recorded as a clear.
    setWorkingIndicator: (options?: any) => set("setWorkingIndicator", "workingIndicator", "", options),
    setHiddenThinkingLabel: (label?: string) => set("setHiddenThinkingLabel", "hiddenThinkingLabel", "", label),
    setFooter: (factory: any) => {
      comps.show("footer", "", {}, factory && ((tui: any) => factory(tui, comps.theme(), comps.footerData())));
      set("setFooter", "footer", "", factory ? true : undefined);
    },
    setHeader: (factory: any) => {
      comps.show("header", "", {}, factory && ((tui: any) => factory(tui, comps.theme())));
      set("setHeader", "header", "", factory ? true : undefined);
    },
    setEditorComponent: (factory: any) => {
      comps.setEditor(factory);
      set("setEditorComponent", "editorComponent", "", factory ? true : undefined);
    },
    getEditorComponent: (): any => comps.editorFactory(),
    setTheme: (t: any) => {
      assertActive();
      // pi's RPC mode cannot switch themes and says so.
      if (host.mode() === "rpc") return { success: false, error: "Theme switching not supported in RPC mode" };
      host.uiSet("setTheme", "theme", "", typeof t === "string" ? t : t?.name ?? null);
      return host.hasUI() ? { success: true } : { success: false, error: "UI not available" };
    },
    getAllThemes: (): any[] => [],
    getTheme: (): any => undefined,
    // The interactive client's ctrl+o state (set_tools_expanded) or the
    // last setToolsExpanded; pi's other modes have no expansion.
    getToolsExpanded: () => (assertActive(), host.mode() === "tui" && host.uiGet("toolsExpanded") === true),
    setToolsExpanded: (expanded: boolean) => set("setToolsExpanded", "toolsExpanded", "", expanded),
    custom: (factory: any, options?: any) => {
      assertActive();
      host.uiSet("custom", "custom", "", null);
      // A custom component goes to the client the call came from: it must draw it.
      if (!host.rendersComponents(true)) return Promise.resolve(undefined);
      return comps.custom(factory, options);
    },
    // The factory wraps the provider below it ("current"), as in pi:
    // providers of all extensions stack in the host, newest first, and
    // only the newest is asked. current.getSuggestions answers what the
    // providers below answer, under them pi's built-in provider's: files,
    // and the slash command list the client sends with the request (its
    // built-in, template, skill and extension commands). A provider that
    // hands the built-in answer back unchanged leaves completion to the
    // client's built-in one. current.applyCompletion is the provider
    // below's applyCompletion, as in pi, where it is synchronous: this
    // runtime can call it only when that provider is this extension's.
    // When the provider below belongs to another extension (another
    // runtime, reachable only asynchronously through the host), or there
    // is none, current.applyCompletion is pi's built-in one (it puts the
    // item's value in place of the prefix, as pi's editor does), and the
    // other extension's applyCompletion does not run.
    // current.shouldTriggerFileCompletion is the built-in's, the host
    // asking the providers below when a provider's answer is current's.
    addAutocompleteProvider: (factory: (current: any) => any) => {
      assertActive();
      if (typeof factory !== "function") throw new TypeError("ui.addAutocompleteProvider: factory must be a function");
      let builtin: any; // loaded on first use
      const builtinFor = (commands?: any[]) => {
        const Combined = require("pigo:tui-autocomplete").CombinedAutocompleteProvider;
        if (!Array.isArray(commands)) return (builtin ??= new Combined([], host.cwd()));
        return new Combined(commands, host.cwd());
      };
      // One getSuggestions call: its lower(), the client's commands, what
      // current answered from the built-in provider (handed back
      // unchanged, it is the client's turn), keyed by the options object
      // the provider passes on.
      type Call = { lower: () => Promise<any>; commands?: any[]; fromBuiltin?: any; delegated?: boolean };
      const calls = new WeakMap<object, Call>();
      let last: Call | undefined;
      let shouldDelegated = false;
      const current = {
        getSuggestions: async (lines: string[], line: number, col: number, options?: any) => {
          const call = (options && typeof options === "object" && calls.get(options)) || last;
          if (!call) return null;
          const below = await call.lower();
          if (below !== "builtin") return below;
          const opts = { signal: options?.signal ?? new AbortController().signal, force: options?.force === true };
          const r = await builtinFor(call.commands).getSuggestions(lines, line, col, opts);
          call.delegated = true;
          call.fromBuiltin = r;
          return r;
        },
        applyCompletion: (lines: string[], line: number, col: number, item: any, prefix: string) =>
          applyBelow(lines, line, col, item, prefix, () => builtinFor().applyCompletion(lines, line, col, item, prefix)),
        shouldTriggerFileCompletion: (lines: string[], line: number, col: number) => {
          shouldDelegated = true;
          return builtinFor().shouldTriggerFileCompletion(lines, line, col);
        },
      };
      const p = factory(current);
      if (!p || typeof p.getSuggestions !== "function") throw new TypeError("ui.addAutocompleteProvider: the factory must return a provider with getSuggestions");
      const key = String(++providerKeys);
      localProviders.set(key, { p, current });
      const triggers = Array.isArray(p.triggerCharacters) ? p.triggerCharacters.filter((t: any) => typeof t === "string") : [];
      const shouldTrigger =
        typeof p.shouldTriggerFileCompletion === "function"
          ? (lines: string[], line: number, col: number) => {
              shouldDelegated = false;
              const trigger = p.shouldTriggerFileCompletion(lines, line, col) !== false;
              return { trigger, delegated: shouldDelegated };
            }
          : undefined;
      host.addAutocompleteProvider(
        triggers,
        (lines: string[], line: number, col: number, force: boolean, lower: () => Promise<any>, commands?: any[]) => {
          const options = { signal: new AbortController().signal, force };
          const call: Call = { lower, commands };
          calls.set(options, call);
          last = call;
          return Promise.resolve(p.getSuggestions(lines, line, col, options)).then((r: any) => {
            if (call.delegated && r === call.fromBuiltin) return "builtin";
            return r && Array.isArray(r.items) && r.items.length > 0
              ? {
                  prefix: String(r.prefix ?? ""),
                  items: r.items.map((i: any) => ({ value: String(i.value), label: String(i.label ?? i.value), description: i.description })),
                }
              : null;
          });
        },
        (lines: string[], line: number, col: number, item: any, prefix: string, below?: string[]) => {
          const saved = applyChain;
          applyChain = Array.isArray(below) ? below : [];
          try {
            return (typeof p.applyCompletion === "function" ? p : current).applyCompletion(lines, line, col, item, prefix);
          } finally {
            applyChain = saved;
          }
        },
        shouldTrigger,
        key,
      );
    },
    // pi calls a listener synchronously and reads {consume, data} from
    // what it returns: a Promise (an async handler) passes the input on.
    onTerminalInput: (handler: (data: string) => any) => {
      assertActive();
      if (typeof handler !== "function") throw new TypeError("ui.onTerminalInput: handler must be a function");
      return host.onTerminalInput((data: string) => {
        const r = handler(data);
        if (r === null || typeof r !== "object" || typeof r.then === "function") return undefined;
        return { consume: r.consume === true, data: typeof r.data === "string" ? r.data : undefined };
      });
    },
    // pi's global theme (pi-coding-agent's): plain text until initTheme().
    get theme() {
      return require("pigo:agent-theme").theme;
    },
  };
}

// This runtime's autocomplete providers by key, and, while one's
// applyCompletion runs, the keys of this runtime's providers right below
// it (the host sends them): current.applyCompletion runs the first.
let providerKeys = 0;
const localProviders = new Map<string, { p: any; current: any }>();
let applyChain: string[] = [];

// applyBelow is current.applyCompletion: the applyCompletion of the
// provider below when it is this runtime's (with the chain moved one
// down while it runs), else builtin().
function applyBelow(lines: string[], line: number, col: number, item: any, prefix: string, builtin: () => any): any {
  const [next, ...rest] = applyChain;
  const lower = next === undefined ? undefined : localProviders.get(next);
  if (!lower) return builtin();
  const saved = applyChain;
  applyChain = rest;
  try {
    return (typeof lower.p.applyCompletion === "function" ? lower.p : lower.current).applyCompletion(lines, line, col, item, prefix);
  } finally {
    applyChain = saved;
  }
}

// makeComponents shows the pi-tui components extension code makes
// (ctx.ui.custom, the setWidget/setFooter/setHeader/setEditorComponent
// factories) as "pi.component" views (jsapi/component.go) while a client
// that draws them is attached (engine.ComponentClient); without one they
// are dropped, as pi's print and RPC modes do. A component stays here: clients ask for render(width) and send
// keys through its view. Factories get pi's arguments (interactive mode).
function makeComponents(host: any, on: (event: string, handler: () => void) => void): any {
  let editorFactory: any;
  let editor: any; // this runtime's custom editor, while it is shown
  let editorHandle: any;
  let submits = 0;
  let actions = 0;
  const agentTheme = () => require("pigo:agent-theme");
  const tuiKeys = () => require("@mariozechner/pi-tui");

  // adapter is what component.go calls: input listeners run before the
  // component and key releases reach only a component that wants them, as
  // in pi-tui's TUI.handleInput.
  const adapter = (tui: any, comp: any, state?: () => any) => {
    let pressed: any; // the target of the last press the component took
    return {
      render: (width: number) => comp.render(width),
      input: (data: string) => {
        for (const l of tui.inputListeners) {
          const r = l(data);
          if (r?.consume) return;
          if (r?.data !== undefined) data = r.data;
        }
        if (data.length === 0 || typeof comp.handleInput !== "function") return;
        if (tuiKeys().isKeyRelease(data) && !comp.wantsKeyRelease) return;
        comp.handleInput(data);
      },
      // mouse is a TuiMouseEvent from the client (fullscreen mode), over
      // the component or in a gesture a press over it began: the component
      // that took the press gets the gesture's drags, release and click.
      mouse: (event: any) => {
        const core = require("pigo:tui-core");
        if (event.type === "press") pressed = undefined;
        const inGesture = pressed && (event.type === "drag" || event.type === "release" || event.type === "click");
        const result = inGesture ? core.dispatchMouseEvent(pressed.component, core.retargetMouseEvent(event, pressed)) : core.dispatchMouseEvent(comp, event);
        if (event.type === "press" && result) pressed = result.target;
        if (event.type === "click") pressed = undefined;
        if (!result) return;
        if (result.render ?? (event.type !== "move" && event.type !== "release")) tui.requestRender();
      },
      invalidate: () => comp.invalidate?.(),
      dispose: () => comp.dispose?.(),
      setText: (text: string) => comp.setText?.(text),
      // commands are the client's slash commands, sent to an editor: pi
      // gives a custom editor its autocomplete provider (the command list
      // with each command's argument completions, file paths on Tab, @
      // files) with the extensions' addAutocompleteProvider providers
      // stacked on it. pi-tui's editor applies a completion synchronously,
      // so an item of those providers is applied as pi's built-in provider
      // applies one (its value in place of the prefix), not by the
      // provider's own applyCompletion, which runs in its plugin.
      commands: (list: any[]) => {
        if (typeof comp.setAutocompleteProvider !== "function") return;
        const Combined = require("pigo:tui-autocomplete").CombinedAutocompleteProvider;
        const base = new Combined(
          list.map((c: any) => ({ ...c, getArgumentCompletions: (prefix: string) => host.argumentCompletions(c.name, prefix) })),
          host.cwd(),
        );
        comp.setAutocompleteProvider({
          get triggerCharacters() {
            return host.autocompleteInfo().triggers;
          },
          getSuggestions: async (lines: string[], line: number, col: number, options: any) => {
            if (host.autocompleteInfo().count === 0) return base.getSuggestions(lines, line, col, options);
            const r = await host.suggest(lines, line, col, options?.force === true, list);
            if (r === null) return base.getSuggestions(lines, line, col, options);
            if (r === "none") return null;
            return { prefix: r.prefix, items: r.items };
          },
          applyCompletion: (lines: string[], line: number, col: number, item: any, prefix: string) =>
            base.applyCompletion(lines, line, col, item, prefix),
          shouldTriggerFileCompletion: (lines: string[], line: number, col: number) =>
            base.shouldTriggerFileCompletion?.(lines, line, col) ?? true,
        });
      },
      // the client sends mouse events only to components that take them
      state: () => ({ ...(state ? state() : {}), mouse: require("pigo:tui-core").wantsMouse(comp) }),
    };
  };
  // Custom components and editors take the focus (pi focuses them);
  // widgets, footers and headers do not.
  const mountOn = (h: any, tui: any, comp: any, focus: boolean, state?: () => any) => {
    if (!comp || typeof comp.render !== "function") throw new TypeError("ctx.ui: the factory must return a component with render(width)");
    if (focus) tui.setFocus(comp);
    h.mount(adapter(tui, comp, state), { wantsKeyRelease: !!comp.wantsKeyRelease });
  };
  // overlayHandle is pi-tui's OverlayHandle for an overlay's view: hiding
  // is the state's "hidden", for the client to honour.
  const overlayHandle = (h: any) => {
    let hidden = false;
    return {
      hide: () => h.close(undefined),
      setHidden: (b: boolean) => {
        hidden = !!b;
        h.set({ hidden });
      },
      isHidden: () => hidden,
      focus() {},
      unfocus() {},
      isFocused: () => !hidden,
    };
  };
  // mount shows a component in a slot (a widget key, the footer, the
  // header, the editor).
  const mount = (kind: string, key: string, extra: any, make: (tui: any) => any, state?: (comp: any) => any): any => {
    const h = host.component(kind, key, extra);
    const tui = makeTUI(h);
    const comp = make(tui);
    mountOn(h, tui, comp, kind === "editor", state && (() => state(comp)));
    return { h, comp, view: h.view() };
  };
  // A slot set while no client draws components is shown when one
  // attaches, if nobody set the slot since (pi's last-set-wins).
  const deferred = new Map<string, { kind: string; key: string; claim: number; show: () => void }>();
  let listening = false;
  const attached = () => {
    for (const [slot, d] of deferred) {
      if (!host.rendersComponents(false)) return;
      deferred.delete(slot);
      if (host.slotClaim(d.kind, d.key) === d.claim) d.show();
    }
  };
  // slot claims a slot (closing what it shows, in any plugin) and shows
  // the component make makes, now or once a client draws components.
  const slot = (kind: string, key: string, show?: () => any): any => {
    const claim = host.claimSlot(kind, key);
    deferred.delete(kind + "\u0000" + key);
    if (!show) return undefined;
    if (host.rendersComponents(false)) return show();
    deferred.set(kind + "\u0000" + key, { kind, key, claim, show });
    if (!listening) {
      listening = true;
      on("pigo:components_attached", attached);
    }
    return undefined;
  };
  // makeTUI is the `tui` factories get: pi-tui's TUI as far as a component
  // in a view can use it.
  const makeTUI = (h: any): any => {
    let focused: any;
    const tui: any = {
      inputListeners: new Set<(data: string) => any>(),
      terminal: {
        get columns() { return h.size().columns; },
        get rows() { return h.size().rows; },
        kittyProtocolActive: false,
        write() {}, hideCursor() {}, showCursor() {}, clearLine() {}, clearFromCursor() {}, clearScreen() {}, moveBy() {},
        setTitle(title: string) { host.uiSet("setTitle", "title", "", String(title)); },
        setProgress() {},
      },
      requestRender: (_force?: boolean) => h.requestRender(),
      // The terminal is the client's: a component cannot take it over.
      start() {},
      stop() {},
      setFocus(c: any) {
        if (focused && "focused" in focused) focused.focused = false;
        focused = c;
        if (c && "focused" in c) c.focused = true;
      },
      addInputListener(l: (data: string) => any) {
        tui.inputListeners.add(l);
        return () => tui.inputListeners.delete(l);
      },
      removeInputListener(l: (data: string) => any) { tui.inputListeners.delete(l); },
      invalidate() {},
      getShowHardwareCursor: () => false,
      setShowHardwareCursor() {},
      getClearOnShrink: () => false,
      setClearOnShrink() {},
      get fullRedraws() { return 0; },
      // A nested overlay is a view of its own (kind "custom", overlay).
      showOverlay(comp: any, options?: any) {
        const oh = host.component("custom", "", { overlay: true, overlayOptions: plain(options) ?? {}, hidden: false });
        mountOn(oh, makeTUI(oh), comp, !options?.nonCapturing);
        return overlayHandle(oh);
      },
      hideOverlay() {},
      hasOverlay: () => false,
    };
    return tui;
  };
  return {
    theme: () => agentTheme().theme,
    // show sets a widget, footer or header slot and returns the view id
    // when the component is shown now.
    show: (kind: string, key: string, extra: any, make?: (tui: any) => any) =>
      slot(kind, key, make && (() => mount(kind, key, extra, make).view)),
    custom(factory: any, options?: any): Promise<any> {
      const overlay = !!options?.overlay;
      const h = host.component("custom", "", { overlay, ...(overlay ? { overlayOptions: {}, hidden: false } : {}) });
      const tui = makeTUI(h);
      return new Promise((resolve, reject) => {
        let closed = false;
        h.onClose((result: any) => {
          closed = true;
          resolve(result);
        });
        const done = (result: any) => {
          if (closed) return;
          closed = true;
          h.close(result);
          resolve(result);
        };
        Promise.resolve(factory(tui, agentTheme().theme, agentTheme().getAppKeybindings(), done))
          .then((c: any) => {
            if (closed) return;
            if (overlay) {
              const o = typeof options.overlayOptions === "function" ? options.overlayOptions() : options.overlayOptions;
              h.set({ overlayOptions: plain(o ?? (c?.width ? { width: c.width } : {})) });
            }
            mountOn(h, tui, c, true);
            if (overlay && typeof options?.onHandle === "function") options.onHandle(overlayHandle(h));
          })
          .catch((err: any) => {
            if (closed) return;
            closed = true;
            h.close(undefined);
            reject(err);
          });
      });
    },
    setEditor(factory: any) {
      const text = this.editorText(); // the shown editor's, before the slot closes it
      editorFactory = factory;
      slot("editor", "", factory && (() => showEditor(factory, text ?? host.uiGet("editorText"))));
    },
    editorFactory: () => editorFactory,
    // The editor may live in another plugin's runtime: ask the host then.
    editorText(): string | undefined {
      if (editor) return editor.getExpandedText?.() ?? editor.getText?.();
      return host.editorText();
    },
    editorSetText(text: string) {
      if (!editor) return host.editorSetText(text);
      editor.setText?.(text);
      editorHandle.requestRender();
    },
    // pi's ReadonlyFooterDataProvider.
    footerData: () => ({
      getGitBranch: () => gitBranch(host.cwd()),
      getExtensionStatuses: () => new Map(Object.entries(host.uiGet("status") ?? {})),
      getAvailableProviderCount: () => new Set((host.sessionModels("available") ?? []).map((m: any) => m.provider)).size,
      onBranchChange: (_cb: () => void) => () => {},
    }),
  };
  // showEditor mounts a custom editor: pi hands it the default editor's
  // onSubmit and text. The submitted text goes to the client in the view
  // state ("submitted": {text, count}), which sends it as typed input.
  function showEditor(factory: any, text: any) {
    const out: any = {};
    const m = mount("editor", "", {}, (tui: any) => {
      const c = factory(tui, agentTheme().getEditorTheme(), agentTheme().getAppKeybindings());
      c.onSubmit = (t: string) => {
        out.submitted = { text: t, count: ++submits };
        host.uiSet("setEditorText", "editorText", "", "");
      };
      // pi hands a CustomEditor the default editor's app actions
      // (interrupt, exit, model cycling, ...); they are the client's, so
      // the editor reports them: "action": {name, count}.
      if (c.actionHandlers instanceof Map) {
        const act = (name: string) => () => {
          out.action = { name, count: ++actions };
        };
        c.onEscape ??= act("app.interrupt");
        c.onCtrlD ??= act("app.exit");
        c.onPasteImage ??= act("app.clipboard.pasteImage");
        for (const name of APP_ACTIONS) if (!c.actionHandlers.has(name)) c.actionHandlers.set(name, act(name));
      }
      if (typeof text === "string" && text !== "") c.setText?.(text);
      return c;
    }, (c: any) => ({ text: c.getExpandedText?.() ?? c.getText?.() ?? "", ...out }));
    editor = m.comp;
    editorHandle = m.h;
    m.h.onClose(() => {
      if (editorHandle === m.h) editor = editorHandle = undefined;
    });
  }
}

// The app actions pi's interactive mode binds on its editor.
const APP_ACTIONS = [
  "app.clear", "app.editor.external", "app.message.copy", "app.message.dequeue", "app.message.followUp",
  "app.model.cycleBackward", "app.model.cycleForward", "app.model.select", "app.session.fork", "app.session.new",
  "app.session.resume", "app.session.tree", "app.suspend", "app.thinking.cycle", "app.thinking.toggle", "app.tools.expand",
];

// plain keeps the JSON parts of pi-tui's OverlayOptions (functions such as
// visible() stay behind).
function plain(v: any): any {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

// gitBranch is pi's FooterDataProvider.getGitBranch: the branch HEAD names,
// "detached", or null outside a repository.
function gitBranch(cwd: string): string | null {
  const fs = require("node:fs");
  const path = require("node:path");
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    const dotgit = path.join(dir, ".git");
    try {
      let gitDir = dotgit;
      if (fs.statSync(dotgit).isFile()) {
        const m = /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(dotgit, "utf8"));
        if (!m) return null;
        gitDir = path.resolve(dir, m[1].trim());
      }
      const head = fs.readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
      const ref = /^ref: refs\/heads\/(.+)$/.exec(head);
      return ref ? ref[1] : "detached";
    } catch {
      if (path.dirname(dir) === dir) return null;
    }
  }
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

// unroutedStream is pi 1.6's stream for a virtual model nothing routed:
// its setup fails, so the stream ends in an error reply (pi-ai's
// lazyStream), with pi's text byte for byte.
function unroutedStream(model: any): any {
  const out = require("@mariozechner/pi-ai").createAssistantMessageEventStream();
  const failed = {
    role: "assistant", content: [] as any[], api: model.api, provider: model.provider, model: model.id,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason: "error", errorMessage: `Virtual model ${model.provider}/${model.id} must be routed before streaming`, timestamp: Date.now(),
  };
  Promise.resolve().then(() => {
    out.push({ type: "error", reason: "error", error: failed });
    out.end(failed);
  });
  return out;
}

// typedImplementations is the host's call into a provider's classifier
// or image implementations (registerProvider's classifiers, images) by
// model.api: undefined when the provider has none, and the call answers
// undefined when it has none for model.api (the provider's built-in one,
// if any, answers then, as pi composes them). Model, context, options
// and result travel as JSON, which keeps their key order (a question's
// order is its meaning); the signal travels apart.
function typedImplementations(impls: any, method: string): any {
  if (!impls || !Object.values(impls).some((c) => c !== undefined)) return undefined;
  return async (model: string, context: string, options: string, abort: any) => {
    const m = JSON.parse(model);
    const impl = impls[m.api];
    if (!impl) return undefined;
    return JSON.stringify(await impl[method](m, JSON.parse(context), { ...JSON.parse(options), signal: abort.signal }));
  };
}

// promptOptionsShape is pi 1.6's normalizeBuildSystemPromptOptions shape
// of prompt options from the host: its keys in pi's order, customPrompt
// and forceSystemPrompt present even when undefined (Object.keys shows
// them in pi).
function promptOptionsShape(o: any): any {
  if (!o || typeof o !== "object") return o;
  const keys = ["customPrompt", "forceSystemPrompt", "selectedTools", "hiddenTools", "toolSnippets", "toolGuidelines",
    "promptGuidelines", "appendSystemPrompt", "sections", "cwd", "contextFiles", "skills"];
  const out: any = {};
  for (const k of keys) if (k in o || k === "customPrompt" || k === "forceSystemPrompt") out[k] = o[k];
  for (const k of Object.keys(o)) if (!(k in out)) out[k] = o[k];
  return out;
}

// classifierModels are pi 1.6's classifier models (getModelsOfType
// "classifier"), imageModels its image models; typedModels composes
// either provider by provider as pi does (provider-composer.js): pi-ai's
// catalog with models.json's baseUrl (and compat, for classifiers)
// (applyModelsJson), then what extensions registered (applyExtension:
// listed models replace the provider's, a baseUrl alone moves them),
// llama.cpp's among them.
const builtinTypedCatalog = new Map<string, { providers: string[]; models: Map<string, any[]> }>();
function typedModels(host: any, type: "classifier" | "image"): any[] {
  let catalogOfType = builtinTypedCatalog.get(type);
  if (!catalogOfType) {
    // pi-ai's catalog, parsed once: pi too hands out its model objects.
    const catalog = require("pigo:ai-catalog");
    const providers: string[] = catalog.providers();
    const models = new Map<string, any[]>();
    for (const p of providers) {
      const list = JSON.parse(catalog.models(p, type));
      if (list.length > 0) models.set(p, list);
    }
    catalogOfType = { providers, models };
    builtinTypedCatalog.set(type, catalogOfType);
  }
  const registered: any[] = host.typedProviders();
  const byId = new Map(registered.map((p) => [p.id, p]));
  const out: any[] = [];
  const compose = (provider: string, models: any[]) => {
    const cfg = host.modelsJSON(provider);
    if (cfg) {
      const compat = type === "classifier" && cfg.compat ? JSON.parse(cfg.compat) : undefined;
      models = models.map((m) => ({ ...m, baseUrl: cfg.baseUrl || m.baseUrl, ...(compat ? { compat: { ...m.compat, ...compat } } : {}) }));
    }
    const ext = byId.get(provider);
    const listed = type === "classifier" ? ext?.models : ext?.imageModels;
    if (listed) {
      models = JSON.parse(listed).map((d: any) => {
        const defaults = models.find((m) => m.id === d.id) ?? (d.api ? models.find((m) => m.api === d.api) : undefined) ?? models[0];
        return { ...d, api: d.api ?? defaults?.api, provider, baseUrl: d.baseUrl ?? ext.baseUrl ?? defaults?.baseUrl, headers: undefined };
      });
    } else if (ext?.baseUrl) {
      models = models.map((m) => ({ ...m, baseUrl: ext.baseUrl }));
    }
    out.push(...models);
  };
  const builtin = catalogOfType.providers;
  for (const p of builtin) {
    const models = catalogOfType.models.get(p);
    if (models || byId.has(p)) compose(p, models ?? []);
  }
  for (const p of registered) if (!builtin.includes(p.id)) compose(p.id, []);
  return out;
}
const classifierModels = (host: any): any[] => typedModels(host, "classifier");
const imageModels = (host: any): any[] => typedModels(host, "image");

// builtinClassifier is the classify function of pi-ai 1.6's provider
// (providers/*.js) for model.api, llama.cpp's too; the
// implementations are pi-ai's, vendored (pigo:classify16), loaded on the
// first call.
function builtinClassifier(provider: string, api: string): ((model: any, context: any, options: any) => Promise<any>) | undefined {
  const c = require("pigo:classify16");
  const typesafe = ["typesafe", "openrouter", "vercel-ai-gateway", "opencode", "llama.cpp"];
  if (api === "typesafe-system-one" && typesafe.includes(provider)) return c.typesafeSystemOne;
  // Copilot serves System One under /v1, its chat APIs without it.
  if (api === "typesafe-system-one" && provider === "github-copilot")
    return (model, context, options) => c.typesafeSystemOne({ ...model, baseUrl: `${model.baseUrl.replace(/\/+$/u, "")}/v1` }, context, options);
  if (api === "openai-decisions" && provider === "openai") return c.openAIDecisions;
  if (api === "cloudflare-workers-ai-system-one" && provider === "cloudflare-workers-ai")
    return (model, context, options) => c.cloudflareWorkersAISystemOne(c.resolveCloudflareModel(model, options?.env), context, options);
  if (api === "llama-cpp-classify" && provider === "llama.cpp") return c.llamaCppClassify;
  return undefined;
}

// classifyingProviders are the built-in providers with a classify.
const classifyingProviders = ["cloudflare-workers-ai", "github-copilot", "llama.cpp", "openai", "opencode", "openrouter", "typesafe", "vercel-ai-gateway"];

// mergeHeaders is pi's (model-runtime.js): a later name replaces an
// earlier one whatever its case.
function mergeHeaders(base?: Record<string, string>, override?: Record<string, string>): Record<string, string> | undefined {
  if (!base && !override) return undefined;
  const merged: Record<string, string> = { ...base };
  for (const [name, value] of Object.entries(override ?? {})) {
    for (const existing of Object.keys(merged)) if (existing.toLowerCase() === name.toLowerCase()) delete merged[existing];
    merged[name] = value;
  }
  return merged;
}

// prepareRequest is pi 1.6's ModelRuntime.prepareRequest for a classifier
// or image call: the provider must be known (builtin: one the caller
// serves itself), then the request's auth (an explicit apiKey, else
// auth.json, the configured key, the environment; headers merged).
// ModelsError is the calling module's class, whose errors its error
// result words as pi does. Returns the provider as registered by an
// extension (typedProviders) and the request's options.
async function prepareRequest(host: any, model: any, options: any, ModelsError: any, builtin: boolean): Promise<{ registered: any; request: any }> {
  const provider = model.provider;
  const registered = host.typedProviders().find((p: any) => p.id === provider);
  const known = registered || builtin || require("pigo:ai-catalog").models(provider, "chat") !== undefined || host.modelsJSON(provider);
  if (!known) throw new ModelsError("provider", `Unknown provider: ${provider}`);
  // pi's auth resolution stops at an aborted signal.
  options?.signal?.throwIfAborted?.();
  // Without a session (pigo dev, check): the environment, else the key
  // the provider was registered with.
  const envKey = () => require("@mariozechner/pi-ai").getEnvApiKey(provider) ?? registered?.apiKey;
  const configured = host.modelAuth(provider)?.[0] ?? !!envKey();
  if (options?.apiKey === undefined && !configured) throw new ModelsError("auth", `Provider is not configured: ${provider}`);
  const resolved = (await host.modelRequestAuth(provider, model.id)) ?? { ok: true, apiKey: envKey() };
  if (!resolved.ok) throw new Error(resolved.error);
  const { transformHeaders, ...providerOptions } = options ?? {};
  let headers = mergeHeaders(mergeHeaders(resolved.headers, model.headers), providerOptions.headers);
  if (transformHeaders) headers = await transformHeaders(headers ?? {});
  const env = cloudflareEnv(provider, resolved.env, providerOptions.env);
  return { registered, request: { ...providerOptions, apiKey: providerOptions.apiKey ?? resolved.apiKey, headers, env } };
}

// classify is pi 1.6's ModelRuntime.classify: the model's checks, the
// request's auth as prepareRequest resolves it (an explicit apiKey, else
// auth.json, the environment, models.json; headers merged), then the
// provider's implementation for model.api: an extension's, else pi-ai's.
async function classify(host: any, model: any, context: any, options?: any): Promise<any> {
  const c = require("pigo:classify16");
  try {
    c.assertClassifierModel(model);
    c.assertClassifierInputSupported(model, context);
    const provider = model.provider;
    const { registered, request } = await prepareRequest(host, model, options, c.ModelsError, classifyingProviders.includes(provider));
    // llama.cpp's auth carries the server's inference URL, which wins
    // over the model's (pi's prepareRequest).
    if (provider === "llama.cpp" && registered?.baseUrl) model = { ...model, baseUrl: registered.baseUrl };
    if (registered?.classifiers) {
      const { signal, ...rest } = request;
      const result = await host.providerClassify(provider, JSON.stringify(model), JSON.stringify(context), JSON.stringify(rest), { signal });
      if (typeof result === "string") return JSON.parse(result);
    }
    const builtin = classifyingProviders.includes(provider);
    if (!builtin && !registered?.classifiers) throw new c.ModelsError("provider", `Provider ${provider} does not support classification`);
    const impl = builtinClassifier(provider, model.api);
    if (!impl) {
      const message = `Provider ${provider} has no classifier implementation for "${model.api}"`;
      return c.classifierErrorResult(model, builtin ? new c.ModelsError("provider", message) : new Error(message));
    }
    return await impl(model, context, request);
  } catch (error) {
    return c.classifierErrorResult(model, error, options?.signal?.aborted);
  }
}

// generateImages is pi 1.6's ModelRuntime.generateImages: the model's
// check, the request's auth as classify resolves it, then the provider's
// image implementation for model.api: an extension's, else pi-ai's
// (OpenRouter's, vendored with the part of the OpenAI SDK it uses as
// pigo:images16, loaded on the first call). Never rejects: a failure is
// pi's image error result.
async function generateImages(host: any, model: any, context: any, options?: any): Promise<any> {
  const c = require("pigo:imagesapi16");
  try {
    c.assertImageModel(model);
    const provider = model.provider;
    const { registered, request } = await prepareRequest(host, model, options, c.ModelsError, false);
    if (registered?.images) {
      // Functions (fetch, onPayload, onResponse) stay behind: the
      // extension's implementation runs in its own runtime.
      const { signal, ...rest } = request;
      const result = await host.providerGenerateImages(provider, JSON.stringify(model), JSON.stringify(context), JSON.stringify(rest), { signal });
      if (typeof result === "string") return JSON.parse(result);
    }
    const builtin = provider === "openrouter";
    if (!builtin && !registered?.images) throw new c.ModelsError("provider", `Provider ${provider} does not support image generation`);
    if (!builtin) return c.imageErrorResult(model, new Error(`Provider ${provider} has no image implementation for "${model.api}"`));
    if (model.api !== "openrouter-images") {
      return c.imageErrorResult(model, new c.ModelsError("provider", `Provider ${provider} has no image generation implementation for "${model.api}"`));
    }
    return await require("pigo:images16").generateImages(model, context, request);
  } catch (error) {
    return c.imageErrorResult(model, error, options?.signal?.aborted);
  }
}

// cloudflareEnv is what pi's Cloudflare auth resolves besides the key:
// the account and gateway ids its base URLs name, each from the stored
// credential's env, else the environment (pi's per-field merge).
function cloudflareEnv(provider: string, stored?: Record<string, string>, explicit?: Record<string, string>): Record<string, string> | undefined {
  if (provider !== "cloudflare-workers-ai" && provider !== "cloudflare-ai-gateway") return explicit;
  const env: Record<string, string> = {};
  for (const name of provider === "cloudflare-ai-gateway" ? ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_GATEWAY_ID"] : ["CLOUDFLARE_ACCOUNT_ID"]) {
    const v = stored?.[name] ?? process.env[name];
    if (v) env[name] = v;
  }
  return Object.keys(env).length > 0 || explicit ? { ...env, ...explicit } : undefined;
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
  // pi 1.6 model types: chat models (everything pigo's registry knows),
  // classifier models (classifierModels) and image models (imageModels).
  const typeOf = (m: any): string => (m && typeof m.type === "string" ? m.type : "chat");
  const typed = (type: string): any[] | undefined =>
    type === "classifier" ? classifierModels(host) : type === "image" ? imageModels(host) : undefined;
  const ofType = (type: string, provider?: string): any[] => {
    const all = typed(type) ?? registry.getAll();
    return all.filter((m: any) => typeOf(m) === type && (!provider || m.provider === provider));
  };
  const findOfType = (type: string, provider: string, modelId: string) => {
    assertActive();
    const all = typed(type);
    if (all) return all.find((m) => m.provider === provider && m.id === modelId);
    const m = find(provider, modelId);
    return m && typeOf(m) === type ? m : undefined;
  };
  const registry = {
    find: (provider: string, modelId: string) => (assertActive(), find(provider, modelId)),
    getModelOfType: findOfType,
    findOfType,
    // pi 1.6's ModelRuntime.classify: never rejects; a failure is the
    // classifier's error result.
    classify: (model: any, context: any, options?: any) => (assertActive(), classify(host, model, context, options)),
    // pi 1.6's ModelRuntime.generateImages (codemode's `models` too):
    // never rejects; a failure is the image error result.
    generateImages: (model: any, context: any, options?: any) => (assertActive(), generateImages(host, model, context, options)),
    getModelsOfType: (type: string, provider?: string) => (assertActive(), ofType(type, provider)),
    // Available: the provider's auth is configured; a ChatGPT login does
    // not reach OpenAI's Decisions API (pi-ai's openai filterAllModels).
    async getAvailableOfType(type: string, provider?: string, _options?: any) {
      assertActive();
      if (type !== "classifier" && type !== "image") return this.getAvailable().filter((m: any) => typeOf(m) === type && (!provider || m.provider === provider));
      return ofType(type, provider).filter((m) => {
        const [configured, oauth] = auth(m);
        return configured && !(oauth && m.provider === "openai");
      });
    },
    // pi 1.6: request-time auth inside the registry. pigo's providers
    // resolve credentials themselves, so these are pi-ai's calls.
    hasConfiguredAuth: (model: any) => (assertActive(), auth(model)[0]),
    // An auth.json OAuth login (a subscription) rather than an API key.
    isUsingOAuth: (model: any) => (assertActive(), auth(model)[1]),
    // pi 1.6 routes only streamSimple: stream and complete with a virtual
    // model end in its unrouted error (virtual-models.ts unroutedStream).
    stream: (model: any, context: any, options?: any) => (
      assertActive(), model?.api === "pi-virtual" ? unroutedStream(model) : ai().stream(model, context, options)
    ),
    // A virtual model's streamSimple is a "direct" request, which the
    // agent's model call routes (engine/agent ModelStream). pi-ai's
    // host-backed stream functions all hand it the model as it is.
    streamSimple: (model: any, context: any, options?: any) => (
      assertActive(),
      model?.api === "pi-virtual" ? ai().streamSimpleOpenAICompletions(model, context, options) : ai().streamSimple(model, context, options)
    ),
    complete: (model: any, context: any, options?: any) => (
      assertActive(), model?.api === "pi-virtual" ? unroutedStream(model).result() : ai().complete(model, context, options)
    ),
    getAll: () => {
      assertActive();
      const s = host.sessionModels("all");
      // The session's registry lists the virtual models it synced; one
      // registered since then is added.
      const listed = (v: any) => s.some((m: any) => m.provider === v.provider && m.id === v.id);
      return s ? [...s, ...virtualModels().filter((v) => !listed(v))] : [...host.allModels(), ...virtualModels(), ...catalog()];
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
  return registry;
}
