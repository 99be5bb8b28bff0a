// node:worker_threads as seen from a plugin's (only) thread: pigo runs
// each plugin in a single goja runtime, so this is the main thread and
// new Worker() fails loudly. The message channel classes are the web
// globals when the runtime has them.
(function (module, exports, require, lib) {
  'use strict';

  const environmentData = new Map();
  const untransferable = new WeakSet();
  const unsupported = (name) => function () {
    throw new Error('not supported yet: node:worker_threads.' + name);
  };

  exports.isMainThread = true;
  exports.parentPort = null;
  exports.threadId = 0;
  exports.workerData = null;
  exports.resourceLimits = {};
  exports.SHARE_ENV = Symbol.for('nodejs.worker_threads.SHARE_ENV');
  exports.Worker = unsupported('Worker');
  exports.getEnvironmentData = (key) => environmentData.get(key);
  exports.setEnvironmentData = (key, value) => {
    if (value === undefined) environmentData.delete(key);
    else environmentData.set(key, value);
  };
  exports.markAsUntransferable = (obj) => {
    if ((typeof obj === 'object' && obj !== null) || typeof obj === 'function') untransferable.add(obj);
  };
  exports.isMarkedAsUntransferable = (obj) => untransferable.has(obj);
  exports.markAsUncloneable = () => {};
  exports.moveMessagePortToContext = unsupported('moveMessagePortToContext');
  exports.receiveMessageOnPort = unsupported('receiveMessageOnPort');
  exports.postMessageToThread = unsupported('postMessageToThread');
  for (const name of ['MessageChannel', 'MessagePort', 'BroadcastChannel']) {
    Object.defineProperty(exports, name, {
      enumerable: true,
      configurable: true,
      get() {
        return typeof globalThis[name] === 'function' ? globalThis[name] : unsupported(name);
      },
    });
  }
})
