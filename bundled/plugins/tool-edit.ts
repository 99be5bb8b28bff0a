// @pi/tool-edit: pi's built-in `edit` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the ToolDefinition `createEditToolDefinition` gives extensions (with pi's prompt snippet and guidelines).
import { createEditToolDefinition } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createEditToolDefinition(process.cwd()));
}
