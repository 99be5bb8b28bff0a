// node:diagnostics_channel: named channels with subscribers, store
// binding through AsyncLocalStorage, and tracing channels. Subscriber
// errors are rethrown asynchronously, as in Node, so a faulty subscriber
// never breaks the publisher.
(function (module, exports, require, lib) {
  'use strict';

  const { invalidArgType, validateFunction } = lib.errors;
  const channels = new Map();

  function rethrow(err) {
    queueMicrotask(() => {
      throw err;
    });
  }

  class Channel {
    constructor(name) {
      this._subscribers = [];
      this._stores = new Map();
      this.name = name;
    }
    get hasSubscribers() {
      return this._subscribers.length > 0 || this._stores.size > 0;
    }
    subscribe(fn) {
      validateFunction(fn, 'subscription');
      this._subscribers.push(fn);
    }
    unsubscribe(fn) {
      const i = this._subscribers.indexOf(fn);
      if (i < 0) return false;
      this._subscribers.splice(i, 1);
      return true;
    }
    bindStore(store, transform) {
      this._stores.set(store, transform);
    }
    unbindStore(store) {
      return this._stores.delete(store);
    }
    publish(data) {
      for (const fn of this._subscribers.slice()) {
        try {
          fn(data, this.name);
        } catch (err) {
          rethrow(err);
        }
      }
    }
    runStores(data, fn, thisArg, ...args) {
      let run = () => {
        this.publish(data);
        return fn.apply(thisArg, args);
      };
      for (const [store, transform] of this._stores) {
        const inner = run;
        let value = data;
        if (typeof transform === 'function') {
          try {
            value = transform(data);
          } catch (err) {
            rethrow(err);
            continue;
          }
        }
        run = () => store.run(value, inner);
      }
      return run();
    }
  }

  function channel(name) {
    if (typeof name !== 'string' && typeof name !== 'symbol') throw invalidArgType('channel', 'of type string or symbol', name);
    let ch = channels.get(name);
    if (!ch) {
      ch = new Channel(name);
      channels.set(name, ch);
    }
    return ch;
  }

  const kinds = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'];

  class TracingChannel {
    constructor(nameOrChannels) {
      for (const k of kinds) {
        this[k] = typeof nameOrChannels === 'string' ? channel(`tracing:${nameOrChannels}:${k}`) : nameOrChannels[k];
        if (!(this[k] instanceof Channel)) throw invalidArgType(`nameOrChannels.${k}`, 'an instance of Channel', this[k]);
      }
    }
    get hasSubscribers() {
      return kinds.some((k) => this[k].hasSubscribers);
    }
    subscribe(handlers) {
      for (const k of kinds) if (handlers[k]) this[k].subscribe(handlers[k]);
    }
    unsubscribe(handlers) {
      let done = true;
      for (const k of kinds) if (handlers[k] && !this[k].unsubscribe(handlers[k])) done = false;
      return done;
    }
    traceSync(fn, context = {}, thisArg, ...args) {
      if (!this.hasSubscribers) return fn.apply(thisArg, args);
      return this.start.runStores(context, () => {
        try {
          context.result = fn.apply(thisArg, args);
          return context.result;
        } catch (err) {
          context.error = err;
          this.error.publish(context);
          throw err;
        } finally {
          this.end.publish(context);
        }
      });
    }
    tracePromise(fn, context = {}, thisArg, ...args) {
      if (!this.hasSubscribers) return fn.apply(thisArg, args);
      return this.start.runStores(context, () => {
        try {
          const p = Promise.resolve(fn.apply(thisArg, args));
          return p.then(
            (result) => {
              context.result = result;
              this.asyncStart.publish(context);
              this.asyncEnd.publish(context);
              return result;
            },
            (err) => {
              context.error = err;
              this.error.publish(context);
              this.asyncStart.publish(context);
              this.asyncEnd.publish(context);
              throw err;
            },
          );
        } catch (err) {
          context.error = err;
          this.error.publish(context);
          throw err;
        } finally {
          this.end.publish(context);
        }
      });
    }
    traceCallback(fn, position = -1, context = {}, thisArg, ...args) {
      if (!this.hasSubscribers) return fn.apply(thisArg, args);
      const at = position < 0 ? args.length + position : position;
      const cb = args[at];
      validateFunction(cb, 'callback');
      args[at] = (err, result) => {
        if (err) {
          context.error = err;
          this.error.publish(context);
        } else {
          context.result = result;
        }
        this.asyncStart.publish(context);
        try {
          return cb(err, result);
        } finally {
          this.asyncEnd.publish(context);
        }
      };
      return this.traceSync(fn, context, thisArg, ...args);
    }
  }

  exports.channel = channel;
  exports.hasSubscribers = (name) => channels.get(name)?.hasSubscribers ?? false;
  exports.subscribe = (name, fn) => channel(name).subscribe(fn);
  exports.unsubscribe = (name, fn) => channel(name).unsubscribe(fn);
  exports.tracingChannel = (nameOrChannels) => new TracingChannel(nameOrChannels);
  exports.Channel = Channel;
})
