// builtin:tool-search: pi 1.6's built-in tool-search extension, pi's own
// code (vendored by gen16): the `tool_search` tool, registered inactive;
// `--tools +tool_search` or `defaultTools: ["+tool_search"]` activates it,
// and builtin:mcp does for servers with deferred exposure. It ranks the
// tools with `codemode` or `deferred` exposure that are not active with
// pi's BM25 (the ranker codemode's searchTools() uses) and activates the
// matches through pi.setActiveTools, so the next model call declares them.
// The tool is registered from its snapshot (pigo:tool-search-tool); pi's
// code runs on its first call.
import { registerLazyTool } from "pigo:lazy-tool";
import snapshot from "pigo:tool-search-tool";

export default function (pi: any) {
  registerLazyTool(pi, snapshot, () => require("pigo:codemodeext16").createToolSearchExtension());
}
