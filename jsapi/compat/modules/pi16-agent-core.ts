// @earendil-works/pi-agent-core at pi 1.6.0: pigo's port of pi's agent
// loop (modules/pi-agent-core.ts, shared with @mariozechner) plus 1.6's
// DEFAULT_AGENT_IDENTITY. runToolCall (one tool call outside a loop) is
// not ported yet and throws "not supported yet: pi-agent-core runToolCall".
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const require: any, exports: any;

const h16 = require("pigo:pi16");

Object.defineProperty(exports, "__esModule", { value: true });
h16.copyExports(exports, require("@mariozechner/pi-agent-core"));
Object.defineProperty(exports, "DEFAULT_AGENT_IDENTITY", {
  enumerable: true,
  configurable: true,
  get: () => ({ attribution: require("pigo:ai16x").PI_ATTRIBUTION }),
});
h16.addUnsupported(exports, "pi-agent-core", ["runToolCall"]);
