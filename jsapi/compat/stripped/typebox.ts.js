const core = require("pigo:typebox-core");
module.exports = Object.create(core, { default: { value: core.Type, enumerable: true } });
