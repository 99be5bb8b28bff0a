const EventEmitter = require('events');
const { once, EventEmitter: Named, errorMonitor } = require('node:events');
check(Named === EventEmitter && EventEmitter.EventEmitter === EventEmitter, 'default and named export');
check(EventEmitter.defaultMaxListeners === 10, 'defaultMaxListeners');

// on, emit, order, this, return value.
const e = new EventEmitter();
const calls = [];
e.on('x', function (a, b) { calls.push(['on', a, b, this === e]); });
e.prependListener('x', () => calls.push(['prepend']));
check(e.emit('x', 1, 2) === true && e.emit('nothing') === false, 'emit return');
eq(calls, [['prepend'], ['on', 1, 2, true]], 'listener order');

// once and prependOnceListener fire once; rawListeners shows the wrapper.
let n = 0;
const inc = () => n++;
e.once('y', inc);
e.prependOnceListener('y', inc);
check(e.listeners('y')[0] === inc && e.rawListeners('y')[0] !== inc && e.rawListeners('y')[0].listener === inc, 'rawListeners');
e.emit('y');
e.emit('y');
eq(n, 2, 'once');
eq(e.listenerCount('y'), 0, 'once removed');

// off/removeListener, removeAllListeners, eventNames, listenerCount.
const f = () => {};
e.on('z', f).on('z', f).addListener('w', f);
eq(e.listenerCount('z'), 2, 'listenerCount');
eq(e.listenerCount('z', f), 2, 'listenerCount by listener');
e.off('z', f);
eq(e.listenerCount('z'), 1, 'off removes one');
eq(e.eventNames(), ['x', 'z', 'w'], 'eventNames');
e.removeAllListeners('z');
eq(e.eventNames(), ['x', 'w'], 'removeAllListeners(name)');
e.removeAllListeners();
eq(e.eventNames(), [], 'removeAllListeners()');
eq(EventEmitter.listenerCount(e, 'x'), 0, 'static listenerCount');

// newListener and removeListener events.
const meta = [];
e.on('newListener', (name) => meta.push(['new', name]));
e.on('removeListener', (name) => meta.push(['remove', name]));
e.on('a', f);
e.removeListener('a', f);
eq(meta, [['new', 'removeListener'], ['new', 'a'], ['remove', 'a']], 'meta events');

// error without a listener throws; errorMonitor sees it first.
const er = new EventEmitter();
const err = new Error('boom');
throwsWith(() => er.emit('error', err), (x) => x === err, 'error throws the error');
const un = throwsWith(() => er.emit('error', 'str'), (x) => x.code === 'ERR_UNHANDLED_ERROR', 'non-Error error');
eq([un.message, un.context], ["Unhandled error. ('str')", 'str'], 'unhandled error message');
let monitored = null;
er.on(errorMonitor, (x) => { monitored = x; });
throwsWith(() => er.emit('error', err), (x) => x === err, 'still throws with only a monitor');
check(monitored === err, 'errorMonitor');
let handled = null;
er.on('error', (x) => { handled = x; });
er.emit('error', err);
check(handled === err, 'error listener');

// Subclassing, both class syntax and util.inherits.
class Job extends EventEmitter {
  constructor() { super(); this.state = 'new'; }
  run() { this.state = 'running'; this.emit('state', this.state); return this; }
}
const job = new Job();
let seen;
job.on('state', (s) => { seen = s; });
job.run();
check(job instanceof EventEmitter && seen === 'running' && job.listenerCount('state') === 1, 'class extends');
function Old() { EventEmitter.call(this); }
require('util').inherits(Old, EventEmitter);
const old = new Old();
let oldSeen = false;
old.on('x', () => { oldSeen = true; }).emit('x');
check(oldSeen, 'util.inherits');

// Max listeners.
const m = new EventEmitter();
eq(m.getMaxListeners(), 10, 'getMaxListeners');
m.setMaxListeners(1);
m.on('leak', f).on('leak', f);
eq(EventEmitter.getMaxListeners(m), 1, 'static getMaxListeners');
throwsWith(() => m.setMaxListeners(-1), (x) => x.code === 'ERR_OUT_OF_RANGE', 'setMaxListeners range');

// events.once.
const o = new EventEmitter();
setTimeout(() => o.emit('ready', 1, 2), 1);
eq(await once(o, 'ready'), [1, 2], 'once resolves args');
setTimeout(() => o.emit('error', new Error('bad')), 1);
await rejectsWith(once(o, 'ready'), (x) => x.message === 'bad', 'once rejects on error');
eq(o.listenerCount('ready') + o.listenerCount('error'), 0, 'once cleans up');
const ac = new AbortController();
const pending = once(o, 'never', { signal: ac.signal });
ac.abort();
await rejectsWith(pending, (x) => x.name === 'AbortError' && x.code === 'ABORT_ERR' && x.cause?.name === 'AbortError', 'once abort');
await rejectsWith(once(o, 'never', { signal: AbortSignal.abort() }), (x) => x.name === 'AbortError', 'once pre-aborted');
eq(o.listenerCount('never'), 0, 'aborted once cleans up');
const target = new EventTarget();
setTimeout(() => target.dispatchEvent(new Event('ping')), 1);
const [ev] = await once(target, 'ping');
eq(ev.type, 'ping', 'once on EventTarget');

// events.on async iterator.
const it = EventEmitter.on(o, 'tick');
o.emit('tick', 1);
o.emit('tick', 2);
eq((await it.next()).value, [1], 'on first');
eq((await it.next()).value, [2], 'on second');
await it.return();
eq(o.listenerCount('tick'), 0, 'on return removes listener');

// events.addAbortListener: once on abort, at once (a microtask) if already
// aborted, removed by the Disposable it returns.
const { addAbortListener } = EventEmitter;
const abortCalls = [];
const ac2 = new AbortController();
const disposable = addAbortListener(ac2.signal, () => abortCalls.push('abort'));
const ac3 = new AbortController();
addAbortListener(ac3.signal, () => abortCalls.push('disposed'))[Symbol.dispose ?? Symbol.for('nodejs.dispose')]();
ac3.abort();
ac2.abort();
ac2.abort();
addAbortListener(AbortSignal.abort(), () => abortCalls.push('pre-aborted'));
abortCalls.push('sync');
await null;
eq(abortCalls, ['abort', 'sync', 'pre-aborted'], 'addAbortListener abortCalls');
eq(Object.getPrototypeOf(disposable), null, 'a null-prototype Disposable');
throwsWith(() => addAbortListener(undefined, () => {}), (x) => x.code === 'ERR_INVALID_ARG_TYPE', 'signal required');
throwsWith(() => addAbortListener(ac2.signal, 1), (x) => x.code === 'ERR_INVALID_ARG_TYPE', 'listener checked');
