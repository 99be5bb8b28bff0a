// node:tty for plugins, which never own a terminal: isatty is false for
// every descriptor (matching process.stdout.isTTY), and the terminal
// stream classes cannot be constructed.
(function (module, exports, require, lib) {
  'use strict';

  function unsupported(name) {
    const f = function () {
      throw new Error('not supported yet: node:tty.' + name);
    };
    Object.defineProperty(f, 'name', { value: name });
    return f;
  }

  exports.isatty = function isatty(fd) {
    return false;
  };
  exports.ReadStream = unsupported('ReadStream');
  exports.WriteStream = unsupported('WriteStream');
})
