const h16 = require("pigo:pi16");
Object.defineProperty(exports, "__esModule", { value: true });
h16.copyExports(exports, require("@mariozechner/pi-agent-core"));
Object.defineProperty(exports, "DEFAULT_AGENT_IDENTITY", {
  enumerable: true,
  configurable: true,
  get: () => ({ attribution: require("pigo:ai16x").PI_ATTRIBUTION })
});
h16.addUnsupported(exports, "pi-agent-core", ["runToolCall"]);
