/**
 * `pigo:core` — the Go core capabilities pigo serves to every plugin: a
 * tree walk with ripgrep/fd's ignore rules, grep and find on top of it, and
 * the process-wide file mutation lock. pi's built-in grep, find, edit and
 * write tools use them; extensions may too:
 *
 * ```ts
 * import { grep, lockFile } from "pigo:core";
 *
 * const { matches } = await grep({ pattern: "TODO\\(\\w+\\)", path: ".", limit: 50, signal });
 * const release = await lockFile("notes.md");
 * try { ... } finally { release(); }
 * ```
 *
 * The searches run in Go, off the plugin's event loop, and visit entries in
 * sorted order, so results are deterministic. What the walk skips: what the
 * ignore files ignore (`.gitignore` — for grep only inside a git repository,
 * like rg; for find and walk everywhere, like fd --no-require-git —
 * `.ignore`, and the tool's own `.rgignore`/`.fdignore`, with rg's
 * precedence; the ignore files of the root's ancestors count too). Hidden
 * files and `.git` are walked; symlinks are listed, never followed.
 *
 * Relative paths are resolved against the host's working directory. A
 * search ends early when `signal` aborts or the plugin is reloaded; it then
 * rejects with an Error whose `code` is `"ABORT_ERR"`.
 *
 * @packageDocumentation
 */
declare module "pigo:core" {
  /** Options of {@link grep}: the flags pi's grep tool passes to `rg --hidden`. */
  export interface GrepOptions {
    /** Rust regex syntax (as rg takes it), or a plain string with `literal`. */
    pattern: string;
    /** A directory to walk, or one file to search. */
    path: string;
    /** rg --ignore-case. */
    ignoreCase?: boolean;
    /** rg --fixed-strings. */
    literal?: boolean;
    /**
     * rg --glob: a file matching it is searched whatever the ignore files
     * say, others are skipped; `!glob` skips what matches instead. Without
     * "/" it matches base names, with "/" paths relative to `cwd`.
     */
    glob?: string;
    /** The directory path globs are relative to (default: the host's working directory). */
    cwd?: string;
    /** Stop after this many matching lines (default: no limit). */
    limit?: number;
    signal?: AbortSignal;
  }

  /** One matching line. */
  export interface GrepMatch {
    /** Absolute path of the file. */
    path: string;
    /** 1-based line number. */
    line: number;
    /** The line, with its "\n" when it has one (a "\r" before it is kept). */
    text: string;
  }

  /**
   * grep finds the lines matching `pattern`, as pi's grep tool does with
   * ripgrep: files holding a NUL byte are skipped, lines are split on "\n".
   * An invalid pattern rejects with rg's message
   * (`regex parse error:\n    (foo\nerror: unclosed group`).
   */
  export function grep(options: GrepOptions): Promise<{ matches: GrepMatch[]; limitReached: boolean }>;

  /** Options of {@link find}: the flags pi's find tool passes to `fd --glob --hidden --no-require-git`. */
  export interface FindOptions {
    /**
     * A glob: `*` and `?` within a path segment, `**` across segments,
     * `[...]`, `{a,b}`. Without "/" it matches base names; with "/" full
     * paths (`**\/` is prepended unless it starts with "/" or "**\/").
     */
    pattern: string;
    /** The directory to walk. */
    path: string;
    /** Stop after this many paths (default: no limit). */
    limit?: number;
    signal?: AbortSignal;
  }

  /** find lists matching entries as absolute paths; directories end in "/". */
  export function find(options: FindOptions): Promise<{ paths: string[]; limitReached: boolean }>;

  /** Options of {@link walk}. */
  export interface WalkOptions {
    /** The directory to walk. */
    path: string;
    /** The tool's own ignore file, above `.ignore` in precedence (".rgignore", ".fdignore"). */
    ignoreFile?: string;
    /** Read `.gitignore` files only inside a git repository (rg); default false (fd --no-require-git). */
    requireGit?: boolean;
    /** Stop after this many entries (default: no limit). */
    limit?: number;
    signal?: AbortSignal;
  }

  /** One walked entry: type is from lstat. */
  export interface WalkEntry {
    path: string;
    type: "file" | "directory" | "symlink" | "other";
  }

  /** walk lists the entries below `path` depth-first in sorted order, skipping ignored ones. */
  export function walk(options: WalkOptions): Promise<{ entries: WalkEntry[]; limitReached: boolean }>;

  /**
   * lockFile waits for the lock of a file (keyed by its real path, so a
   * symlink and its target share one) and resolves with its release
   * function. Callers are served one at a time, in the order they asked,
   * across every plugin of the process — pi's `withFileMutationQueue` is
   * built on it. Call release once the mutation settled; a plugin that is
   * reloaded or unloaded gives its locks back.
   */
  export function lockFile(path: string): Promise<() => void>;
}
