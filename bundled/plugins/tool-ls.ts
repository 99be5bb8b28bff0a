// @pi/tool-ls: pi's built-in `ls` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the ToolDefinition `createLsToolDefinition` gives extensions (with pi's prompt snippet and guidelines).
import { createLsToolDefinition } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createLsToolDefinition(process.cwd()));
}
