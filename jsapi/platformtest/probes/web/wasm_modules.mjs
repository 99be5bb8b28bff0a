// Hand-assembled WebAssembly modules for webassembly.js (there is no wat2wasm
// here): a tiny encoder and the two modules the probe instantiates.

const u32 = (n) => {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
};
const s32 = (n) => {
  const out = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
};
const name = (s) => [...u32(s.length), ...new TextEncoder().encode(s)];
const vec = (items) => [...u32(items.length), ...items.flat()];
const section = (id, bytes) => [id, ...u32(bytes.length), ...bytes];
const module = (...sections) => new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...sections.flat()]);

const i32 = 0x7f, i64 = 0x7e, f32 = 0x7d;
const type = (params, results) => [0x60, ...vec(params.map((p) => [p])), ...vec(results.map((r) => [r]))];
const body = (code) => {
  const b = [0, ...code, 0x0b]; // no locals
  return [...u32(b.length), ...b];
};
const exp = (n, kind, index) => [...name(n), kind, ...u32(index)];

// calc imports env.log (i32) and env.g (an immutable i32 global); it has a
// 1..3-page memory starting "hi", a mutable global counter = 10, a table of
// two functions (add and null) and the functions below (function 0 is the
// import).
export const calc = module(
  section(1, vec([
    type([i32, i32], [i32]), // 0
    type([i32], []), // 1
    type([], []), // 2
    type([i64], [i64]), // 3
    type([f32], [f32]), // 4
    type([i32], [i32]), // 5
    type([], [i32]), // 6
    type([i32, i32], [i32, i32]), // 7
  ])),
  section(2, vec([
    [...name("env"), ...name("log"), 0, 1],
    [...name("env"), ...name("g"), 3, i32, 0],
  ])),
  section(3, vec([[0], [5], [2], [0], [3], [4], [0], [5], [6], [6], [7], [5]])),
  section(4, vec([[0x70, 0, 2]])),
  section(5, vec([[1, 1, 3]])),
  section(6, vec([[i32, 1, 0x41, ...s32(10), 0x0b]])),
  section(7, vec([
    exp("add", 0, 1),
    exp("callLog", 0, 2),
    exp("trap", 0, 3),
    exp("div", 0, 4),
    exp("double", 0, 5),
    exp("half", 0, 6),
    exp("store", 0, 7),
    exp("grow", 0, 8),
    exp("getG", 0, 9),
    exp("inc", 0, 10),
    exp("swap", 0, 11),
    exp("load", 0, 12),
    exp("memory", 2, 0),
    exp("counter", 3, 1),
    exp("plus", 0, 1), // the same function under a second name
    exp("table", 1, 0),
  ])),
  section(9, vec([[0, 0x41, 0, 0x0b, ...vec([[1]])]])), // table[0] = add
  section(10, vec([
    body([0x20, 0, 0x20, 1, 0x6a]), // add: a + b
    body([0x20, 0, 0x10, 0, 0x20, 0, 0x41, 1, 0x6a]), // callLog: log(a); a + 1
    body([0x00]), // trap: unreachable
    body([0x20, 0, 0x20, 1, 0x6d]), // div: a / b (signed)
    body([0x20, 0, 0x20, 0, 0x7c]), // double: a + a (i64)
    body([0x20, 0, 0x43, 0, 0, 0, 0x3f, 0x94]), // half: a * 0.5 (f32)
    body([0x20, 0, 0x20, 1, 0x3a, 0, 0, 0x3f, 0]), // store: mem[a] = b; memory.size
    body([0x20, 0, 0x40, 0]), // grow: memory.grow(a)
    body([0x23, 0]), // getG: the imported global
    body([0x23, 1, 0x41, 1, 0x6a, 0x24, 1, 0x23, 1]), // inc: ++counter
    body([0x20, 1, 0x20, 0]), // swap: two results
    body([0x20, 0, 0x2d, 0, 0]), // load: mem[a] (u8)
  ])),
  section(11, vec([[0, 0x41, 0, 0x0b, ...vec([[0x68], [0x69]])]])), // "hi" at 0
  section(0, [...name("note"), 1, 2, 3]),
);

// reader imports env.memory and exports read(addr) = mem[addr] (u8).
export const reader = module(
  section(1, vec([type([i32], [i32])])),
  section(2, vec([[...name("env"), ...name("memory"), 2, 0, 1]])),
  section(3, vec([[0]])),
  section(7, vec([exp("read", 0, 0)])),
  section(10, vec([body([0x20, 0, 0x2d, 0, 0])])),
);

// dispatch exports a two-slot funcref table (empty), sub(a, b) = a - b and
// callAt(i, a, b), which calls table[i](a, b) through call_indirect.
export const dispatch = module(
  section(1, vec([type([i32, i32], [i32]), type([i32, i32, i32], [i32])])),
  section(3, vec([[0], [1]])),
  section(4, vec([[0x70, 0, 2]])),
  section(7, vec([exp("table", 1, 0), exp("sub", 0, 0), exp("callAt", 0, 1)])),
  section(10, vec([
    body([0x20, 0, 0x20, 1, 0x6b]), // sub: a - b
    body([0x20, 1, 0x20, 2, 0x20, 0, 0x11, 0, 0]), // callAt: call_indirect type 0, table 0
  ])),
);
