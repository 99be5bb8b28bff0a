// todo-view: a to-do list shared with every client through a view.
//
// The list lives in plugin scope. The view is opened by an effect (it is I/O
// towards clients, so never from a contribution) and closed when the effect's
// signal aborts (unload or reload). The tool changes the list and publishes it
// by assigning view.state; clients send { type: "toggle", index } back.
//
// Late join: a client that attaches later gets only the current state, so the
// "todo-panel" component renders from { items } alone.
import type { JsonValue, Pi, ToolResult, View } from "@pigo/api";

interface Item {
  text: string;
  done: boolean;
}

interface TodoState {
  items: Item[];
}

interface TodoParams {
  action: "add" | "toggle" | "list";
  text?: string;
  index?: number;
}

/** A message from a client: untrusted data, so check its shape. */
function isToggle(msg: JsonValue): msg is { type: "toggle"; index: number } {
  return (
    msg !== null &&
    typeof msg === "object" &&
    !Array.isArray(msg) &&
    msg.type === "toggle" &&
    typeof msg.index === "number"
  );
}

export default function (pi: Pi) {
  // Plugin scope: starts empty on every load (a reload is a new generation).
  const items: Item[] = [];
  let view: View<TodoState> | undefined;

  // Publish a copy: assigning state is what syncs; in-place mutation does not.
  const publish = () => {
    if (view) view.state = { items: items.map((item) => ({ ...item })) };
  };

  const toggle = (index: number): boolean => {
    const item = items[index];
    if (!Number.isInteger(index) || !item) return false;
    item.done = !item.done;
    return true;
  };

  const render = () =>
    items.length === 0
      ? "(no items)"
      : items.map((item, i) => `${i}. [${item.done ? "x" : " "}] ${item.text}`).join("\n");

  pi.effect((signal) => {
    const v = pi.view<TodoState>("todo-panel", { items: [...items] }, { to: "all" });
    view = v;
    const off = v.on((msg, from) => {
      if (isToggle(msg)) {
        if (toggle(msg.index)) publish();
      } else {
        pi.diagnostics.warn(`todo-panel: ignored message from ${from}: ${JSON.stringify(msg)}`);
      }
    });
    signal.addEventListener(
      "abort",
      () => {
        off();
        if (view === v) view = undefined;
        v.close();
      },
      { once: true },
    );
  });

  pi.tools.add((d) =>
    d.set("todo", {
      label: "To-do",
      description:
        "Manage a to-do list shown to the user. action: add (needs text), toggle (needs index, 0-based), list.",
      parameters: {
        type: "object",
        properties: {
          action: { type: "string", enum: ["add", "toggle", "list"] },
          text: { type: "string", description: "Item text, for add" },
          index: { type: "integer", minimum: 0, description: "0-based item index, for toggle" },
        },
        required: ["action"],
        additionalProperties: false,
      },
      execute(_toolCallId, params: TodoParams): ToolResult<TodoState> {
        const fail = (text: string): ToolResult<TodoState> => ({
          content: [{ type: "text", text }],
          isError: true,
          details: { items },
        });
        switch (params.action) {
          case "add":
            if (!params.text) return fail("add needs a non-empty text");
            items.push({ text: params.text, done: false });
            publish();
            break;
          case "toggle":
            if (params.index === undefined || !toggle(params.index)) {
              return fail(`no item at index ${params.index} (have ${items.length})`);
            }
            publish();
            break;
          case "list":
            break;
          default:
            return fail(`unknown action ${JSON.stringify((params as { action: unknown }).action)}`);
        }
        return { content: [{ type: "text", text: render() }], details: { items: items.map((i) => ({ ...i })) } };
      },
    }),
  );
}
