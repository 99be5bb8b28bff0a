// @pi/tool-find: pi's built-in `find` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the ToolDefinition `createFindToolDefinition` gives extensions (with pi's prompt snippet and guidelines).
import { createFindToolDefinition } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createFindToolDefinition(process.cwd()));
}
