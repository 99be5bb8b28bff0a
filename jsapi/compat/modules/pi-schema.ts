// @earendil-works/pi-schema (pi 1.6.0): the schema builders and validators,
// vendored unchanged (pigo:schema16, see gen16). Everything is real.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;
module.exports = require("pigo:schema16");
