'use strict';

test('queueMicrotask runs after the current job, in order', async () => {
  const seen = [];
  queueMicrotask(() => seen.push(1));
  Promise.resolve().then(() => seen.push(2));
  queueMicrotask(() => seen.push(3));
  seen.push(0);
  await null;
  await null;
  deepEq(seen, [0, 1, 2, 3]);
});

test('a throwing callback is reported and later ones still run', async () => {
  let ran = false;
  queueMicrotask(() => { throw new Error('micro boom'); });
  queueMicrotask(() => { ran = true; });
  await null;
  await null;
  eq(ran, true);
  eq(reported().length, 1);
  eq(reported()[0].message, 'micro boom');
});

test('reportError reports without throwing', () => {
  reportError('plain value');
  eq(reported()[0], 'plain value');
});

test('queueMicrotask needs a function', () => {
  throws(() => queueMicrotask(1), isError(TypeError));
  eq(queueMicrotask.name, 'queueMicrotask');
});
