// @pi/tool-edit: pi's built-in `edit` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the same one `createEditTool` gives extensions.
import { createEditTool } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createEditTool(process.cwd()));
}
