'use strict';

test('abort fires listeners once with the reason', () => {
  const ac = new AbortController();
  const seen = [];
  ac.signal.addEventListener('abort', (e) => seen.push(['once', e.type, e.target === ac.signal]), { once: true });
  ac.signal.addEventListener('abort', function () { seen.push(['plain', this === ac.signal, ac.signal.reason]); });
  ac.abort('why');
  ac.abort('again');
  eq(ac.signal.aborted, true);
  eq(ac.signal.reason, 'why');
  deepEq(seen, [['once', 'abort', true], ['plain', true, 'why']]);
});

test('default reason is an AbortError DOMException', () => {
  const ac = new AbortController();
  ac.abort();
  const r = ac.signal.reason;
  isDOMException('AbortError')(r);
  eq(r.message, 'This operation was aborted');
  eq(r.code, 20);
  assert(r instanceof Error, 'DOMException is an Error');
});

test('throwIfAborted throws the reason', () => {
  const ac = new AbortController();
  ac.signal.throwIfAborted();
  const reason = new Error('stop');
  ac.abort(reason);
  throws(() => ac.signal.throwIfAborted(), (e) => eq(e, reason));
});

test('onabort is an event handler attribute', () => {
  const ac = new AbortController();
  const seen = [];
  ac.signal.onabort = () => seen.push('first');
  ac.signal.addEventListener('abort', () => seen.push('listener'));
  ac.signal.onabort = (e) => seen.push(`second:${e.type}`);
  eq(typeof ac.signal.onabort, 'function');
  ac.abort();
  deepEq(seen, ['second:abort', 'listener']);
  ac.signal.onabort = null;
  eq(ac.signal.onabort, null);
});

test('removeEventListener stops delivery', () => {
  const ac = new AbortController();
  let n = 0;
  const fn = () => n++;
  ac.signal.addEventListener('abort', fn);
  ac.signal.addEventListener('abort', fn); // a duplicate is ignored
  ac.signal.removeEventListener('abort', fn);
  ac.abort();
  eq(n, 0);
});

test('a throwing listener is reported and the rest still run', () => {
  const ac = new AbortController();
  let ran = false;
  ac.signal.addEventListener('abort', () => { throw new Error('listener boom'); });
  ac.signal.addEventListener('abort', () => { ran = true; });
  ac.abort();
  eq(ran, true);
  const r = reported();
  eq(r.length, 1);
  eq(r[0].message, 'listener boom');
});

test('AbortSignal cannot be constructed', () => {
  throws(() => new AbortSignal(), isError(TypeError));
});

test('AbortSignal.abort', () => {
  const s = AbortSignal.abort();
  eq(s.aborted, true);
  isDOMException('AbortError')(s.reason);
  eq(AbortSignal.abort(42).reason, 42);
  assert(s instanceof EventTarget, 'an AbortSignal is an EventTarget');
  eq(Object.prototype.toString.call(s), '[object AbortSignal]');
});

test('AbortSignal.any follows the first source to abort', () => {
  const a = new AbortController();
  const b = new AbortController();
  const any = AbortSignal.any([a.signal, b.signal]);
  const nested = AbortSignal.any([any]);
  const seen = [];
  any.addEventListener('abort', () => seen.push(['any', any.reason]));
  nested.addEventListener('abort', () => seen.push(['nested', nested.reason]));
  eq(any.aborted, false);
  b.abort('b');
  a.abort('a');
  eq(any.reason, 'b');
  eq(nested.reason, 'b');
  deepEq(seen, [['any', 'b'], ['nested', 'b']]);
});

test('AbortSignal.any of an aborted signal is aborted at once', () => {
  const s = AbortSignal.any([new AbortController().signal, AbortSignal.abort('pre')]);
  eq(s.aborted, true);
  eq(s.reason, 'pre');
  eq(AbortSignal.any([]).aborted, false);
  throws(() => AbortSignal.any([{}]), isError(TypeError));
  throws(() => AbortSignal.any(), isError(TypeError));
});

test('AbortSignal.timeout aborts with TimeoutError when the timer fires', () => {
  const s = AbortSignal.timeout(250);
  deepEq(timers.pending(), [250]);
  let fired = 0;
  s.addEventListener('abort', () => fired++);
  eq(s.aborted, false);
  eq(timers.fire(), 1);
  eq(s.aborted, true);
  eq(fired, 1);
  isDOMException('TimeoutError')(s.reason);
  eq(s.reason.code, 23);
  throws(() => AbortSignal.timeout(-1), isError(TypeError));
  throws(() => AbortSignal.timeout(NaN), isError(TypeError));
});

test('AbortSignal.timeout combines with any', () => {
  const ac = new AbortController();
  const s = AbortSignal.any([ac.signal, AbortSignal.timeout(10)]);
  timers.fire();
  isDOMException('TimeoutError')(s.reason);
  eq(ac.signal.aborted, false);
});

test('addEventListener signal option removes the listener on abort', () => {
  const et = new EventTarget();
  const ac = new AbortController();
  let n = 0;
  et.addEventListener('ping', () => n++, { signal: ac.signal });
  et.dispatchEvent(new Event('ping'));
  ac.abort();
  et.dispatchEvent(new Event('ping'));
  eq(n, 1);
  et.addEventListener('ping', () => n++, { signal: ac.signal }); // already aborted: not added
  et.dispatchEvent(new Event('ping'));
  eq(n, 1);
});
