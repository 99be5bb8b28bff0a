'use strict';

test('dispatch calls listeners in order with this and target', () => {
  const et = new EventTarget();
  const seen = [];
  et.addEventListener('x', function (e) { seen.push(['a', this === et, e.target === et, e.currentTarget === et, e.eventPhase]); });
  et.addEventListener('x', { handleEvent(e) { seen.push(['b', e.type]); } });
  et.addEventListener('y', () => seen.push(['other']));
  eq(et.dispatchEvent(new Event('x')), true);
  deepEq(seen, [['a', true, true, true, 2], ['b', 'x']]);
});

test('preventDefault needs cancelable and is ignored in passive listeners', () => {
  const et = new EventTarget();
  et.addEventListener('x', (e) => e.preventDefault());
  const plain = new Event('x');
  eq(et.dispatchEvent(plain), true);
  eq(plain.defaultPrevented, false);
  const cancelable = new Event('x', { cancelable: true });
  eq(et.dispatchEvent(cancelable), false);
  eq(cancelable.defaultPrevented, true);

  const passive = new EventTarget();
  passive.addEventListener('x', (e) => e.preventDefault(), { passive: true });
  const ev = new Event('x', { cancelable: true });
  eq(passive.dispatchEvent(ev), true);
});

test('once, removal during dispatch and stopImmediatePropagation', () => {
  const et = new EventTarget();
  const seen = [];
  const second = () => seen.push('second');
  et.addEventListener('x', () => { seen.push('first'); et.removeEventListener('x', second); }, { once: true });
  et.addEventListener('x', second);
  et.addEventListener('x', (e) => { seen.push('third'); e.stopImmediatePropagation(); });
  et.addEventListener('x', () => seen.push('fourth'));
  et.dispatchEvent(new Event('x'));
  et.dispatchEvent(new Event('x'));
  deepEq(seen, ['first', 'third', 'third']);
});

test('capture is part of a listener identity', () => {
  const et = new EventTarget();
  let n = 0;
  const fn = () => n++;
  et.addEventListener('x', fn);
  et.addEventListener('x', fn, true);
  et.removeEventListener('x', fn);
  et.dispatchEvent(new Event('x'));
  eq(n, 1);
});

test('bad arguments', () => {
  const et = new EventTarget();
  throws(() => et.dispatchEvent({ type: 'x' }), isError(TypeError));
  throws(() => new Event(), isError(TypeError));
  throws(() => et.addEventListener('x', 1), isError(TypeError));
  et.addEventListener('x', null); // ignored, like browsers
});

test('dispatching an event that is being dispatched throws InvalidStateError', () => {
  const et = new EventTarget();
  const ev = new Event('x');
  let err;
  et.addEventListener('x', () => { try { et.dispatchEvent(ev); } catch (e) { err = e; } });
  et.dispatchEvent(ev);
  isDOMException('InvalidStateError')(err);
});

test('a listener object without handleEvent is reported', () => {
  const et = new EventTarget();
  et.addEventListener('x', {});
  et.dispatchEvent(new Event('x'));
  eq(reported().length, 1);
  assert(reported()[0] instanceof TypeError, 'a TypeError is reported');
});

test('CustomEvent carries detail', () => {
  const ev = new CustomEvent('c', { detail: { a: 1 } });
  assert(ev instanceof Event, 'a CustomEvent is an Event');
  eq(ev.detail.a, 1);
  eq(new CustomEvent('c').detail, null);
});

test('Event fields', () => {
  const ev = new Event('x', { bubbles: true, cancelable: true, composed: true });
  eq(ev.type, 'x');
  eq(ev.bubbles, true);
  eq(ev.composed, true);
  eq(ev.isTrusted, false);
  eq(typeof ev.timeStamp, 'number');
  eq(Event.AT_TARGET, 2);
  deepEq(ev.composedPath(), []);
});
