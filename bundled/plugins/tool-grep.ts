// @pi/tool-grep: pi's built-in `grep` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the ToolDefinition `createGrepToolDefinition` gives extensions (with pi's prompt snippet and guidelines).
import { createGrepToolDefinition } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createGrepToolDefinition(process.cwd()));
}
