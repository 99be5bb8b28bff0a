// for-of scenarios whose log must be the same in Node and in pigo, where
// the bundler rewrites for-of loops (bundler/forof.go). run() returns the
// log (TestForOfMatchesNode compares it with Node's).
export function run() {
	const log = [];
	const say = (...a) => log.push(a.map(String).join(" "));
	const gen = (name, n) => ({
		[Symbol.iterator]() {
			let i = 0;
			say(name, "open");
			return {
				next() { say(name, "next", i); return i < n ? { value: i++, done: false } : { value: undefined, done: true }; },
				return() { say(name, "return"); return {}; },
			};
		},
	});
	// arrays: order, break, continue, growth while iterating, holes, closures
	const a = [1, 2, 3];
	for (const x of a) { if (x === 1) a.push(4); say("arr", x); }
	for (const x of [1, , 3]) say("hole", x);
	const fns = [];
	for (const x of [1, 2, 3]) { if (x === 2) continue; fns.push(() => x); if (x === 3) break; }
	say("closures", fns.map((f) => f()).join(","));
	for (const [k, v] of [["a", 1], ["b", 2]]) say("destructure", k, v);
	for (let { p = "dflt" } of [{ p: 1 }, {}]) { p += "!"; say("let", p); }
	for (const x of [[1, [2]]]) for (const y of x) say("nested", y);
	// iterables: break, return, throw close; next throwing does not
	for (const x of gen("g1", 3)) { if (x === 1) break; say("g1 body", x); }
	(() => { for (const x of gen("g2", 3)) { if (x === 0) return; } })();
	try { for (const x of gen("g3", 3)) { throw new Error("boom " + x); } } catch (e) { say("caught", e.message); }
	try { for (const x of { [Symbol.iterator]: () => ({ next() { throw new Error("next failed"); }, return() { say("wrong return"); } }) }) say(x); } catch (e) { say("caught", e.message); }
	outer: for (const x of gen("g4", 2)) { for (const y of gen("g5", 2)) { if (y === 1) continue outer; say("inner", x, y); } }
	for (const c of "hé🙂") say("str", c);
	for (const [k, v] of new Map([["m", 1]])) say("map", k, v);
	for (const v of new Set([5, 6])) say("set", v);
	function* g() { try { yield 1; yield 2; } finally { say("gen finally"); } }
	for (const v of g()) { say("gen", v); break; }
	// a modified array iterator is honoured
	const b = [1, 2];
	b[Symbol.iterator] = function* () { yield "custom"; };
	for (const x of b) say("custom", x);
	// errors
	for (const bad of [null, 5, {}]) {
		try { for (const x of bad) say(x); } catch (e) { say("error", e.constructor.name); }
	}
	try { for (const x of { [Symbol.iterator]: () => ({ next: () => 5 }) }) say(x); } catch (e) { say("error", e.constructor.name); }
	try { for (const x of gen("g6", 2)) { break; } } catch (e) { say("unexpected", e); }
	try { for (const x of { [Symbol.iterator]: () => ({ next: () => ({ value: 1 }), return: () => 5 }) }) break; } catch (e) { say("return not object", e.constructor.name); }
	// a non-array's values whatever they are (undefined, objects, numbers
	// named like the stepper's own fields), continue, and two iterables
	// stepped in turn, one inside the other
	for (const v of new Set([undefined, 0, { length: 3 }, "count"])) { if (v === 0) continue; say("set value", typeof v, v?.length ?? v); }
	for (const x of gen("g7", 2)) for (const y of new Map([["k", x]])) say("nested iterables", x, y);
	// values a getter on Object.prototype would shadow
	Object.defineProperty(Object.prototype, "0", { get() { return "polluted"; }, configurable: true });
	Object.defineProperty(Object.prototype, "1", { get() { return "polluted"; }, configurable: true });
	try { for (const v of new Set(["own", "values"])) say("under a polluted prototype", v); }
	finally { delete Object.prototype[0]; delete Object.prototype[1]; }
	// labelled loops are left alone but still work
	lbl: for (const x of [1, 2, 3]) { for (const y of [1, 2]) { if (y === 2) continue lbl; say("lbl", x, y); } }
	return log.join("\n");
}

