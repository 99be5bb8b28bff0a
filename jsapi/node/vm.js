// node:vm within the plugin's own context: runInThisContext,
// Script#runInThisContext and compileFunction behave as in Node (global
// eval and Function in the plugin's runtime). Separate contexts
// (createContext, runInNewContext, runInContext) would need a second goja
// runtime sharing objects with this one, which goja cannot do, so they
// throw "not supported yet"; isContext answers false.
(function (module, exports, require, lib) {
  'use strict';

  const { invalidArgType } = lib.errors;
  const unsupported = (name) => function () {
    throw new Error('not supported yet: node:vm.' + name);
  };
  // Indirect eval runs in the global scope, like runInThisContext.
  const globalEval = eval;

  function checkCode(code) {
    if (typeof code !== 'string') throw invalidArgType('code', 'of type string', code);
  }

  class Script {
    constructor(code, options) {
      checkCode(code);
      if (typeof options === 'string') options = { filename: options };
      this._code = code;
      this._filename = options?.filename ?? 'evalmachine.<anonymous>';
      // Compile now so syntax errors surface at construction, as in Node:
      // a function body accepts every script (and a top-level return,
      // which only running the script rejects).
      new Function(code);
    }
    runInThisContext() {
      return globalEval(this._code);
    }
    createCachedData() {
      return Buffer.alloc(0);
    }
  }
  Script.prototype.runInContext = unsupported('Script.runInContext');
  Script.prototype.runInNewContext = unsupported('Script.runInNewContext');

  function runInThisContext(code, options) {
    return new Script(code, options).runInThisContext();
  }

  function compileFunction(code, params = [], options = {}) {
    checkCode(code);
    if (options.parsingContext !== undefined) throw new Error('not supported yet: node:vm.compileFunction with parsingContext');
    const ext = options.contextExtensions ?? [];
    if (ext.length === 0) return new Function(...params, code);
    // Context extensions are objects whose properties the body sees as
    // variables: a with-scope over each, outermost first.
    let body = code;
    for (let i = ext.length - 1; i >= 0; i--) body = `with (__ext${i}) {\n${body}\n}`;
    const names = ext.map((_, i) => '__ext' + i);
    const maker = new Function(...names, `return function (${params.join(', ')}) {\n${body}\n};`);
    return maker(...ext);
  }

  exports.Script = Script;
  exports.runInThisContext = runInThisContext;
  exports.compileFunction = compileFunction;
  exports.isContext = (obj) => {
    if (obj === null || typeof obj !== 'object') throw invalidArgType('object', 'of type object', obj);
    return false;
  };
  exports.createContext = unsupported('createContext');
  exports.runInContext = unsupported('runInContext');
  exports.runInNewContext = unsupported('runInNewContext');
  exports.measureMemory = unsupported('measureMemory');
  exports.SourceTextModule = unsupported('SourceTextModule');
  exports.SyntheticModule = unsupported('SyntheticModule');
  exports.constants = { USE_MAIN_CONTEXT_DEFAULT_LOADER: Symbol('USE_MAIN_CONTEXT_DEFAULT_LOADER'), DONT_CONTEXTIFY: Symbol('DONT_CONTEXTIFY') };
})
