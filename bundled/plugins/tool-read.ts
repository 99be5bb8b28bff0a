// @pi/tool-read: pi's built-in `read` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the ToolDefinition `createReadToolDefinition` gives extensions (with pi's prompt snippet and guidelines).
import { createReadToolDefinition } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createReadToolDefinition(process.cwd()));
}
