// @pi/tool-bash: pi's built-in `bash` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the ToolDefinition `createBashToolDefinition` gives extensions (with pi's prompt snippet and guidelines).
import { createBashToolDefinition } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createBashToolDefinition(process.cwd()));
}
