package main

import (
	"fmt"
	"strings"
)

// version is the VERSION constant of edit v.
func version(v int) string { return fmt.Sprintf("v%d", v) }

// editedSource is the edited extension at edit v: about 200 lines of
// TypeScript in pi's extension API. Only the VERSION line differs between
// edits; its tool bench_version returns it and its command bv_<VERSION>
// carries it, so both pigo (a tool call) and pi (get_commands) can tell
// which generation is live.
func editedSource(v int) string {
	return strings.Replace(editedTemplate, "__VERSION__", version(v), 1)
}

const editedTemplate = `// A mid-sized extension: a small task list with tools, commands and hooks.
import { Type } from "@sinclair/typebox";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

const VERSION = "__VERSION__";

interface Task {
  id: number;
  title: string;
  done: boolean;
  tags: string[];
  created: number;
}

interface Stats {
  total: number;
  open: number;
  done: number;
  byTag: Record<string, number>;
}

type Filter = "all" | "open" | "done";

const tasks: Task[] = [];
let nextId = 1;

function now(): number {
  return Date.now();
}

function normalizeTitle(title: string): string {
  return title.trim().replace(/\s+/g, " ");
}

function parseTags(input: string | undefined): string[] {
  if (!input) return [];
  return input
    .split(",")
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t.length > 0);
}

function addTask(title: string, tags: string[]): Task {
  const task: Task = { id: nextId++, title: normalizeTitle(title), done: false, tags, created: now() };
  tasks.push(task);
  return task;
}

function findTask(id: number): Task | undefined {
  return tasks.find((t) => t.id === id);
}

function completeTask(id: number): Task | undefined {
  const t = findTask(id);
  if (t) t.done = true;
  return t;
}

function removeTask(id: number): boolean {
  const i = tasks.findIndex((t) => t.id === id);
  if (i < 0) return false;
  tasks.splice(i, 1);
  return true;
}

function filterTasks(filter: Filter): Task[] {
  switch (filter) {
    case "open":
      return tasks.filter((t) => !t.done);
    case "done":
      return tasks.filter((t) => t.done);
    default:
      return tasks.slice();
  }
}

function stats(): Stats {
  const byTag: Record<string, number> = {};
  for (const t of tasks) {
    for (const tag of t.tags) byTag[tag] = (byTag[tag] ?? 0) + 1;
  }
  const done = tasks.filter((t) => t.done).length;
  return { total: tasks.length, open: tasks.length - done, done, byTag };
}

function formatTask(t: Task): string {
  const mark = t.done ? "[x]" : "[ ]";
  const tags = t.tags.length ? " #" + t.tags.join(" #") : "";
  return mark + " " + t.id + ". " + t.title + tags;
}

function formatList(list: Task[]): string {
  if (list.length === 0) return "(no tasks)";
  return list.map(formatTask).join("\n");
}

function formatStats(s: Stats): string {
  const tags = Object.entries(s.byTag)
    .sort((a, b) => b[1] - a[1])
    .map(([tag, n]) => tag + "=" + n)
    .join(", ");
  return "total " + s.total + ", open " + s.open + ", done " + s.done + (tags ? " (" + tags + ")" : "");
}

function text(s: string) {
  return { content: [{ type: "text" as const, text: s }], details: {} };
}

export default function (pi: ExtensionAPI) {
  pi.registerTool({
    name: "bench_version",
    label: "Version",
    description: "Returns the version of this extension",
    parameters: Type.Object({}),
    async execute() {
      return text(VERSION);
    },
  });

  pi.registerTool({
    name: "task_add",
    label: "Add task",
    description: "Add a task with optional comma-separated tags",
    parameters: Type.Object({
      title: Type.String({ description: "What to do" }),
      tags: Type.Optional(Type.String({ description: "Comma-separated tags" })),
    }),
    async execute(_id, params: { title: string; tags?: string }) {
      const t = addTask(params.title, parseTags(params.tags));
      return text("added " + formatTask(t));
    },
  });

  pi.registerTool({
    name: "task_list",
    label: "List tasks",
    description: "List tasks: all, open or done",
    parameters: Type.Object({
      filter: Type.Optional(Type.Union([Type.Literal("all"), Type.Literal("open"), Type.Literal("done")])),
    }),
    async execute(_id, params: { filter?: Filter }) {
      return text(formatList(filterTasks(params.filter ?? "all")));
    },
  });

  pi.registerTool({
    name: "task_done",
    label: "Complete task",
    description: "Mark a task as done",
    parameters: Type.Object({ id: Type.Number() }),
    async execute(_id, params: { id: number }) {
      const t = completeTask(params.id);
      return text(t ? "done " + formatTask(t) : "no task " + params.id);
    },
  });

  pi.registerTool({
    name: "task_remove",
    label: "Remove task",
    description: "Remove a task",
    parameters: Type.Object({ id: Type.Number() }),
    async execute(_id, params: { id: number }) {
      return text(removeTask(params.id) ? "removed " + params.id : "no task " + params.id);
    },
  });

  pi.registerCommand("tasks", {
    description: "Show task statistics",
    handler: async (_args, ctx) => {
      ctx.ui.notify(formatStats(stats()), "info");
    },
  });

  pi.registerCommand("bench-reload", {
    description: "Reload extensions (benchmark driver)",
    handler: async (_args, ctx) => {
      await ctx.reload();
    },
  });

  pi.registerCommand("bv_" + VERSION, {
    description: "Names the live version",
    handler: async () => {},
  });

  pi.on("session_start", async () => {
    tasks.length = 0;
    nextId = 1;
  });

  pi.on("tool_call", async (event) => {
    if (event.toolName === "task_remove" && tasks.length === 0) {
      return { block: true, reason: "no tasks to remove" };
    }
    return undefined;
  });

  pi.on("session_shutdown", async () => {
    tasks.length = 0;
  });
}
`

// otherSource is the i-th of the other extensions: a tool, a command and
// a listener each.
func otherSource(i int) string {
	return fmt.Sprintf(`import { Type } from "@sinclair/typebox";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

let calls = 0;

export default function (pi: ExtensionAPI) {
  pi.registerTool({
    name: "other%[1]d_echo",
    label: "Echo %[1]d",
    description: "Echoes its input (extension %[1]d)",
    parameters: Type.Object({ text: Type.String() }),
    async execute(_id, params: { text: string }) {
      calls++;
      return { content: [{ type: "text", text: "%[1]d: " + params.text }], details: { calls } };
    },
  });
  pi.registerCommand("other%[1]d", {
    description: "Command of extension %[1]d",
    handler: async (_args, ctx) => {
      ctx.ui.notify("other %[1]d: " + calls + " calls", "info");
    },
  });
  pi.on("turn_end", async () => {
    calls = 0;
  });
}
`, i)
}
