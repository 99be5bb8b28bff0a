// builtin:tool-search: pi 1.6's built-in tool-search extension, pi's own
// code (vendored by gen16): the `tool_search` tool, registered inactive;
// `--tools +tool_search` or `defaultTools: ["+tool_search"]` activates it,
// and builtin:mcp does for servers with deferred exposure. It ranks the
// tools with `codemode` or `deferred` exposure that are not active with
// pi's BM25 (the ranker codemode's searchTools() uses) and activates the
// matches through pi.setActiveTools, so the next model call declares them.
import { createToolSearchExtension } from "pigo:codemodeext16";

export default createToolSearchExtension();
