const Module = require('module');
const { createRequire, builtinModules, isBuiltin } = require('node:module');
check(Module.createRequire === createRequire && Module.Module === Module, 'module exports');
check(builtinModules.includes('fs') && builtinModules.includes('util/types') && !builtinModules.includes('node:fs'), 'builtinModules');
check(isBuiltin('fs') && isBuiltin('node:fs') && isBuiltin('node:test') && !isBuiltin('test') && !isBuiltin('lodash'), 'isBuiltin');

// The doom-overlay pattern: createRequire(import.meta.url) and require a host module.
const req = createRequire('file:///home/u/ext/index.js');
check(req('util') === require('util') && req('node:events') === require('events'), 'serves host modules');
eq(req.resolve('util'), 'util', 'resolve host module');
const abs = createRequire('/home/u/ext/index.js');
check(abs('crypto') === require('crypto'), 'absolute path filename');
const notFound = (id) => (e) => e.code === 'MODULE_NOT_FOUND' && e.message.includes(`'${id}'`) && e.message.includes('pigo');
throwsWith(() => req('./local.js'), notFound('./local.js'), 'relative file');
throwsWith(() => req('/abs/file.js'), notFound('/abs/file.js'), 'absolute file');
throwsWith(() => req('left-pad'), notFound('left-pad'), 'unknown package');
throwsWith(() => req.resolve('./x'), notFound('./x'), 'resolve file');
throwsWith(() => createRequire('relative/x.js'), (e) => e.code === 'ERR_INVALID_ARG_VALUE', 'relative filename');
