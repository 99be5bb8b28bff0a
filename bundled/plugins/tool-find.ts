// @pi/tool-find: pi's built-in `find` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the same one `createFindTool` gives extensions.
import { createFindTool } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createFindTool(process.cwd()));
}
