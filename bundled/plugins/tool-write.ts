// @pi/tool-write: pi's built-in `write` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the ToolDefinition `createWriteToolDefinition` gives extensions (with pi's prompt snippet and guidelines).
import { createWriteToolDefinition } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createWriteToolDefinition(process.cwd()));
}
