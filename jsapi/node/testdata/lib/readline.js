const readline = require('readline');
const EventEmitter = require('events');
const stream = () => { const s = new EventEmitter(); s.resume = () => {}; return s; };

// 'line' events: \n, \r\n (also split across chunks), \r, a last line without an end, then 'close'.
const input = stream();
const rl = readline.createInterface({ input });
const lines = [];
let closed = false;
rl.on('line', (l) => lines.push(l));
rl.on('close', () => { closed = true; });
input.emit('data', 'one\ntw');
input.emit('data', Buffer.from('o\r'));
input.emit('data', '\nthree\rfour');
check(!closed, 'open until end');
input.emit('end');
eq(lines, ['one', 'two', 'three', 'four'], 'lines');
check(closed, 'closed at end');

// Async iteration (for await, which bundled extensions use; spelled out
// here since the test script is not bundled).
const input2 = stream();
const rl2 = readline.createInterface({ input: input2 });
const iter = rl2[Symbol.asyncIterator]();
const first = iter.next();
input2.emit('data', 'a\nb\n');
input2.emit('end');
eq([await first, await iter.next(), await iter.next()],
  [{ value: 'a', done: false }, { value: 'b', done: false }, { done: true }], 'async iteration');

throwsWith(() => readline.createInterface({}), (e) => e instanceof TypeError, 'no input');
