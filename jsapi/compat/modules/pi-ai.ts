// @mariozechner/pi-ai, @mariozechner/pi-ai/compat (and the @earendil-works
// scope): every alias is pigo:ai-core itself, so one plugin runtime has one
// API-provider registry whichever specifier an extension imports. CommonJS
// on purpose: an `export *` would copy every binding per runtime.
declare const module: any, require: any;
module.exports = require("pigo:ai-core");
