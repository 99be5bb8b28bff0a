'use strict';

test('performance.now is monotonic milliseconds', () => {
  const a = performance.now();
  const b = performance.now();
  eq(typeof a, 'number');
  assert(a >= 0 && b >= a, `${a} then ${b}`);
  assert(performance.timeOrigin > 1.6e12, 'timeOrigin is Unix milliseconds');
});
