// Assertion helpers for the JS tests; each throws on failure.
'use strict';

function show(v) {
  try {
    return typeof v === 'string' ? JSON.stringify(v) : String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

function assert(cond, msg) {
  if (!cond) throw new Error(`assertion failed${msg ? `: ${msg}` : ''}`);
}

function eq(got, want, msg) {
  if (!Object.is(got, want)) throw new Error(`${msg ?? 'eq'}: got ${show(got)}, want ${show(want)}`);
}

// deepEq compares JSON renderings: enough for arrays of primitives.
function deepEq(got, want, msg) {
  const g = JSON.stringify(got);
  const w = JSON.stringify(want);
  if (g !== w) throw new Error(`${msg ?? 'deepEq'}: got ${g}, want ${w}`);
}

// throws runs fn, expects it to throw, checks the error with check (if
// given) and returns it.
function throws(fn, check, msg) {
  let err;
  let threw = false;
  try {
    fn();
  } catch (e) {
    threw = true;
    err = e;
  }
  if (!threw) throw new Error(`${msg ?? 'throws'}: did not throw`);
  if (check) check(err);
  return err;
}

function isDOMException(name) {
  return (e) => {
    assert(e instanceof DOMException, `want a DOMException, got ${show(e)}`);
    eq(e.name, name, 'DOMException name');
  };
}

function isError(ctor) {
  return (e) => assert(e instanceof ctor, `want ${ctor.name}, got ${show(e)}`);
}
