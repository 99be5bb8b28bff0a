/**
 * Globals the pigo runtime provides to every extension (a goja runtime, not
 * Node and not a browser). Declared here, DOM-free and without @types/node,
 * so a typecheck against lib "es2022" plus this file catches the use of
 * anything the runtime does not have.
 *
 * Do not include this file in a project that also loads the DOM lib or
 * @types/node: those declare the same globals and the two would conflict.
 *
 * Node built-in modules (`node:path`, ...) are shimmed by the host as modules,
 * not globals; they are not declared here.
 */

// ---------------------------------------------------------------------------
// Abort
// ---------------------------------------------------------------------------

/** Signals cancellation. The host hands one to effects, tool calls and hooks. */
interface AbortSignal {
  /** Whether the signal has aborted. */
  readonly aborted: boolean;
  /** Why it aborted (`undefined` until then). */
  readonly reason: any;
  /** Called once when the signal aborts. */
  onabort: ((this: AbortSignal, ev: AbortSignalEvent) => any) | null;
  /** Throws `reason` if the signal has aborted. */
  throwIfAborted(): void;
  addEventListener(type: "abort", listener: (this: AbortSignal, ev: AbortSignalEvent) => any, options?: boolean | { once?: boolean; signal?: AbortSignal }): void;
  removeEventListener(type: "abort", listener: (this: AbortSignal, ev: AbortSignalEvent) => any, options?: boolean | {}): void;
}

/** The event an abort listener receives. */
interface AbortSignalEvent {
  readonly type: "abort";
  readonly target: AbortSignal;
}

declare var AbortSignal: {
  prototype: AbortSignal;
};

/** Owns an {@link AbortSignal} and aborts it on demand. */
interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: any): void;
}

declare var AbortController: {
  prototype: AbortController;
  new (): AbortController;
};

// ---------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------

/** Encodes strings as UTF-8. */
interface TextEncoder {
  /** Always `"utf-8"`. */
  readonly encoding: string;
  encode(input?: string): Uint8Array;
}

declare var TextEncoder: {
  prototype: TextEncoder;
  new (): TextEncoder;
};

/** Decodes bytes to strings. */
interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}

declare var TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder;
};

/** Decodes a base64 string to a binary string (one char per byte). */
declare function atob(data: string): string;
/** Encodes a binary string (chars 0-255) as base64. */
declare function btoa(data: string): string;

// ---------------------------------------------------------------------------
// URL
// ---------------------------------------------------------------------------

/** A parsed URL (WHATWG URL Standard). */
interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}

declare var URL: {
  prototype: URL;
  new (url: string | URL, base?: string | URL): URL;
};

/** The query of a URL. */
interface URLSearchParams {
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callbackfn: (value: string, key: string, parent: URLSearchParams) => void): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string | Record<string, string> | [string, string][] | URLSearchParams): URLSearchParams;
};

// ---------------------------------------------------------------------------
// Console
// ---------------------------------------------------------------------------

/**
 * Console output of a plugin, attributed to it by the host. For messages a
 * user should see in `pigo check` / `pigo dev`, prefer `pi.diagnostics`.
 */
interface Console {
  log(...data: any[]): void;
  info(...data: any[]): void;
  warn(...data: any[]): void;
  error(...data: any[]): void;
  debug(...data: any[]): void;
}

declare var console: Console;

// ---------------------------------------------------------------------------
// Timers and scheduling (run on the plugin generation's event loop)
// ---------------------------------------------------------------------------

/**
 * An opaque timer handle. Timers belong to the plugin generation: they are
 * cancelled when the generation is retired. Prefer clearing them when an
 * effect's signal aborts.
 */
interface TimerHandle {
  readonly __pigoTimer?: never;
}

declare function setTimeout<A extends any[]>(callback: (...args: A) => void, ms?: number, ...args: A): TimerHandle;
declare function clearTimeout(handle: TimerHandle | undefined | null): void;
declare function setInterval<A extends any[]>(callback: (...args: A) => void, ms?: number, ...args: A): TimerHandle;
declare function clearInterval(handle: TimerHandle | undefined | null): void;
declare function queueMicrotask(callback: () => void): void;

// ---------------------------------------------------------------------------
// Cloning
// ---------------------------------------------------------------------------

/** Deep-copies a value (the structured clone algorithm; functions cannot be cloned). */
declare function structuredClone<T>(value: T): T;
