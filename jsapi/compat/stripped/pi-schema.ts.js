module.exports = require("pigo:schema16");
