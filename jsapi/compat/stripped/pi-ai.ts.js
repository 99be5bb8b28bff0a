module.exports = require("pigo:ai-core");
