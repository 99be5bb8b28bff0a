// Small built-ins that are views of other modules or globals: console
// (the global console), sys (util), constants (the deprecated merge of
// os, fs and crypto constants) and perf_hooks (the performance global).
// Evaluates to a function that fills module for the given name.
(function (module, exports, require, lib) {
  'use strict';

  const unsupported = (name) => function () {
    throw new Error('not supported yet: node:' + name);
  };

  switch (lib.name) {
    case 'console':
      module.exports = globalThis.console;
      break;
    case 'sys':
      module.exports = require('util');
      break;
    case 'constants': {
      const os = require('os');
      const c = {};
      Object.assign(c, os.constants?.errno, os.constants?.signals, os.constants?.priority);
      Object.assign(c, require('fs').constants, require('crypto').constants);
      module.exports = c;
      break;
    }
    case 'perf_hooks':
      Object.defineProperty(exports, 'performance', { enumerable: true, get: () => globalThis.performance });
      for (const name of ['PerformanceObserver', 'PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure', 'PerformanceObserverEntryList', 'PerformanceResourceTiming']) {
        Object.defineProperty(exports, name, {
          enumerable: true,
          get: () => (typeof globalThis[name] === 'function' ? globalThis[name] : unsupported('perf_hooks.' + name)),
        });
      }
      exports.monitorEventLoopDelay = unsupported('perf_hooks.monitorEventLoopDelay');
      exports.createHistogram = unsupported('perf_hooks.createHistogram');
      exports.constants = {
        NODE_PERFORMANCE_GC_MAJOR: 4, NODE_PERFORMANCE_GC_MINOR: 1, NODE_PERFORMANCE_GC_INCREMENTAL: 8,
        NODE_PERFORMANCE_GC_WEAKCB: 16, NODE_PERFORMANCE_GC_FLAGS_NO: 0, NODE_PERFORMANCE_GC_FLAGS_CONSTRUCT_RETAINED: 2,
        NODE_PERFORMANCE_GC_FLAGS_FORCED: 4, NODE_PERFORMANCE_GC_FLAGS_SYNCHRONOUS_PHANTOM_PROCESSING: 8,
        NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE: 16, NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY: 32,
        NODE_PERFORMANCE_GC_FLAGS_SCHEDULE_IDLE: 64,
      };
      break;
  }
})
