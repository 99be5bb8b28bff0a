var __defProp = Object.defineProperty;
var __knownSymbol = (name, symbol) => (symbol = Symbol[name]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name);
var __typeError = (msg) => {
  throw TypeError(msg);
};
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var __accessCheck = (obj, member, msg) => member.has(obj) || __typeError("Cannot " + msg);
var __privateGet = (obj, member, getter) => (__accessCheck(obj, member, "read from private field"), getter ? getter.call(obj) : member.get(obj));
var __privateAdd = (obj, member, value) => member.has(obj) ? __typeError("Cannot add the same private member more than once") : member instanceof WeakSet ? member.add(obj) : member.set(obj, value);
var __privateSet = (obj, member, value, setter) => (__accessCheck(obj, member, "write to private field"), setter ? setter.call(obj, value) : member.set(obj, value), value);
var __privateWrapper = (obj, member, setter, getter) => ({
  set _(value) {
    __privateSet(obj, member, value, setter);
  },
  get _() {
    return __privateGet(obj, member, getter);
  }
});
var __forAwait = (obj, it, method) => (it = obj[__knownSymbol("asyncIterator")]) ? it.call(obj) : (obj = obj[__knownSymbol("iterator")](), it = {}, method = (key, fn) => (fn = obj[key]) && (it[key] = (arg) => new Promise((yes, no, done) => (arg = fn.call(obj, arg), done = arg.done, Promise.resolve(arg.value).then((value) => yes({ value, done }), no)))), method("next"), method("return"), it);
var pigo_pi_api_exports = __defProp({}, "__esModule", { value: true });
pigo_pi_api_exports.install = install;
module.exports = pigo_pi_api_exports;
const STALE = "This extension ctx is stale after session replacement or reload. Do not use a captured pi or command ctx after ctx.newSession(), ctx.fork(), ctx.switchSession(), or ctx.reload(). For newSession, fork, and switchSession, move post-replacement work into withSession and use the ctx passed to withSession. For reload, do not use the old ctx after await ctx.reload().";
const NOT_INITIALIZED = "Extension runtime not initialized. Action methods cannot be called during extension loading.";
const BUILTIN_TOOLS = /* @__PURE__ */ new Set(["read", "bash", "edit", "write", "grep", "find", "ls"]);
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
  "events"
];
const PURE = { pure: true };
function install(pi, host) {
  const v2on = pi.on.bind(pi);
  const pluginId = pi.id;
  const sourceInfo = { path: host.sourcePath(), source: "local", scope: "temporary", origin: "top-level", baseDir: host.sourceDir() };
  const myFlags = /* @__PURE__ */ new Map();
  const myTools = /* @__PURE__ */ new Map();
  const myCommands = /* @__PURE__ */ new Map();
  const myVirtualModels = /* @__PURE__ */ new Map();
  const myMcpServers = /* @__PURE__ */ new Map();
  const localBus = /* @__PURE__ */ new Map();
  let seq = 0;
  const nextKey = () => `${pluginId}#${seq++}`;
  const assertActive = () => {
    if (host.isStale()) throw new Error(STALE);
  };
  const action = () => {
    assertActive();
    if (host.isLoading()) throw new Error(NOT_INITIALIZED);
  };
  const unsupported = (name) => () => {
    host.unsupported(name);
    throw new Error("not supported yet: " + name);
  };
  let uiObj;
  const ui = () => uiObj ??= makeUI(host, assertActive, v2on);
  let sessionManagerObj;
  const sessionManager = () => sessionManagerObj ??= makeSessionManager(host, assertActive);
  const virtualModels = () => {
    const byKey = new Map(Object.entries(pi.virtualModels.current()));
    for (const [k, v] of myVirtualModels) {
      if (v === void 0) byKey.delete(k);
      else byKey.set(k, v);
    }
    return [...byKey.values()];
  };
  let modelRegistryObj;
  const modelRegistry = () => modelRegistryObj ??= makeModelRegistry(host, assertActive, virtualModels);
  const SIGNAL = /* @__PURE__ */ Symbol("signal");
  let ctxClasses;
  const contexts = () => ctxClasses ??= makeContextClasses(assertActive, ui, sessionManager, modelRegistry);
  const makeContextClasses = (assert, ui2, sessionManager2, modelRegistry2) => {
    var _a, _callId, _nested;
    const check = (v) => (assert(), v);
    _a = SIGNAL;
    class ExtensionContext {
      constructor(signal) {
        __publicField(this, _a);
        this[SIGNAL] = signal;
      }
      get ui() {
        return check(ui2());
      }
      get hasUI() {
        return check(host.hasUI());
      }
      get cwd() {
        return check(host.cwd());
      }
      get sessionManager() {
        return check(sessionManager2());
      }
      get modelRegistry() {
        return check(modelRegistry2());
      }
      get model() {
        return check(host.model());
      }
      get signal() {
        return check(this[SIGNAL]);
      }
      // pi 1.6
      get mode() {
        return check(host.mode());
      }
      get scopedModels() {
        return check([]);
      }
      get thinkingLevel() {
        return check(host.getThinkingLevel());
      }
      isProjectTrusted() {
        return check(host.isProjectTrusted());
      }
      isIdle() {
        return check(host.isIdle());
      }
      abort() {
        assert();
        host.abort();
      }
      hasPendingMessages() {
        return check(host.hasPendingMessages());
      }
      shutdown() {
        assert();
        host.shutdown();
      }
      getContextUsage() {
        return check(host.getContextUsage());
      }
      compact(o) {
        assert();
        host.compact(o);
      }
      getSystemPrompt() {
        return check(host.getSystemPrompt());
      }
    }
    const replaced = async (r, o) => {
      if (!r.cancelled && typeof o?.withSession === "function") await o.withSession(replacedCtx());
      return { cancelled: !!r.cancelled };
    };
    class ExtensionCommandContext extends ExtensionContext {
      getSystemPromptOptions() {
        return promptOptionsShape(check(host.systemPromptOptions()));
      }
      waitForIdle() {
        assert();
        return host.sessionControl("waitForIdle", {});
      }
      // Settles (with undefined, as pi's) once the extensions reloaded.
      async reload() {
        assert();
        await host.reload();
      }
      async newSession(o) {
        assert();
        const setup = typeof o?.setup === "function" ? o.setup : void 0;
        const r = await host.sessionControl("new", { parentSession: o?.parentSession, setup: setup !== void 0 });
        if (!r.cancelled && setup) {
          try {
            await setup(makeWritableSessionManager(host, makeSessionManager(host, freshFor(host.sessionSerial()))));
          } finally {
            await host.sessionControl("start", {});
          }
        }
        return replaced(r, o);
      }
      async fork(entryId, o) {
        assert();
        return replaced(await host.sessionControl("fork", { entryId, position: o?.position ?? "before" }), o);
      }
      async switchSession(sessionPath, o) {
        assert();
        return replaced(await host.sessionControl("switch", { sessionPath }), o);
      }
      async navigateTree(targetId, o) {
        assert();
        const args = { targetId };
        for (const k of ["summarize", "customInstructions", "replaceInstructions", "label"]) if (o?.[k] !== void 0) args[k] = o[k];
        return host.sessionControl("navigate", args);
      }
    }
    class ExtensionToolContext extends ExtensionContext {
      constructor(signal, callId) {
        super(signal);
        __privateAdd(this, _callId);
        __privateAdd(this, _nested, 0);
        __privateSet(this, _callId, callId);
      }
      get tools() {
        return check(host.getAllTools(true));
      }
      executeTool(name, args, _options) {
        assert();
        return host.executeTool(name, args ?? {}, `${__privateGet(this, _callId)}/${++__privateWrapper(this, _nested)._}`);
      }
    }
    _callId = new WeakMap();
    _nested = new WeakMap();
    return { ExtensionContext, ExtensionCommandContext, ExtensionToolContext };
  };
  const snapshot = (c) => {
    const out = {};
    for (let p = Object.getPrototypeOf(c); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
        if (k === "constructor" || k === "signal" || k in out) continue;
        try {
          out[k] = d.get ? d.get.call(c) : typeof d.value === "function" ? d.value.bind(c) : d.value;
        } catch {
        }
      }
    }
    return out;
  };
  const crossable = (data) => {
    const ExtensionContext = ctxClasses?.ExtensionContext;
    if (ExtensionContext === void 0) return data;
    if (data instanceof ExtensionContext) return snapshot(data);
    if (!data || typeof data !== "object" || Array.isArray(data) || Object.getPrototypeOf(data) !== Object.prototype) return data;
    if (!Object.values(data).some((v) => v instanceof ExtensionContext)) return data;
    const out = {};
    for (const [k, v] of Object.entries(data)) out[k] = v instanceof ExtensionContext ? snapshot(v) : v;
    return out;
  };
  const makeCtx = (signal) => new (contexts()).ExtensionContext(signal);
  const freshFor = (serial) => () => {
    if (host.sessionSerial() !== serial) throw new Error(STALE);
  };
  const replacedCtx = () => {
    const fresh = freshFor(host.sessionSerial());
    let u, sm, mr;
    const classes = makeContextClasses(
      fresh,
      () => u ??= makeUI(host, fresh, v2on),
      () => sm ??= makeSessionManager(host, fresh),
      () => mr ??= makeModelRegistry(host, fresh, virtualModels)
    );
    const c = new classes.ExtensionCommandContext();
    c.sendMessage = async (message, options) => {
      fresh();
      host.sendMessage(message, options || {});
    };
    c.sendUserMessage = async (content, options) => {
      fresh();
      host.sendUserMessage(content, options || {});
    };
    return c;
  };
  const themeNow = () => require("pigo:agent-theme").theme;
  const keyHints = () => {
    const t = require("pigo:agent-theme");
    return { keyText: t.keyText, keyHint: t.keyHint };
  };
  const linesOf = (comp, width) => comp == null ? null : comp.render(width);
  const toolStates = /* @__PURE__ */ new Map();
  const renderTool = (r, req, width) => {
    const fn = req.phase === "call" ? r?.renderCall : r?.renderResult;
    if (typeof fn !== "function") return null;
    let state = toolStates.get(req.toolCallId);
    if (!state) {
      state = {};
      if (req.toolCallId) toolStates.set(req.toolCallId, state);
      if (toolStates.size > 256) toolStates.delete(toolStates.keys().next().value);
    }
    const context = {
      args: req.args,
      toolCallId: req.toolCallId,
      invalidate: () => {
      },
      lastComponent: void 0,
      state,
      cwd: host.cwd(),
      executionStarted: req.phase === "result",
      argsComplete: true,
      isPartial: !!req.isPartial,
      expanded: !!req.expanded,
      showImages: false,
      isError: !!req.isError,
      durationMs: void 0,
      outputPad: 1,
      ...keyHints()
    };
    const comp = req.phase === "call" ? fn.call(r, req.args, themeNow(), context) : fn.call(r, req.result, { expanded: !!req.expanded, isPartial: !!req.isPartial }, themeNow(), context);
    return linesOf(comp, width);
  };
  const makeCommandCtx = () => new (contexts()).ExtensionCommandContext();
  const api = host.lazyMethods(pi, API_METHODS, (name) => {
    switch (name) {
      case "on":
        return {
          on(event, handler) {
            assertActive();
            if (typeof handler !== "function") throw new TypeError(`pi.on("${event}"): handler must be a function`);
            let on = true;
            if (event === "before_agent_start") {
              pi.hook(event, (e) => {
                if (!on) return void 0;
                if (e?.systemPromptOptions) e.systemPromptOptions = promptOptionsShape(e.systemPromptOptions);
                return handler(e, makeCtx(e && e.signal));
              });
            } else if (host.isHookEvent(event)) {
              pi.hook(event, (e) => on ? handler(e, makeCtx(e && e.signal)) : void 0);
            } else {
              v2on(event, (e) => on ? handler(e, makeCtx()) : void 0);
            }
            return () => {
              on = false;
            };
          }
        }.on;
      case "registerTool":
        return {
          registerTool(tool) {
            assertActive();
            if (!tool || typeof tool.name !== "string") throw new TypeError("registerTool: tool.name must be a string");
            const name2 = tool.name;
            const def = { ...tool };
            delete def.name;
            const execute = tool.execute;
            def.execute = standsFor(
              (id, params, signal, onUpdate) => execute.call(tool, id, params, signal, onUpdate, new (contexts()).ExtensionToolContext(signal, id)),
              execute
            );
            def.sourceInfo = sourceInfo;
            if (typeof tool.renderCall === "function" || typeof tool.renderResult === "function") {
              def.renderLines = (req, width) => renderTool(tool, req, width);
            }
            myTools.set(name2, { name: name2, description: tool.description, parameters: tool.parameters, sourceInfo });
            pi.tools.add((d) => {
              if (d.has(name2) && d.ownerOf(name2) !== pluginId && !d.isBuiltin(name2)) {
                if (!pluginId.startsWith("@pi/")) host.warn(`tool "${name2}" is already registered by ${d.ownerOf(name2)}; the first registration wins`);
                return;
              }
              d.set(name2, def);
            }, PURE);
          }
        }.registerTool;
      case "registerCommand":
        return {
          registerCommand(name2, options) {
            assertActive();
            if (typeof name2 !== "string" || name2.trim() === "")
              throw new TypeError(`registerCommand: the command name must be a non-empty string (got ${describe(name2)})`);
            const handler = options && options.handler;
            if (typeof handler !== "function")
              throw new TypeError(`registerCommand("${name2}"): options.handler must be a function (got ${describe(handler)})`);
            const def = { ...options, name: name2, sourceInfo };
            def.handler = standsFor((args) => handler.call(options, args, makeCommandCtx()), handler);
            myCommands.set(name2, { name: name2, description: options.description, source: "extension", sourceInfo });
            pi.commands.add((d) => d.set(name2 + "\0" + pluginId, def), PURE);
          }
        }.registerCommand;
      case "registerShortcut":
        return {
          registerShortcut(shortcut, options) {
            assertActive();
            const def = { ...options, shortcut };
            if (typeof options?.handler === "function") def.handler = standsFor(() => options.handler(makeCtx()), options.handler);
            pi.shortcuts.add((d) => d.set(shortcut, def), PURE);
          }
        }.registerShortcut;
      case "registerFlag":
        return {
          registerFlag(name2, options) {
            assertActive();
            myFlags.set(name2, { ...options, name: name2 });
            pi.flags.add((d) => d.set(name2, { ...options, name: name2 }), PURE);
          }
        }.registerFlag;
      case "getFlag":
        return {
          getFlag(name2) {
            assertActive();
            if (!myFlags.has(name2)) return void 0;
            const v = host.flagValue(name2);
            return v !== void 0 ? v : myFlags.get(name2).default;
          }
        }.getFlag;
      case "registerMessageRenderer":
        return {
          registerMessageRenderer(customType, renderer) {
            assertActive();
            pi.messageRenderers.add((d) => {
              if (d.has(customType)) return;
              const render = (message, expanded, width) => linesOf(renderer(message, { expanded, outputPad: 1, ...keyHints() }, themeNow()), width);
              d.set(customType, { renderer, render });
            });
          }
        }.registerMessageRenderer;
      case "registerProvider":
        return {
          registerProvider(name2, config) {
            assertActive();
            if (typeof name2 === "string" && !config) throw new Error("Provider config is required when registering by name");
            const def = { ...config, name: name2 };
            if (Array.isArray(config?.models)) {
              const classifier = (m) => m?.type === "classifier";
              const image = (m) => m?.type === "image";
              def.models = config.models.filter((m) => !classifier(m) && !image(m));
              def.__pigoClassifierModels = JSON.stringify(config.models.filter(classifier));
              def.__pigoImageModels = JSON.stringify(config.models.filter(image));
            }
            delete def.classifiers;
            delete def.images;
            const classify2 = typedImplementations(config?.classifiers, "classify");
            if (classify2) def.__pigoClassify = classify2;
            const generateImages2 = typedImplementations(config?.images, "generateImages");
            if (generateImages2) def.__pigoImages = generateImages2;
            if (typeof config?.streamSimple === "function") {
              const streamSimple = config.streamSimple;
              def.__pigoStream = async (model, context, options, emit) => {
                const stream = streamSimple(model, context, options);
                try {
                  for (var iter = __forAwait(stream), more, temp, error; more = !(temp = await iter.next()).done; more = false) {
                    const ev = temp.value;
                    emit(ev);
                  }
                } catch (temp) {
                  error = [temp];
                } finally {
                  try {
                    more && (temp = iter.return) && await temp.call(iter);
                  } finally {
                    if (error)
                      throw error[0];
                  }
                }
                return typeof stream.result === "function" ? await stream.result() : void 0;
              };
            }
            pi.providers.add((d) => d.set(name2, def), PURE);
          }
        }.registerProvider;
      case "unregisterProvider":
        return {
          unregisterProvider(name2) {
            assertActive();
            pi.providers.add((d) => d.delete(name2), PURE);
          }
        }.unregisterProvider;
      // --- pi 1.6 registrations: recorded in the host's registries
      // (engine/piapi/pi16.go) for clients, which draw renderers through
      // engine/piapi/render.go.
      case "registerEntryRenderer":
        return {
          registerEntryRenderer(customType, renderer) {
            assertActive();
            if (typeof customType !== "string") throw new TypeError("registerEntryRenderer: customType must be a string");
            if (typeof renderer !== "function") throw new TypeError(`registerEntryRenderer("${customType}"): renderer must be a function`);
            pi.entryRenderers.add((d) => {
              if (d.has(customType)) return;
              const render = (entry, expanded, width) => linesOf(renderer(entry, { expanded, ...keyHints() }, themeNow()), width);
              d.set(customType, { renderer, render });
            });
          }
        }.registerEntryRenderer;
      case "registerToolRenderer":
        return {
          registerToolRenderer(resolver) {
            assertActive();
            if (typeof resolver !== "function") throw new TypeError("registerToolRenderer: resolver must be a function");
            const key = nextKey();
            const renderLines = (toolName, req, width) => renderTool(resolver(toolName, () => void 0), req, width);
            pi.toolRenderers.add((d) => d.set(key, { resolver, renderLines }));
          }
        }.registerToolRenderer;
      case "registerMarkdownTransformer":
        return {
          registerMarkdownTransformer(transformer, options) {
            assertActive();
            if (typeof transformer !== "function") throw new TypeError("registerMarkdownTransformer: transformer must be a function");
            const key = nextKey();
            pi.markdownTransformers.add((d) => d.set(key, { transformer, options: options ?? {} }));
          }
        }.registerMarkdownTransformer;
      case "registerVirtualModel":
        return {
          registerVirtualModel(model) {
            assertActive();
            if (!model || typeof model.provider !== "string" || typeof model.id !== "string")
              throw new TypeError("registerVirtualModel: provider and id must be strings");
            if (typeof model.route !== "function") throw new TypeError(`registerVirtualModel("${model.provider}/${model.id}"): route must be a function`);
            const key = `${model.provider}/${model.id}`;
            const route = model.route;
            const __pigoRoute = standsFor(async (request) => {
              const r = await route.call(model, request, makeCtx(request.signal));
              const keep = r?.state === void 0 || r.state === request.state;
              return { model: r?.model, thinkingLevel: r?.thinkingLevel, state: keep ? void 0 : r.state, keep };
            }, route);
            const def = { name: model.id, ...model, api: "pi-virtual", sourceInfo, __pigoRoute };
            myVirtualModels.set(key, def);
            pi.virtualModels.add((d) => d.set(key, def), PURE);
          }
        }.registerVirtualModel;
      case "unregisterVirtualModel":
        return {
          unregisterVirtualModel(provider, id) {
            assertActive();
            const key = `${provider}/${id}`;
            myVirtualModels.set(key, void 0);
            pi.virtualModels.add((d) => d.delete(key), PURE);
          }
        }.unregisterVirtualModel;
      case "registerMcpServer":
        return {
          registerMcpServer(name2, config) {
            assertActive();
            if (typeof name2 !== "string" || name2 === "") throw new TypeError("registerMcpServer: name must be a non-empty string");
            if (!config || typeof config !== "object") throw new TypeError(`registerMcpServer("${name2}"): config must be an object`);
            const entry = { name: name2, config, extensionPath: sourceInfo.path };
            myMcpServers.set(name2, entry);
            pi.mcpServers.add((d) => d.set(name2, entry), PURE);
            if (!host.isLoading()) host.emit("mcp_servers_change", { servers: api.getMcpServers() });
          }
        }.registerMcpServer;
      case "unregisterMcpServer":
        return {
          unregisterMcpServer(name2) {
            assertActive();
            myMcpServers.set(name2, void 0);
            pi.mcpServers.add((d) => d.delete(name2), PURE);
            if (!host.isLoading()) host.emit("mcp_servers_change", { servers: api.getMcpServers() });
          }
        }.unregisterMcpServer;
      case "getMcpServers":
        return {
          getMcpServers() {
            assertActive();
            const byName = new Map(Object.entries(pi.mcpServers.current()));
            for (const [k, v] of myMcpServers) {
              if (v === void 0) byName.delete(k);
              else byName.set(k, v);
            }
            return [...byName.values()];
          }
        }.getMcpServers;
      case "getSettings":
        return {
          getSettings() {
            assertActive();
            return readSettings(host.cwd());
          }
        }.getSettings;
      case "exec":
        return {
          exec(command, args, options) {
            assertActive();
            return host.exec(command, args || [], options || {});
          }
        }.exec;
      case "sendMessage":
        return {
          sendMessage(message, options) {
            action();
            host.sendMessage(message, options || {});
          }
        }.sendMessage;
      case "sendUserMessage":
        return {
          sendUserMessage(content, options) {
            action();
            host.sendUserMessage(content, options || {});
          }
        }.sendUserMessage;
      case "appendEntry":
        return {
          appendEntry(customType, data) {
            action();
            host.appendEntry(customType, data);
          }
        }.appendEntry;
      case "setSessionName":
        return {
          setSessionName(name2) {
            action();
            host.setSessionName(name2);
          }
        }.setSessionName;
      case "getSessionName":
        return {
          getSessionName() {
            action();
            return host.getSessionName();
          }
        }.getSessionName;
      case "setLabel":
        return {
          setLabel(entryId, label) {
            action();
            host.setLabel(entryId, label);
          }
        }.setLabel;
      case "getActiveTools":
        return {
          getActiveTools() {
            action();
            return host.getActiveTools();
          }
        }.getActiveTools;
      case "setActiveTools":
        return {
          setActiveTools(names) {
            action();
            host.setActiveTools(names);
          }
        }.setActiveTools;
      case "getAllTools":
        return {
          getAllTools() {
            action();
            const list = host.getAllTools();
            for (const [name2, info] of myTools) if (!list.some((t) => t.name === name2)) list.push(info);
            return list;
          }
        }.getAllTools;
      case "getCommands":
        return {
          getCommands() {
            action();
            const list = host.getCommands();
            let at = list.findIndex((c) => c.source !== "extension");
            if (at < 0) at = list.length;
            for (const [name2, info] of myCommands) {
              const known = list.some((c) => c.source === "extension" && (c.name === name2 || c.name.startsWith(name2 + ":")));
              if (!known) list.splice(at++, 0, info);
            }
            return list;
          }
        }.getCommands;
      case "getThinkingLevel":
        return {
          getThinkingLevel() {
            action();
            return host.getThinkingLevel();
          }
        }.getThinkingLevel;
      case "setThinkingLevel":
        return {
          setThinkingLevel(level) {
            action();
            host.setThinkingLevel(level);
          }
        }.setThinkingLevel;
      case "setModel":
        return {
          setModel(model) {
            assertActive();
            if (host.isLoading()) return Promise.reject(new Error("Extension runtime not initialized"));
            return host.setModel(model);
          }
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
          emit(channel, data) {
            for (const h of [...localBus.get(channel) ?? []]) h(data);
            host.busEmit(channel, crossable(data));
          },
          on(channel, handler) {
            const safe = async (data) => {
              try {
                await handler(data);
              } catch (err) {
                console.error(`Event handler error (${channel}):`, err);
              }
            };
            let set = localBus.get(channel);
            if (!set) localBus.set(channel, set = /* @__PURE__ */ new Set());
            set.add(safe);
            const off = host.busOn(channel, safe);
            return () => {
              localBus.get(channel)?.delete(safe);
              off();
            };
          }
        };
    }
    throw new Error("no pi method " + name);
  });
  return api;
}
function makeUI(host, assertActive, on) {
  let depth = 0;
  let active;
  const prompt = (kind, title, run) => {
    if (!host.hasUI()) return run();
    const t = title ? { title } : {};
    if (depth++ === 0) {
      active = { kind, ...t };
      host.emit("ui_prompt_start", { reason: "ui_prompt", ...active });
    }
    const finish = () => {
      if (--depth > 0) return;
      depth = 0;
      host.emit("ui_prompt_end", { reason: "ui_prompt", ...active ?? { kind, ...t } });
      active = void 0;
    };
    try {
      return run().finally(finish);
    } catch (err) {
      finish();
      throw err;
    }
  };
  const dialog = (method, params, map, dflt) => {
    assertActive();
    return prompt(method, params.title, () => host.dialog(method, params)).then((r) => r == null || r.cancelled ? dflt : map(r));
  };
  const opts = (o) => ({ timeout: o?.timeout, signal: o?.signal });
  const set = (op, key, sub, value) => {
    assertActive();
    host.uiSet(op, key, sub, value === void 0 ? null : value);
  };
  const comps = makeComponents(host, on);
  return {
    select: (title, options, o) => dialog("select", { title, options, ...opts(o) }, (r) => r.value, void 0),
    confirm: (title, message, o) => dialog("confirm", { title, message, ...opts(o) }, (r) => r.confirmed === true, false),
    input: (title, placeholder, o) => dialog("input", { title, placeholder, ...opts(o) }, (r) => r.value, void 0),
    editor: (title, prefill) => dialog("editor", { title, prefill }, (r) => r.value, void 0),
    notify: (message, type) => {
      assertActive();
      host.notify(String(message), type == null ? "" : String(type));
    },
    setStatus: (key, text) => set("setStatus", "status", key, text),
    setWidget: (key, content, options) => {
      const placement = options?.placement ?? "aboveEditor";
      const make = typeof content === "function" ? (tui) => content(tui, comps.theme()) : void 0;
      const view = comps.show("widget", key, { placement }, make);
      if (make) {
        set("setWidget", "widgets", key, { component: true, placement: options?.placement, ...view ? { view } : {} });
      } else {
        set("setWidget", "widgets", key, content === void 0 ? void 0 : { lines: content, placement: options?.placement });
      }
    },
    setTitle: (title) => set("setTitle", "title", "", title),
    setEditorText: (text) => {
      comps.editorSetText(text);
      set("setEditorText", "editorText", "", text);
    },
    pasteToEditor: (text) => {
      comps.editorSetText(text);
      set("pasteToEditor", "editorText", "", text);
    },
    getEditorText: () => (assertActive(), comps.editorText() ?? host.uiGet("editorText") ?? ""),
    setWorkingMessage: (message) => set("setWorkingMessage", "workingMessage", "", message),
    setWorkingVisible: (visible) => set("setWorkingVisible", "workingVisible", "", visible),
    // No argument restores pi's default indicator: recorded as a clear.
    setWorkingIndicator: (options) => set("setWorkingIndicator", "workingIndicator", "", options),
    setHiddenThinkingLabel: (label) => set("setHiddenThinkingLabel", "hiddenThinkingLabel", "", label),
    setFooter: (factory) => {
      comps.show("footer", "", {}, factory && ((tui) => factory(tui, comps.theme(), comps.footerData())));
      set("setFooter", "footer", "", factory ? true : void 0);
    },
    setHeader: (factory) => {
      comps.show("header", "", {}, factory && ((tui) => factory(tui, comps.theme())));
      set("setHeader", "header", "", factory ? true : void 0);
    },
    setEditorComponent: (factory) => {
      comps.setEditor(factory);
      set("setEditorComponent", "editorComponent", "", factory ? true : void 0);
    },
    getEditorComponent: () => comps.editorFactory(),
    setTheme: (t) => {
      assertActive();
      if (host.mode() === "rpc") return { success: false, error: "Theme switching not supported in RPC mode" };
      host.uiSet("setTheme", "theme", "", typeof t === "string" ? t : t?.name ?? null);
      return host.hasUI() ? { success: true } : { success: false, error: "UI not available" };
    },
    getAllThemes: () => [],
    getTheme: () => void 0,
    // The interactive client's ctrl+o state (set_tools_expanded) or the
    // last setToolsExpanded; pi's other modes have no expansion.
    getToolsExpanded: () => (assertActive(), host.mode() === "tui" && host.uiGet("toolsExpanded") === true),
    setToolsExpanded: (expanded) => set("setToolsExpanded", "toolsExpanded", "", expanded),
    custom: (factory, options) => {
      assertActive();
      host.uiSet("custom", "custom", "", null);
      if (!host.rendersComponents(true)) return Promise.resolve(void 0);
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
    addAutocompleteProvider: (factory) => {
      assertActive();
      if (typeof factory !== "function") throw new TypeError("ui.addAutocompleteProvider: factory must be a function");
      let builtin;
      const builtinFor = (commands) => {
        const Combined = require("pigo:tui-autocomplete").CombinedAutocompleteProvider;
        if (!Array.isArray(commands)) return builtin ??= new Combined([], host.cwd());
        return new Combined(commands, host.cwd());
      };
      const calls = /* @__PURE__ */ new WeakMap();
      let last;
      let shouldDelegated = false;
      const current = {
        getSuggestions: async (lines, line, col, options) => {
          const call = options && typeof options === "object" && calls.get(options) || last;
          if (!call) return null;
          const below = await call.lower();
          if (below !== "builtin") return below;
          const opts2 = { signal: options?.signal ?? new AbortController().signal, force: options?.force === true };
          const r = await builtinFor(call.commands).getSuggestions(lines, line, col, opts2);
          call.delegated = true;
          call.fromBuiltin = r;
          return r;
        },
        applyCompletion: (lines, line, col, item, prefix) => applyBelow(lines, line, col, item, prefix, () => builtinFor().applyCompletion(lines, line, col, item, prefix)),
        shouldTriggerFileCompletion: (lines, line, col) => {
          shouldDelegated = true;
          return builtinFor().shouldTriggerFileCompletion(lines, line, col);
        }
      };
      const p = factory(current);
      if (!p || typeof p.getSuggestions !== "function") throw new TypeError("ui.addAutocompleteProvider: the factory must return a provider with getSuggestions");
      const key = String(++providerKeys);
      localProviders.set(key, { p, current });
      const triggers = Array.isArray(p.triggerCharacters) ? p.triggerCharacters.filter((t) => typeof t === "string") : [];
      const shouldTrigger = typeof p.shouldTriggerFileCompletion === "function" ? (lines, line, col) => {
        shouldDelegated = false;
        const trigger = p.shouldTriggerFileCompletion(lines, line, col) !== false;
        return { trigger, delegated: shouldDelegated };
      } : void 0;
      host.addAutocompleteProvider(
        triggers,
        (lines, line, col, force, lower, commands) => {
          const options = { signal: new AbortController().signal, force };
          const call = { lower, commands };
          calls.set(options, call);
          last = call;
          return Promise.resolve(p.getSuggestions(lines, line, col, options)).then((r) => {
            if (call.delegated && r === call.fromBuiltin) return "builtin";
            return r && Array.isArray(r.items) && r.items.length > 0 ? {
              prefix: String(r.prefix ?? ""),
              items: r.items.map((i) => ({ value: String(i.value), label: String(i.label ?? i.value), description: i.description }))
            } : null;
          });
        },
        (lines, line, col, item, prefix, below) => {
          const saved = applyChain;
          applyChain = Array.isArray(below) ? below : [];
          try {
            return (typeof p.applyCompletion === "function" ? p : current).applyCompletion(lines, line, col, item, prefix);
          } finally {
            applyChain = saved;
          }
        },
        shouldTrigger,
        key
      );
    },
    // pi calls a listener synchronously and reads {consume, data} from
    // what it returns: a Promise (an async handler) passes the input on.
    onTerminalInput: (handler) => {
      assertActive();
      if (typeof handler !== "function") throw new TypeError("ui.onTerminalInput: handler must be a function");
      return host.onTerminalInput((data) => {
        const r = handler(data);
        if (r === null || typeof r !== "object" || typeof r.then === "function") return void 0;
        return { consume: r.consume === true, data: typeof r.data === "string" ? r.data : void 0 };
      });
    },
    // pi's global theme (pi-coding-agent's): plain text until initTheme().
    get theme() {
      return require("pigo:agent-theme").theme;
    }
  };
}
let providerKeys = 0;
const localProviders = /* @__PURE__ */ new Map();
let applyChain = [];
function applyBelow(lines, line, col, item, prefix, builtin) {
  const [next, ...rest] = applyChain;
  const lower = next === void 0 ? void 0 : localProviders.get(next);
  if (!lower) return builtin();
  const saved = applyChain;
  applyChain = rest;
  try {
    return (typeof lower.p.applyCompletion === "function" ? lower.p : lower.current).applyCompletion(lines, line, col, item, prefix);
  } finally {
    applyChain = saved;
  }
}
function makeComponents(host, on) {
  let editorFactory;
  let editor;
  let editorHandle;
  let submits = 0;
  let actions = 0;
  const agentTheme = () => require("pigo:agent-theme");
  const tuiKeys = () => require("@mariozechner/pi-tui");
  const adapter = (tui, comp, state) => {
    let pressed;
    return {
      render: (width) => comp.render(width),
      input: (data) => {
        for (const l of tui.inputListeners) {
          const r = l(data);
          if (r?.consume) return;
          if (r?.data !== void 0) data = r.data;
        }
        if (data.length === 0 || typeof comp.handleInput !== "function") return;
        if (tuiKeys().isKeyRelease(data) && !comp.wantsKeyRelease) return;
        comp.handleInput(data);
      },
      // mouse is a TuiMouseEvent from the client (fullscreen mode), over
      // the component or in a gesture a press over it began: the component
      // that took the press gets the gesture's drags, release and click.
      mouse: (event) => {
        const core = require("pigo:tui-core");
        if (event.type === "press") pressed = void 0;
        const inGesture = pressed && (event.type === "drag" || event.type === "release" || event.type === "click");
        const result = inGesture ? core.dispatchMouseEvent(pressed.component, core.retargetMouseEvent(event, pressed)) : core.dispatchMouseEvent(comp, event);
        if (event.type === "press" && result) pressed = result.target;
        if (event.type === "click") pressed = void 0;
        if (!result) return;
        if (result.render ?? (event.type !== "move" && event.type !== "release")) tui.requestRender();
      },
      invalidate: () => comp.invalidate?.(),
      dispose: () => comp.dispose?.(),
      setText: (text) => comp.setText?.(text),
      // commands are the client's slash commands, sent to an editor: pi
      // gives a custom editor its autocomplete provider (the command list
      // with each command's argument completions, file paths on Tab, @
      // files) with the extensions' addAutocompleteProvider providers
      // stacked on it. pi-tui's editor applies a completion synchronously,
      // so an item of those providers is applied as pi's built-in provider
      // applies one (its value in place of the prefix), not by the
      // provider's own applyCompletion, which runs in its plugin.
      commands: (list) => {
        if (typeof comp.setAutocompleteProvider !== "function") return;
        const Combined = require("pigo:tui-autocomplete").CombinedAutocompleteProvider;
        const base = new Combined(
          list.map((c) => ({ ...c, getArgumentCompletions: (prefix) => host.argumentCompletions(c.name, prefix) })),
          host.cwd()
        );
        comp.setAutocompleteProvider({
          get triggerCharacters() {
            return host.autocompleteInfo().triggers;
          },
          getSuggestions: async (lines, line, col, options) => {
            if (host.autocompleteInfo().count === 0) return base.getSuggestions(lines, line, col, options);
            const r = await host.suggest(lines, line, col, options?.force === true, list);
            if (r === null) return base.getSuggestions(lines, line, col, options);
            if (r === "none") return null;
            return { prefix: r.prefix, items: r.items };
          },
          applyCompletion: (lines, line, col, item, prefix) => base.applyCompletion(lines, line, col, item, prefix),
          shouldTriggerFileCompletion: (lines, line, col) => base.shouldTriggerFileCompletion?.(lines, line, col) ?? true
        });
      },
      // the client sends mouse events only to components that take them
      state: () => ({ ...state ? state() : {}, mouse: require("pigo:tui-core").wantsMouse(comp) })
    };
  };
  const mountOn = (h, tui, comp, focus, state) => {
    if (!comp || typeof comp.render !== "function") throw new TypeError("ctx.ui: the factory must return a component with render(width)");
    if (focus) tui.setFocus(comp);
    h.mount(adapter(tui, comp, state), { wantsKeyRelease: !!comp.wantsKeyRelease });
  };
  const overlayHandle = (h) => {
    let hidden = false;
    return {
      hide: () => h.close(void 0),
      setHidden: (b) => {
        hidden = !!b;
        h.set({ hidden });
      },
      isHidden: () => hidden,
      focus() {
      },
      unfocus() {
      },
      isFocused: () => !hidden
    };
  };
  const mount = (kind, key, extra, make, state) => {
    const h = host.component(kind, key, extra);
    const tui = makeTUI(h);
    const comp = make(tui);
    mountOn(h, tui, comp, kind === "editor", state && (() => state(comp)));
    return { h, comp, view: h.view() };
  };
  const deferred = /* @__PURE__ */ new Map();
  let listening = false;
  const attached = () => {
    for (const [slot2, d] of deferred) {
      if (!host.rendersComponents(false)) return;
      deferred.delete(slot2);
      if (host.slotClaim(d.kind, d.key) === d.claim) d.show();
    }
  };
  const slot = (kind, key, show) => {
    const claim = host.claimSlot(kind, key);
    deferred.delete(kind + "\0" + key);
    if (!show) return void 0;
    if (host.rendersComponents(false)) return show();
    deferred.set(kind + "\0" + key, { kind, key, claim, show });
    if (!listening) {
      listening = true;
      on("pigo:components_attached", attached);
    }
    return void 0;
  };
  const makeTUI = (h) => {
    let focused;
    const tui = {
      inputListeners: /* @__PURE__ */ new Set(),
      terminal: {
        get columns() {
          return h.size().columns;
        },
        get rows() {
          return h.size().rows;
        },
        kittyProtocolActive: false,
        write() {
        },
        hideCursor() {
        },
        showCursor() {
        },
        clearLine() {
        },
        clearFromCursor() {
        },
        clearScreen() {
        },
        moveBy() {
        },
        setTitle(title) {
          host.uiSet("setTitle", "title", "", String(title));
        },
        setProgress() {
        }
      },
      requestRender: (_force) => h.requestRender(),
      // The terminal is the client's: a component cannot take it over.
      start() {
      },
      stop() {
      },
      setFocus(c) {
        if (focused && "focused" in focused) focused.focused = false;
        focused = c;
        if (c && "focused" in c) c.focused = true;
      },
      addInputListener(l) {
        tui.inputListeners.add(l);
        return () => tui.inputListeners.delete(l);
      },
      removeInputListener(l) {
        tui.inputListeners.delete(l);
      },
      invalidate() {
      },
      getShowHardwareCursor: () => false,
      setShowHardwareCursor() {
      },
      getClearOnShrink: () => false,
      setClearOnShrink() {
      },
      get fullRedraws() {
        return 0;
      },
      // A nested overlay is a view of its own (kind "custom", overlay).
      showOverlay(comp, options) {
        const oh = host.component("custom", "", { overlay: true, overlayOptions: plain(options) ?? {}, hidden: false });
        mountOn(oh, makeTUI(oh), comp, !options?.nonCapturing);
        return overlayHandle(oh);
      },
      hideOverlay() {
      },
      hasOverlay: () => false
    };
    return tui;
  };
  return {
    theme: () => agentTheme().theme,
    // show sets a widget, footer or header slot and returns the view id
    // when the component is shown now.
    show: (kind, key, extra, make) => slot(kind, key, make && (() => mount(kind, key, extra, make).view)),
    custom(factory, options) {
      const overlay = !!options?.overlay;
      const h = host.component("custom", "", { overlay, ...overlay ? { overlayOptions: {}, hidden: false } : {} });
      const tui = makeTUI(h);
      return new Promise((resolve, reject) => {
        let closed = false;
        h.onClose((result) => {
          closed = true;
          resolve(result);
        });
        const done = (result) => {
          if (closed) return;
          closed = true;
          h.close(result);
          resolve(result);
        };
        Promise.resolve(factory(tui, agentTheme().theme, agentTheme().getAppKeybindings(), done)).then((c) => {
          if (closed) return;
          if (overlay) {
            const o = typeof options.overlayOptions === "function" ? options.overlayOptions() : options.overlayOptions;
            h.set({ overlayOptions: plain(o ?? (c?.width ? { width: c.width } : {})) });
          }
          mountOn(h, tui, c, true);
          if (overlay && typeof options?.onHandle === "function") options.onHandle(overlayHandle(h));
        }).catch((err) => {
          if (closed) return;
          closed = true;
          h.close(void 0);
          reject(err);
        });
      });
    },
    setEditor(factory) {
      const text = this.editorText();
      editorFactory = factory;
      slot("editor", "", factory && (() => showEditor(factory, text ?? host.uiGet("editorText"))));
    },
    editorFactory: () => editorFactory,
    // The editor may live in another plugin's runtime: ask the host then.
    editorText() {
      if (editor) return editor.getExpandedText?.() ?? editor.getText?.();
      return host.editorText();
    },
    editorSetText(text) {
      if (!editor) return host.editorSetText(text);
      editor.setText?.(text);
      editorHandle.requestRender();
    },
    // pi's ReadonlyFooterDataProvider.
    footerData: () => ({
      getGitBranch: () => gitBranch(host.cwd()),
      getExtensionStatuses: () => new Map(Object.entries(host.uiGet("status") ?? {})),
      getAvailableProviderCount: () => new Set((host.sessionModels("available") ?? []).map((m) => m.provider)).size,
      onBranchChange: (_cb) => () => {
      }
    })
  };
  function showEditor(factory, text) {
    const out = {};
    const m = mount("editor", "", {}, (tui) => {
      const c = factory(tui, agentTheme().getEditorTheme(), agentTheme().getAppKeybindings());
      c.onSubmit = (t) => {
        out.submitted = { text: t, count: ++submits };
        host.uiSet("setEditorText", "editorText", "", "");
      };
      if (c.actionHandlers instanceof Map) {
        const act = (name) => () => {
          out.action = { name, count: ++actions };
        };
        c.onEscape ??= act("app.interrupt");
        c.onCtrlD ??= act("app.exit");
        c.onPasteImage ??= act("app.clipboard.pasteImage");
        for (const name of APP_ACTIONS) if (!c.actionHandlers.has(name)) c.actionHandlers.set(name, act(name));
      }
      if (typeof text === "string" && text !== "") c.setText?.(text);
      return c;
    }, (c) => ({ text: c.getExpandedText?.() ?? c.getText?.() ?? "", ...out }));
    editor = m.comp;
    editorHandle = m.h;
    m.h.onClose(() => {
      if (editorHandle === m.h) editor = editorHandle = void 0;
    });
  }
}
const APP_ACTIONS = [
  "app.clear",
  "app.editor.external",
  "app.message.copy",
  "app.message.dequeue",
  "app.message.followUp",
  "app.model.cycleBackward",
  "app.model.cycleForward",
  "app.model.select",
  "app.session.fork",
  "app.session.new",
  "app.session.resume",
  "app.session.tree",
  "app.suspend",
  "app.thinking.cycle",
  "app.thinking.toggle",
  "app.tools.expand"
];
function plain(v) {
  return v === void 0 ? void 0 : JSON.parse(JSON.stringify(v));
}
function gitBranch(cwd) {
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
function makeSessionManager(host, assertActive) {
  const m = (f) => (...a) => (assertActive(), f(...a));
  return {
    getCwd: m(() => host.cwd()),
    getSessionDir: m(() => host.session("dir")),
    getSessionId: m(() => host.session("id")),
    getSessionFile: m(() => host.session("file")),
    getLeafId: m(() => host.session("leafId")),
    getLeafEntry: m(() => host.session("leafEntry")),
    getEntry: m((id) => host.session("entry", id)),
    getLabel: m((id) => host.session("label", id)),
    getBranch: m((fromId) => host.session("branch", fromId)),
    getHeader: m(() => host.session("header")),
    getEntries: m(() => host.session("entries")),
    getTree: m(() => host.session("tree")),
    getSessionName: m(() => host.session("name"))
  };
}
function makeWritableSessionManager(host, ro) {
  const append = (entry) => host.sessionAppend(entry);
  return {
    ...ro,
    appendMessage: (message) => append({ type: "message", message }),
    appendThinkingLevelChange: (thinkingLevel) => append({ type: "thinking_level_change", thinkingLevel }),
    appendModelChange: (provider, modelId) => append({ type: "model_change", provider, modelId }),
    appendCustomEntry: (customType, data) => append({ type: "custom", customType, data }),
    appendCustomMessageEntry: (customType, content, display, details) => append({ type: "custom_message", customType, content, display, details }),
    appendSessionInfo: (name) => append({ type: "session_info", name: String(name).trim() }),
    appendLabelChange: (targetId, label) => append({ type: "label", targetId, label })
  };
}
function standsFor(wrapper, fn) {
  return Object.defineProperty(wrapper, "__pigoStandsFor", { value: fn });
}
function describe(v) {
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  return typeof v;
}
function readSettings(cwd) {
  const fs = require("node:fs");
  const path = require("node:path");
  const read = (f) => {
    try {
      const v = JSON.parse(fs.readFileSync(f, "utf8"));
      return v && typeof v === "object" && !Array.isArray(v) ? v : {};
    } catch {
      return {};
    }
  };
  const merge = (a, b) => {
    const out = { ...a };
    for (const [k, v] of Object.entries(b)) {
      const cur = out[k];
      out[k] = cur && v && typeof cur === "object" && typeof v === "object" && !Array.isArray(cur) && !Array.isArray(v) ? merge(cur, v) : v;
    }
    return out;
  };
  const agentDir = require("pigo:tools-util").getAgentDir();
  return merge(read(path.join(agentDir, "settings.json")), read(path.join(cwd, ".pi", "settings.json")));
}
function unroutedStream(model) {
  const out = require("@mariozechner/pi-ai").createAssistantMessageEventStream();
  const failed = {
    role: "assistant",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason: "error",
    errorMessage: `Virtual model ${model.provider}/${model.id} must be routed before streaming`,
    timestamp: Date.now()
  };
  Promise.resolve().then(() => {
    out.push({ type: "error", reason: "error", error: failed });
    out.end(failed);
  });
  return out;
}
function typedImplementations(impls, method) {
  if (!impls || !Object.values(impls).some((c) => c !== void 0)) return void 0;
  return async (model, context, options, abort) => {
    const m = JSON.parse(model);
    const impl = impls[m.api];
    if (!impl) return void 0;
    return JSON.stringify(await impl[method](m, JSON.parse(context), { ...JSON.parse(options), signal: abort.signal }));
  };
}
function promptOptionsShape(o) {
  if (!o || typeof o !== "object") return o;
  const keys = [
    "customPrompt",
    "forceSystemPrompt",
    "selectedTools",
    "hiddenTools",
    "toolSnippets",
    "toolGuidelines",
    "promptGuidelines",
    "appendSystemPrompt",
    "sections",
    "cwd",
    "contextFiles",
    "skills"
  ];
  const out = {};
  for (const k of keys) if (k in o || k === "customPrompt" || k === "forceSystemPrompt") out[k] = o[k];
  for (const k of Object.keys(o)) if (!(k in out)) out[k] = o[k];
  return out;
}
const builtinTypedCatalog = /* @__PURE__ */ new Map();
function typedModels(host, type) {
  let catalogOfType = builtinTypedCatalog.get(type);
  if (!catalogOfType) {
    const catalog = require("pigo:ai-catalog");
    const providers = catalog.providers();
    const models = /* @__PURE__ */ new Map();
    for (const p of providers) {
      const list = JSON.parse(catalog.models(p, type));
      if (list.length > 0) models.set(p, list);
    }
    catalogOfType = { providers, models };
    builtinTypedCatalog.set(type, catalogOfType);
  }
  const registered = host.typedProviders();
  const byId = new Map(registered.map((p) => [p.id, p]));
  const out = [];
  const compose = (provider, models) => {
    const cfg = host.modelsJSON(provider);
    if (cfg) {
      const compat = type === "classifier" && cfg.compat ? JSON.parse(cfg.compat) : void 0;
      models = models.map((m) => ({ ...m, baseUrl: cfg.baseUrl || m.baseUrl, ...compat ? { compat: { ...m.compat, ...compat } } : {} }));
    }
    const ext = byId.get(provider);
    const listed = type === "classifier" ? ext?.models : ext?.imageModels;
    if (listed) {
      models = JSON.parse(listed).map((d) => {
        const defaults = models.find((m) => m.id === d.id) ?? (d.api ? models.find((m) => m.api === d.api) : void 0) ?? models[0];
        return { ...d, api: d.api ?? defaults?.api, provider, baseUrl: d.baseUrl ?? ext.baseUrl ?? defaults?.baseUrl, headers: void 0 };
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
const classifierModels = (host) => typedModels(host, "classifier");
const imageModels = (host) => typedModels(host, "image");
function builtinClassifier(provider, api) {
  const c = require("pigo:classify16");
  const typesafe = ["typesafe", "openrouter", "vercel-ai-gateway", "opencode", "llama.cpp"];
  if (api === "typesafe-system-one" && typesafe.includes(provider)) return c.typesafeSystemOne;
  if (api === "typesafe-system-one" && provider === "github-copilot")
    return (model, context, options) => c.typesafeSystemOne({ ...model, baseUrl: `${model.baseUrl.replace(/\/+$/u, "")}/v1` }, context, options);
  if (api === "openai-decisions" && provider === "openai") return c.openAIDecisions;
  if (api === "cloudflare-workers-ai-system-one" && provider === "cloudflare-workers-ai")
    return (model, context, options) => c.cloudflareWorkersAISystemOne(c.resolveCloudflareModel(model, options?.env), context, options);
  if (api === "llama-cpp-classify" && provider === "llama.cpp") return c.llamaCppClassify;
  return void 0;
}
const classifyingProviders = ["cloudflare-workers-ai", "github-copilot", "llama.cpp", "openai", "opencode", "openrouter", "typesafe", "vercel-ai-gateway"];
function mergeHeaders(base, override) {
  if (!base && !override) return void 0;
  const merged = { ...base };
  for (const [name, value] of Object.entries(override ?? {})) {
    for (const existing of Object.keys(merged)) if (existing.toLowerCase() === name.toLowerCase()) delete merged[existing];
    merged[name] = value;
  }
  return merged;
}
async function prepareRequest(host, model, options, ModelsError, builtin) {
  const provider = model.provider;
  const registered = host.typedProviders().find((p) => p.id === provider);
  const known = registered || builtin || require("pigo:ai-catalog").models(provider, "chat") !== void 0 || host.modelsJSON(provider);
  if (!known) throw new ModelsError("provider", `Unknown provider: ${provider}`);
  options?.signal?.throwIfAborted?.();
  const envKey = () => require("@mariozechner/pi-ai").getEnvApiKey(provider) ?? registered?.apiKey;
  const configured = host.modelAuth(provider)?.[0] ?? !!envKey();
  if (options?.apiKey === void 0 && !configured) throw new ModelsError("auth", `Provider is not configured: ${provider}`);
  const resolved = await host.modelRequestAuth(provider, model.id) ?? { ok: true, apiKey: envKey() };
  if (!resolved.ok) throw new Error(resolved.error);
  const { transformHeaders, ...providerOptions } = options ?? {};
  let headers = mergeHeaders(mergeHeaders(resolved.headers, model.headers), providerOptions.headers);
  if (transformHeaders) headers = await transformHeaders(headers ?? {});
  const env = cloudflareEnv(provider, resolved.env, providerOptions.env);
  return { registered, request: { ...providerOptions, apiKey: providerOptions.apiKey ?? resolved.apiKey, headers, env } };
}
async function classify(host, model, context, options) {
  const c = require("pigo:classify16");
  try {
    c.assertClassifierModel(model);
    c.assertClassifierInputSupported(model, context);
    const provider = model.provider;
    const { registered, request } = await prepareRequest(host, model, options, c.ModelsError, classifyingProviders.includes(provider));
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
async function generateImages(host, model, context, options) {
  const c = require("pigo:imagesapi16");
  try {
    c.assertImageModel(model);
    const provider = model.provider;
    const { registered, request } = await prepareRequest(host, model, options, c.ModelsError, false);
    if (registered?.images) {
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
function cloudflareEnv(provider, stored, explicit) {
  if (provider !== "cloudflare-workers-ai" && provider !== "cloudflare-ai-gateway") return explicit;
  const env = {};
  for (const name of provider === "cloudflare-ai-gateway" ? ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_GATEWAY_ID"] : ["CLOUDFLARE_ACCOUNT_ID"]) {
    const v = stored?.[name] ?? process.env[name];
    if (v) env[name] = v;
  }
  return Object.keys(env).length > 0 || explicit ? { ...env, ...explicit } : void 0;
}
function makeModelRegistry(host, assertActive, virtualModels) {
  const ai = () => require("@mariozechner/pi-ai");
  const catalog = () => {
    const out = [];
    for (const p of ai().getProviders()) out.push(...ai().getModels(p));
    return out;
  };
  const virtual = (provider, modelId) => virtualModels().find((m) => m.provider === provider && m.id === modelId);
  const find = (provider, modelId) => {
    const s = host.sessionFindModel(provider, modelId);
    if (s) return s;
    const m = host.findModel(provider, modelId) ?? virtual(provider, modelId);
    if (m || s === null) return m;
    return ai().getModel(provider, modelId);
  };
  const envAuth = (provider) => [!!ai().getEnvApiKey(provider), false];
  const auth = (model) => host.modelAuth(model?.provider) ?? envAuth(model?.provider);
  const typeOf = (m) => m && typeof m.type === "string" ? m.type : "chat";
  const typed = (type) => type === "classifier" ? classifierModels(host) : type === "image" ? imageModels(host) : void 0;
  const ofType = (type, provider) => {
    const all = typed(type) ?? registry.getAll();
    return all.filter((m) => typeOf(m) === type && (!provider || m.provider === provider));
  };
  const findOfType = (type, provider, modelId) => {
    assertActive();
    const all = typed(type);
    if (all) return all.find((m2) => m2.provider === provider && m2.id === modelId);
    const m = find(provider, modelId);
    return m && typeOf(m) === type ? m : void 0;
  };
  const registry = {
    find: (provider, modelId) => (assertActive(), find(provider, modelId)),
    getModelOfType: findOfType,
    findOfType,
    // pi 1.6's ModelRuntime.classify: never rejects; a failure is the
    // classifier's error result.
    classify: (model, context, options) => (assertActive(), classify(host, model, context, options)),
    // pi 1.6's ModelRuntime.generateImages (codemode's `models` too):
    // never rejects; a failure is the image error result.
    generateImages: (model, context, options) => (assertActive(), generateImages(host, model, context, options)),
    getModelsOfType: (type, provider) => (assertActive(), ofType(type, provider)),
    // Available: the provider's auth is configured; a ChatGPT login does
    // not reach OpenAI's Decisions API (pi-ai's openai filterAllModels).
    async getAvailableOfType(type, provider, _options) {
      assertActive();
      if (type !== "classifier" && type !== "image") return this.getAvailable().filter((m) => typeOf(m) === type && (!provider || m.provider === provider));
      return ofType(type, provider).filter((m) => {
        const [configured, oauth] = auth(m);
        return configured && !(oauth && m.provider === "openai");
      });
    },
    // pi 1.6: request-time auth inside the registry. pigo's providers
    // resolve credentials themselves, so these are pi-ai's calls.
    hasConfiguredAuth: (model) => (assertActive(), auth(model)[0]),
    // An auth.json OAuth login (a subscription) rather than an API key.
    isUsingOAuth: (model) => (assertActive(), auth(model)[1]),
    // pi 1.6 routes only streamSimple: stream and complete with a virtual
    // model end in its unrouted error (virtual-models.ts unroutedStream).
    stream: (model, context, options) => (assertActive(), model?.api === "pi-virtual" ? unroutedStream(model) : ai().stream(model, context, options)),
    // A virtual model's streamSimple is a "direct" request, which the
    // agent's model call routes (engine/agent ModelStream). pi-ai's
    // host-backed stream functions all hand it the model as it is.
    streamSimple: (model, context, options) => (assertActive(), model?.api === "pi-virtual" ? ai().streamSimpleOpenAICompletions(model, context, options) : ai().streamSimple(model, context, options)),
    complete: (model, context, options) => (assertActive(), model?.api === "pi-virtual" ? unroutedStream(model).result() : ai().complete(model, context, options)),
    getAll: () => {
      assertActive();
      const s = host.sessionModels("all");
      const listed = (v) => s.some((m) => m.provider === v.provider && m.id === v.id);
      return s ? [...s, ...virtualModels().filter((v) => !listed(v))] : [...host.allModels(), ...virtualModels(), ...catalog()];
    },
    getAvailable: () => {
      assertActive();
      return host.sessionModels("available") ?? [...host.allModels(), ...catalog()].filter((m) => !!ai().getEnvApiKey(m.provider));
    },
    // In a session the registry resolves the key as pi does (auth.json
    // key or OAuth login, environment, models.json); without one only the
    // environment. No key is { ok: true, apiKey: undefined }, as in pi.
    getApiKeyAndHeaders: async (model) => {
      assertActive();
      const session = host.modelRequestAuth(model?.provider, model?.id);
      if (session) return session;
      return { ok: true, apiKey: ai().getEnvApiKey(model?.provider), headers: void 0 };
    }
  };
  return registry;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  install
});
