// console: Node's console methods, formatted by inspect.js, handed line by
// line to the host's sink and never written to stdout.
(function (internal) {
  'use strict';

  const { sink, consoleEnabled, now, format, inspect, internalFrame } = internal;

  function formatTime(ms) {
    if (ms >= 1000) return `${(ms / 1000).toFixed(3)}s`;
    return `${ms.toFixed(3)}ms`;
  }

  function makeConsole() {
    if (!consoleEnabled) {
      const noop = () => {};
      const names = ['log', 'info', 'debug', 'warn', 'error', 'trace', 'assert', 'dir', 'dirxml', 'table', 'count', 'countReset',
        'group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog'];
      return Object.fromEntries(names.map((n) => [n, noop]));
    }
    let indent = '';
    const counts = new Map();
    const timers = new Map();
    const emit = (level, msg) => {
      sink(level, indent === '' ? msg : indent + msg.replaceAll('\n', `\n${indent}`));
    };
    const printer = (level) => (...args) => emit(level, format(args));
    const log = printer('log');
    const warn = printer('warn');

    return {
      log,
      info: printer('info'),
      debug: printer('debug'),
      warn,
      error: printer('error'),
      dirxml: log,
      table: log, // no table layout: the data, inspected
      trace(...args) {
        const frames = String(new Error().stack).split('\n').slice(1)
          .filter((line) => line.trim() !== '' && !internalFrame.test(line))
          .map((line) => line.replace(/^\s*at /, '    at '));
        const msg = format(args);
        emit('trace', `Trace${msg === '' ? '' : `: ${msg}`}${frames.length > 0 ? `\n${frames.join('\n')}` : ''}`);
      },
      assert(condition, ...args) {
        if (condition) return;
        if (typeof args[0] === 'string') args[0] = `Assertion failed: ${args[0]}`;
        else args.unshift('Assertion failed');
        emit('error', format(args));
      },
      dir(obj, options = undefined) {
        emit('log', inspect(obj, options));
      },
      count(label = 'default') {
        label = `${label}`;
        const n = (counts.get(label) ?? 0) + 1;
        counts.set(label, n);
        emit('log', `${label}: ${n}`);
      },
      countReset(label = 'default') {
        label = `${label}`;
        if (!counts.has(label)) {
          emit('warn', `Count for '${label}' does not exist`);
          return;
        }
        counts.delete(label);
      },
      group(...args) {
        if (args.length > 0) log(...args);
        indent += '  ';
      },
      groupCollapsed(...args) {
        if (args.length > 0) log(...args);
        indent += '  ';
      },
      groupEnd() {
        indent = indent.slice(0, -2);
      },
      time(label = 'default') {
        label = `${label}`;
        if (timers.has(label)) {
          emit('warn', `Label '${label}' already exists for console.time()`);
          return;
        }
        timers.set(label, now());
      },
      timeEnd(label = 'default') {
        label = `${label}`;
        const start = timers.get(label);
        if (start === undefined) {
          emit('warn', `No such label '${label}' for console.timeEnd()`);
          return;
        }
        timers.delete(label);
        emit('log', `${label}: ${formatTime(now() - start)}`);
      },
      timeLog(label = 'default', ...data) {
        label = `${label}`;
        const start = timers.get(label);
        if (start === undefined) {
          emit('warn', `No such label '${label}' for console.timeLog()`);
          return;
        }
        emit('log', format(['%s: %s', label, formatTime(now() - start), ...data]));
      },
    };
  }

  return { console: makeConsole() };
})
