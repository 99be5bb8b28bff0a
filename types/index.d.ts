/**
 * `@pigo/api` — the v2 extension API of pigo.
 *
 * An extension is a module whose default export is a factory:
 *
 * ```ts
 * import type { Pi } from "@pigo/api";
 *
 * export default function (pi: Pi) {
 *   pi.tools.add((d) => d.set("greet", { description: "...", parameters: { type: "object" }, execute: () => ({ content: [] }) }));
 * }
 * ```
 *
 * The module is served by the host. At run time it exports only
 * {@link defineExtension}; everything else here is types. Prefer
 * `import type { ... } from "@pigo/api"` so the bundle keeps no import of it.
 *
 * The four verbs:
 * 1. **contribute** — `pi.tools.add(d => ...)` and the other registries. Replayable and synchronous.
 * 2. **intercept** — `pi.hook(name, handler)`: may change or block a live operation.
 * 3. **observe** — `pi.on(type, listener)`: passive events.
 * 4. **effect** — `pi.effect(signal => ...)`: the non-replayable residue, where I/O lives.
 *
 * Values cross between plugins and the host as data: JSON-compatible values plus
 * function handles. A function of another plugin (for example the `inner` of a
 * wrapped tool) is a handle that runs on that plugin's own event loop and
 * returns a Promise. No object identity crosses.
 *
 * @packageDocumentation
 */

// ---------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------

/** A JSON primitive. */
export type JsonPrimitive = string | number | boolean | null;

/** Any JSON value: what can cross between plugins, the host and clients as data. */
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;

/** A JSON array. */
export type JsonArray = JsonValue[];

/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** The primitive type names of JSON Schema. */
export type JSONSchemaTypeName = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/**
 * A JSON Schema (draft 2020-12 vocabulary; the common keywords are typed, any
 * other keyword is allowed). Used for tool parameters and setting declarations.
 *
 * Schemas are data: they are serialized when they cross to the host, so they
 * must be JSON-compatible (no functions, no `undefined` values that matter).
 * Schemas produced by TypeBox are plain JSON Schema objects and fit here.
 */
export interface JSONSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $comment?: string;
  $defs?: Record<string, JSONSchema>;
  /** Pre-2019 spelling of `$defs`. */
  definitions?: Record<string, JSONSchema>;

  type?: JSONSchemaTypeName | JSONSchemaTypeName[];
  enum?: JsonValue[];
  const?: JsonValue;

  title?: string;
  description?: string;
  default?: JsonValue;
  examples?: JsonValue[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;

  // objects
  properties?: Record<string, JSONSchema>;
  required?: string[];
  additionalProperties?: boolean | JSONSchema;
  patternProperties?: Record<string, JSONSchema>;
  propertyNames?: JSONSchema;
  minProperties?: number;
  maxProperties?: number;
  dependentRequired?: Record<string, string[]>;

  // arrays
  items?: boolean | JSONSchema;
  prefixItems?: JSONSchema[];
  contains?: JSONSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;

  // strings
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;

  // numbers
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;

  // composition
  allOf?: JSONSchema[];
  anyOf?: JSONSchema[];
  oneOf?: JSONSchema[];
  not?: JSONSchema;
  if?: JSONSchema;
  then?: JSONSchema;
  else?: JSONSchema;

  /** Any other keyword (vendor extensions, TypeBox metadata, ...). */
  [keyword: string]: unknown;
}

// ---------------------------------------------------------------------------
// Registries, contributions, drafts
// ---------------------------------------------------------------------------

/**
 * A contribution: a **synchronous** function that writes into a registry's draft.
 *
 * Every rebuild replays every live contribution, in manifest order (then in the
 * order one plugin added them), into a fresh draft. So a contribution must be
 * a pure description of what the plugin adds: no `await`, no I/O, no timers.
 * Read plugin-scope variables that an effect, a tool or a command filled in,
 * and call `rebuild()` after changing them.
 *
 * A contribution that throws, returns a Promise, or runs past its time budget
 * is skipped and recorded against its owner (its partial writes are rolled
 * back); replay continues with the next one.
 */
export type Contribution<D> = (draft: D) => void;

/**
 * Compile-time guard used by {@link Registry.add}: a contribution returning a
 * Promise (an `async` function) does not type-check. The run time would skip it.
 */
export type SyncContributionResult<R> = R extends PromiseLike<unknown>
  ? { "ERROR: contributions must be synchronous (no async/await, no Promise); do I/O in pi.effect(), a tool's execute or a command": never }
  : R;

/**
 * A replayable domain: tools, commands, providers, resources, settings.
 *
 * A registry never holds a mutable table. It keeps the list of contributions of
 * all live plugins and rebuilds its state by replaying them (see
 * {@link Contribution}). Removing a contribution, or unloading / reloading its
 * plugin, and rebuilding gives exactly the state you would have had without it.
 *
 * @typeParam D - the draft type contributions write into.
 * @typeParam S - the built state, keyed by id.
 */
export interface Registry<D, S> {
  /**
   * Add a contribution. It must be **synchronous**: `(draft) => void`
   * (an `async` contribution is a type error here and is skipped at run time).
   *
   * Added from the factory, the contribution becomes visible when the
   * generation goes live (one batched rebuild per registry). Added later (from
   * an effect, tool, command or handler), it schedules a coalesced rebuild;
   * `current()` right after `add()` already reflects it (read-your-writes).
   *
   * The contribution is owned by this plugin generation and dropped when the
   * generation is unloaded or replaced by a reload.
   *
   * With `{ pure: true }` you promise more: what the contribution does
   * follows from what it reads from the draft and from this plugin's own
   * variables alone, and it has no other effect (no settings, files, clock).
   * A rebuild may then reuse what it did last time instead of calling it,
   * as long as no code of this plugin ran since and the draft answers its
   * reads (`has`, `ownerOf`, `ids`) as before. pi's `registerTool` and
   * `registerCommand` are added this way.
   *
   * @returns `remove()`: drop this contribution and schedule a rebuild.
   *   Calling it again has no further effect.
   */
  add<R>(contribution: (draft: D) => R & SyncContributionResult<R>, options?: { pure?: boolean }): () => void;

  /**
   * Replay every contribution now and commit the result. Use it after
   * changing a plugin-scope variable that a contribution reads.
   *
   * Rebuilds are serialized and coalesced: concurrent requests share one
   * replay that started after the call. Calling `rebuild()` of a registry from
   * inside a contribution to that same registry is an error (no reentrancy).
   *
   * @returns what changed, and which contributions failed.
   */
  rebuild(): Promise<Rebuilt<S>>;

  /**
   * The last committed state (plus this plugin's own pending contributions:
   * read-your-writes). The returned value is a snapshot: mutating it changes
   * nothing. Functions in it that belong to other plugins are handles; calling
   * one returns a Promise.
   */
  current(): S;
}

/** What one rebuild did. Id lists are sorted. */
export interface Rebuilt<S> {
  /** The committed state. */
  state: S;
  /** Ids present now and not before. */
  added: string[];
  /** Ids present before and not now. */
  removed: string[];
  /** Ids whose value, owner or wrap stack changed. */
  changed: string[];
  /** Contributions that were skipped (threw, returned a Promise, timed out) and build problems, by owning plugin id. */
  errors: { owner: string; message: string }[];
}

/**
 * What {@link Draft.wrap} wraps for a value type: a tool's `execute`, a
 * command's `handler`, or the whole value for every other registry.
 */
export type WrapTarget<T> = [T] extends [ToolDefinition<any, any>]
  ? ToolExecute
  : [T] extends [CommandDefinition]
    ? CommandHandler
    : T;

/**
 * The mutable work-in-progress a rebuild replays contributions into. The same
 * shape for every registry: learn it once.
 *
 * A draft only exists during one replay. It contains what plugins earlier in
 * the manifest (and this plugin's earlier contributions) put in it; later
 * plugins have not run yet. Do not keep a reference to it after the
 * contribution returns.
 *
 * @typeParam T - the value type of the registry (for tools, {@link ToolDefinition}).
 */
export interface Draft<T> {
  /**
   * Define `id`, or replace it if an earlier contribution set it (last set in
   * manifest order wins; the id keeps its position and earlier wraps of it are
   * discarded). Replacing another plugin's value is noted in diagnostics.
   */
  set(id: string, value: T): void;

  /**
   * Replace `id` with `fn(value)`. `fn` receives a **fresh clone** of the
   * current value on every replay, so mutating it in place is safe and never
   * accumulates across rebuilds. Mutate and return nothing, or return a
   * replacement. If `id` is absent, this warns (recorded against this plugin)
   * and does nothing.
   */
  update(id: string, fn: (value: T) => T | void): void;

  /** Remove `id`. Removing an absent id does nothing. */
  delete(id: string): void;

  /** Whether `id` is defined so far in this replay. */
  has(id: string): boolean;

  /**
   * The ids defined so far in this replay, in definition order. Only plugins
   * earlier in the manifest have contributed at this point.
   */
  ids(): string[];

  /**
   * Wrap `id`: for tools the `execute` function, for commands the `handler`,
   * for other registries the whole value (see {@link WrapTarget}). `fn` gets
   * the current target (`inner`, a fresh clone per replay) and returns its
   * replacement, which usually calls `inner`.
   *
   * Wrappers compose in manifest order: the wrapper of a later plugin is
   * outside the wrapper of an earlier one, and sees the call first. Because
   * the wrap is re-applied on every replay, removing one wrapper and
   * rebuilding gives exactly what you would have had without it; nothing is
   * ever "unwrapped". Diagnostics show the stack (`bash: @pi/tool-bash -> metrics -> permission`).
   *
   * `inner` may belong to another plugin: calling it returns a Promise, so
   * always `await` it. If `id` is absent, this warns and does nothing.
   */
  wrap(id: string, fn: (inner: WrapTarget<T>) => WrapTarget<T>): void;
}

/** The draft of `pi.tools`. The key is the tool name the model sees. */
export interface ToolDraft extends Draft<ToolDefinition> {}

/** The draft of `pi.commands`. The key is the command name, without the leading `/`. */
export type CommandDraft = Draft<CommandDefinition>;

/** The draft of `pi.providers`. */
export type ProviderDraft = Draft<JsonObject>;

/** The draft of `pi.resources`. */
export type ResourceDraft = Draft<ResourceDefinition>;

/** The draft of `pi.settings`. The key is the setting key, e.g. `"shout.upper"`. */
export type SettingsDraft = Draft<SettingDeclaration>;

// ---------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------

/** A text block of a tool result. */
export interface TextContent {
  type: "text";
  text: string;
}

/** An image block of a tool result. */
export interface ImageContent {
  type: "image";
  /** Base64-encoded image bytes. */
  data: string;
  /** E.g. `"image/png"`. */
  mimeType: string;
}

/** One block of a tool result's content. */
export type ToolContent = TextContent | ImageContent;

/**
 * What a tool returns.
 *
 * @typeParam TDetails - the type of `details`.
 */
export interface ToolResult<TDetails = unknown> {
  /** What the model sees. */
  content: ToolContent[];
  /** Structured data for clients, renderers and hooks; not sent to the model. Must be JSON-compatible. */
  details?: TDetails;
  /** Marks the result as an error (a thrown `execute` also becomes an error result). */
  isError?: boolean;
  /** Skip the follow-up model call; honoured only if every result of the batch sets it. */
  terminate?: boolean;
}

/** The context a tool's `execute` gets. */
export interface ToolContext {
  /** The session's working directory. */
  cwd: string;
  /** Aborts when the call is cancelled (same as `execute`'s `signal` argument). */
  signal?: AbortSignal;
  /** Id of the plugin whose code is being called. */
  pluginId: string;
}

/**
 * A tool definition. The same shape as pi's tools, so one definition serves
 * both APIs; the name is the draft key, not a property.
 *
 * @typeParam TParams - the type of the validated arguments (default `any`).
 * @typeParam TDetails - the type of the result's `details`.
 */
export interface ToolDefinition<TParams = any, TDetails = unknown> {
  /** Human-readable name for clients. Defaults to the tool name. */
  label?: string;
  /** What the model reads to decide when to call the tool. */
  description: string;
  /** JSON Schema of the arguments; an object schema (`type: "object"`). Validated by the host at build time. */
  parameters: JSONSchema;
  /**
   * Run the tool. May be async; this is where I/O belongs.
   *
   * @param toolCallId - the id of this call.
   * @param params - the arguments, validated against `parameters`.
   * @param signal - aborts when the call is cancelled or the plugin is unloaded.
   * @param onUpdate - report partial results while running (clients render them as progress).
   * @param ctx - session context.
   */
  execute(
    toolCallId: string,
    params: TParams,
    signal: AbortSignal | undefined,
    onUpdate: ((partial: ToolResult<TDetails>) => void) | undefined,
    ctx: ToolContext,
  ): Promise<ToolResult<TDetails>> | ToolResult<TDetails>;
  /** One line for the system prompt's "Available tools" list. */
  promptSnippet?: string;
  /** Bullets added to the system prompt's guidelines while the tool is active. */
  promptGuidelines?: string[];
  /** Whether calls of this tool in one batch may run concurrently. */
  executionMode?: "parallel" | "sequential";
  /** Other fields (pi renderers, ...) are kept as data. */
  [extra: string]: unknown;
}

/** The type of a tool's `execute` function; what a tool wrapper receives and returns. */
export type ToolExecute = ToolDefinition["execute"];

// ---------------------------------------------------------------------------
// Commands, resources, settings
// ---------------------------------------------------------------------------

/** The context of a command handler. */
export interface CommandContext {
  /** The session's working directory. */
  cwd: string;
  /** Id of the plugin whose code is being called. */
  pluginId: string;
}

/** A command's handler: `args` is the text after `/name `. */
export type CommandHandler = (args: string, ctx: CommandContext) => void | Promise<void>;

/** A slash command. The name is the draft key, without the `/`. */
export interface CommandDefinition {
  /** Shown in command lists and completion. */
  description?: string;
  /** Runs the command; may be async. */
  handler(args: string, ctx: CommandContext): void | Promise<void>;
}

/** A resource: a skill, prompt template, theme, context file, ... */
export interface ResourceDefinition {
  /** What kind of resource this is. */
  kind: "skill" | "prompt" | "theme" | "context" | (string & {});
  /** A file the resource is read from. */
  path?: string;
  /** Inline content, instead of `path`. */
  content?: string;
  /** Shown in lists. */
  description?: string;
}

/**
 * Declares a setting. Clients render a settings UI from the schema, so a
 * plugin ships none of its own.
 */
export interface SettingDeclaration {
  /** JSON Schema the value must satisfy. */
  schema: JSONSchema;
  /** Value when no layer sets one. */
  default?: JsonValue;
  /** Shown in the settings UI. */
  description?: string;
}

/** Where a setting's effective value comes from. Layers: default → user → project → session (later wins). */
export type SettingSource = "default" | "user" | "project" | "session";

/** A declared setting with its effective value. */
export interface ResolvedSetting {
  /** The effective value, `undefined` when no layer sets one and there is no default. */
  value: JsonValue | undefined;
  /** The layer the value comes from. */
  source: SettingSource;
  /** The declared schema. */
  schema: JSONSchema;
  /** The declared description. */
  description?: string;
  /** Id of the plugin that declared the setting. */
  owner: string;
}

/**
 * `pi.settings`: declare settings (a registry like the others) and read their
 * effective values.
 *
 * A change of a setting's value (in any layer) triggers a **rebuild** of the
 * registries, not a reload: contributions that read a setting with `get()`
 * at build time see the new value; plugin scope and effects are untouched.
 */
export interface SettingsRegistry extends Registry<SettingsDraft, Record<string, ResolvedSetting>> {
  /**
   * The effective value of `key` (session, project, user, then default), or
   * `undefined` if the key is not declared or has no value. Safe anywhere:
   * in a contribution (build-time read; settings changes rebuild), in
   * `execute` or a handler (read at call time; always current).
   *
   * @typeParam T - the expected type. Not checked at run time: narrow the value when in doubt.
   */
  get<T extends JsonValue = JsonValue>(key: string): T | undefined;
}

// ---------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------

/** The context a hook handler gets. */
export interface HookContext {
  /** The session's working directory. */
  cwd: string;
  /** Id of the plugin whose handler is being called. */
  pluginId: string;
}

/** Payload of the `tool_call` hook. */
export interface ToolCallPayload {
  toolName: string;
  toolCallId: string;
  /** The arguments the model sent. */
  input: Record<string, unknown>;
}

/** Returned by a `tool_call` handler to block the call; the model gets `reason`. */
export interface ToolCallBlock {
  block: true;
  reason?: string;
}

/** Payload of the `tool_result` hook. */
export interface ToolResultPayload {
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
  content: ToolContent[];
  details: unknown;
  isError: boolean;
}

/** Where an input came from. */
export type InputSource = "interactive" | "rpc" | "extension";

/** Payload of the `input` hook. */
export interface InputPayload {
  text: string;
  source: InputSource;
}

/** Payload of the `context` hook. */
export interface ContextPayload {
  /** The messages about to be sent to the model. */
  messages: unknown[];
}

/**
 * The v2 hooks: for each name, the payload a handler gets and what it may
 * return instead of `undefined`.
 *
 * Handlers of one hook run sequentially in manifest order; each sees the
 * previous handler's result. Returning `undefined` leaves the payload
 * unchanged.
 */
export interface HookMap {
  /**
   * Before a tool runs. Return `{ block: true, reason }` to block it, or
   * `{ ...payload, input: newInput }` to change its arguments. A handler that
   * throws also blocks the call (fails closed). Runs for every tool call,
   * including tools that do not exist in the registry.
   */
  tool_call: { payload: ToolCallPayload; result: ToolCallPayload | ToolCallBlock };
  /** After a tool ran. Return a replacement (e.g. `{ ...payload, content }`) to patch the result. */
  tool_result: { payload: ToolResultPayload; result: ToolResultPayload };
  /** User input before it becomes a prompt. Return `{ text }` to transform it, or `{ handled: true }` to stop it here. */
  input: { payload: InputPayload; result: { text: string; source?: InputSource } | { handled: true } };
  /** The messages of a model call. Return `{ messages }` to replace them. */
  context: { payload: ContextPayload; result: ContextPayload };
}

/** A hook name: one of {@link HookMap}, or any other string the host defines. */
export type HookName = keyof HookMap | (string & {});

/** The payload of hook `K` (`unknown` for hooks not in {@link HookMap}). */
export type HookPayload<K> = K extends keyof HookMap ? HookMap[K]["payload"] : unknown;

/** What a handler of hook `K` may return instead of `undefined`. */
export type HookResult<K> = K extends keyof HookMap ? HookMap[K]["result"] : unknown;

/**
 * A hook handler: gets the payload (as left by earlier handlers) and returns
 * `undefined` for "unchanged", or a replacement. May be async (bounded by the
 * host's hook budget).
 */
export type HookHandler<K> = (
  payload: HookPayload<K>,
  ctx: HookContext,
) => HookResult<K> | undefined | void | Promise<HookResult<K> | undefined | void>;

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

/** The context an event listener gets. */
export interface EventContext {
  /** The session's working directory. */
  cwd: string;
  /** Id of the plugin whose listener is being called. */
  pluginId: string;
}

/**
 * Passive events: for each type, the payload listeners get. Payloads may carry
 * more fields than declared.
 */
export interface EventMap {
  /** The session started, or this plugin's generation went live after a reload. */
  session_start: { reason: "startup" | "reload" | (string & {}); [key: string]: unknown };
  /** The session is shutting down. */
  session_shutdown: { reason: string; [key: string]: unknown };
  /** A tool call starts executing (after `tool_call` hooks). */
  tool_execution_start: { toolCallId: string; toolName: string; args: Record<string, unknown>; [key: string]: unknown };
  /** A tool call finished. */
  tool_execution_end: { toolCallId: string; toolName: string; result: ToolResult; isError: boolean; [key: string]: unknown };
  /** The agent starts working on a prompt. */
  agent_start: { [key: string]: unknown };
  /** The agent finished a prompt. */
  agent_end: { messages: unknown[]; [key: string]: unknown };
  /** A turn (one model call plus its tool calls) starts. */
  turn_start: { [key: string]: unknown };
  /** A turn ended. */
  turn_end: { [key: string]: unknown };
}

/** An event type: one of {@link EventMap}, or any other string. */
export type EventType = keyof EventMap | (string & {});

/** The payload of event `K` (`unknown` for events not in {@link EventMap}). */
export type EventPayload<K> = K extends keyof EventMap ? EventMap[K] : unknown;

/** An event listener. Its return value is ignored; a throw is recorded against the plugin and ignored. */
export type EventListener<K> = (event: EventPayload<K>, ctx: EventContext) => void | Promise<void>;

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

/** Options of {@link Pi.view}. */
export interface ViewOptions {
  /**
   * Who sees the view: `"all"` attached clients (default), the
   * `"originator"` (the client whose action led to this call, e.g. the one
   * that sent the prompt), or a list of client ids.
   */
  to?: "originator" | "all" | string[];
  /**
   * Survive a process restart (default `false`). A non-durable view closes
   * when its last addressee leaves; a durable one stays open.
   */
  durable?: boolean;
}

/**
 * A view: the one session-to-client primitive. It has state (what a late
 * joiner sees), messages from clients, and an end with a result.
 *
 * The client component must be reconstructible from `state` alone: a client
 * that attaches later receives only the current state, never the history.
 *
 * After the owning generation is retired (reload/unload) the view is closed
 * and every use of this object throws a stale-handle error.
 *
 * @typeParam S - the state type; must be JSON-compatible.
 */
export interface View<S> {
  /** The view id, unique in the session. */
  readonly id: string;
  /**
   * The current state. **Assign** to publish a new state (clients receive a
   * delta); mutating the object in place does not sync anything.
   */
  state: S;
  /**
   * Listen to messages from clients. `from` is the sending client's id.
   * Messages are untrusted data: validate them.
   *
   * @returns a function that removes the listener.
   */
  on(listener: (msg: JsonValue, from: string) => void): () => void;
  /**
   * Resolves when the view closes: with the value passed to `close(result)`
   * (or by the client that closed it), or `undefined` when it closed without
   * one (no clients left, plugin unloaded).
   */
  readonly done: Promise<JsonValue | undefined>;
  /** Close the view for every client and resolve `done` with `result`. */
  close(result?: JsonValue): void;
}

// ---------------------------------------------------------------------------
// Diagnostics and the pi object
// ---------------------------------------------------------------------------

/**
 * Messages recorded against this plugin; shown by `pigo check`, `pigo dev`
 * and in clients' diagnostics.
 */
export interface Diagnostics {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/**
 * The object an extension's factory receives: the API of one **generation**
 * (one load of the plugin's code).
 *
 * A reload creates a new generation with a fresh `pi`, a fresh runtime and
 * fresh module scope. Once the old generation is retired, every method of its
 * `pi` throws a stale-handle error, and its function handles (tools,
 * handlers, listeners seen by the host or other plugins) reject with it.
 */
export interface Pi {
  /** The plugin id (its manifest entry, e.g. `"./examples/hello-tool"` or `"@pi/tool-bash"`). */
  readonly id: string;
  /** 1-based count of loads of this plugin in this process: 1 on first load, +1 per reload. */
  readonly generation: number;
  /** This plugin's config from the manifest (`{}` when none). Untrusted data: validate it. */
  readonly config: JsonValue;

  /** Tools the model can call. The draft key is the tool name. */
  readonly tools: Registry<ToolDraft, Record<string, ToolDefinition>>;
  /** Slash commands. The draft key is the command name without `/`. */
  readonly commands: Registry<CommandDraft, Record<string, CommandDefinition>>;
  /** Model providers, as JSON objects; the host composes them at build time. */
  readonly providers: Registry<ProviderDraft, Record<string, JsonObject>>;
  /** Skills, prompt templates, themes, context files. */
  readonly resources: Registry<ResourceDraft, Record<string, ResourceDefinition>>;
  /** Setting declarations, plus `get(key)` for effective values. */
  readonly settings: SettingsRegistry;

  /**
   * Intercept a live operation. See {@link HookMap} for the payloads and what
   * a handler may return. Handlers of one hook run sequentially in manifest
   * order, each seeing the previous handler's result; `undefined` means
   * unchanged. Registered for the life of this generation.
   *
   * A handler may be async; it runs under the host's hook budget.
   *
   * @param localId - distinguishes several handlers of the same hook in one plugin (diagnostics, ordering).
   */
  hook<K extends keyof HookMap>(name: K, handler: HookHandler<K>, localId?: string): void;
  /** A hook the host defines beyond {@link HookMap}: the payload is `unknown`, narrow it. */
  hook<K extends string>(name: K extends keyof HookMap ? never : K, handler: HookHandler<K>, localId?: string): void;

  /**
   * Observe an event. Passive: the return value is ignored, and a throwing
   * listener is recorded and ignored. Registered for the life of this
   * generation.
   */
  on<K extends keyof EventMap>(type: K, listener: EventListener<K>): void;
  /** Any other event type (host-defined or custom): the payload is `unknown`, narrow it. */
  on<K extends string>(type: K extends keyof EventMap ? never : K, listener: EventListener<K>): void;

  /**
   * Register the non-replayable part of the plugin: connections, watchers,
   * timers, views. `setup` runs once the generation is live (after the factory
   * and the first rebuild); it is not re-run by rebuilds. `signal` aborts when
   * the generation is unloaded or replaced by a reload: release everything
   * then. A throwing or rejecting setup is recorded against the plugin.
   */
  effect(setup: (signal: AbortSignal) => void | Promise<void>): void;

  /**
   * Open a view: state synced to clients, messages back, an end with a result.
   * `state` must be JSON-compatible and enough to render the view on its own.
   * Open views from an effect, a tool, a command or a handler, never from a
   * contribution.
   *
   * Ask the user something: `await pi.view("confirm", data, { to: "originator" }).done`.
   *
   * @param component - the client component that renders the view.
   */
  view<S = JsonValue>(component: string, state: S, opts?: ViewOptions): View<S>;

  /** Record info / warnings / errors against this plugin. */
  readonly diagnostics: Diagnostics;
}

/** An extension factory: the default export of an extension module. May be async (awaited, bounded). */
export type ExtensionFactory = (pi: Pi) => void | Promise<void>;

/**
 * Identity function that types the factory:
 *
 * ```ts
 * import { defineExtension } from "@pigo/api";
 * export default defineExtension((pi) => { ... });
 * ```
 *
 * A factory that throws (or rejects) fails the load; on a reload the previous
 * generation stays live and the error is reported with file and line.
 */
export declare function defineExtension<T extends (pi: Pi) => void | Promise<void>>(f: T): T;
