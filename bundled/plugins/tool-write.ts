// @pi/tool-write: pi's built-in `write` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the ToolDefinition `createWriteToolDefinition` gives extensions
// (with pi's prompt snippet and guidelines). It is registered from its
// snapshot (pigo:write-tool) and the module is evaluated on the tool's first
// call: most starts never call most tools. process.cwd() is read then too
// (a runtime's cwd never changes; reading process at load cost a start
// ~1.5 MB).
import { registerLazyDefinition } from "pigo:lazy-tool";
import snapshot from "pigo:write-tool";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  registerLazyDefinition(pi, snapshot, () => require("@mariozechner/pi-coding-agent").createWriteToolDefinition(process.cwd()));
}
