// @pi/tool-grep: pi's built-in `grep` tool as a plugin written against the
// public API (dogfooding): the tool itself comes from the pi-coding-agent
// module, the same one `createGrepTool` gives extensions.
import { createGrepTool } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool(createGrepTool(process.cwd()));
}
