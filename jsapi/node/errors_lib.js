// Node's internal error helpers, shared by the JS halves of the lib modules
// (util, events, buffer, crypto, url, fetch, timers, assert). Evaluates to a
// function returning the helpers; lib.go runs it once per module instance
// and hands the result to the module as lib.errors.
(function () {
  'use strict';

  // codeError makes an error of class Ctor whose code property is code, as
  // Node's internal NodeError does: the name stays the class's, and the
  // stack and toString show "Name [CODE]: message".
  function codeError(Ctor, code, message, props = undefined) {
    const err = new Ctor(message);
    err.code = code;
    if (props !== undefined) Object.assign(err, props);
    return err;
  }

  // describeReceived renders the "Received ..." tail of Node's
  // ERR_INVALID_ARG_TYPE messages.
  function describeReceived(value) {
    if (value == null) return ` Received ${value}`;
    if (typeof value === 'function') return ` Received function ${value.name}`;
    if (typeof value === 'object') {
      if (value.constructor?.name) return ` Received an instance of ${value.constructor.name}`;
      return ' Received [object Object]';
    }
    let shown = typeof value === 'string' ? `'${value}'` : String(value);
    if (typeof value === 'bigint') shown += 'n';
    if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
    return ` Received type ${typeof value} (${shown})`;
  }

  // invalidArgType is Node's ERR_INVALID_ARG_TYPE TypeError; expected is
  // the tail after "must be ", e.g. "of type function".
  function invalidArgType(name, expected, value) {
    let subject;
    if (name.endsWith(' argument')) subject = name;
    else subject = `"${name}" ${name.includes('.') ? 'property' : 'argument'}`;
    return codeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The ${subject} must be ${expected}.${describeReceived(value)}`);
  }

  // outOfRange is Node's ERR_OUT_OF_RANGE RangeError.
  function outOfRange(name, range, value) {
    return codeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be ${range}. Received ${String(value)}`);
  }

  function validateFunction(value, name) {
    if (typeof value !== 'function') throw invalidArgType(name, 'of type function', value);
  }

  function validateString(value, name) {
    if (typeof value !== 'string') throw invalidArgType(name, 'of type string', value);
  }

  function validateObject(value, name) {
    if (value === null || typeof value !== 'object') throw invalidArgType(name, 'of type object', value);
  }

  // validateAbortSignal accepts undefined or anything shaped like an
  // AbortSignal (Node checks the shape, not the class).
  function validateAbortSignal(signal, name) {
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
      throw invalidArgType(name, 'an instance of AbortSignal', signal);
    }
  }

  // AbortError is Node's internal AbortError (events.once, timers/promises):
  // an Error, unlike the AbortError DOMException of AbortController.
  class AbortError extends Error {
    constructor(message = 'The operation was aborted', options = undefined) {
      super(message, options);
      this.code = 'ABORT_ERR';
      this.name = 'AbortError';
    }
  }

  return {
    codeError, invalidArgType, outOfRange, validateFunction, validateString, validateObject, validateAbortSignal, AbortError,
  };
})
