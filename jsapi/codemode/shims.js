// Built-ins QuickJS (pi's sandbox) has and goja lacks, defined before the
// prelude's lockdown freezes them: Object.groupBy, Map.groupBy,
// Promise.withResolvers, atob, btoa, and WeakRef and FinalizationRegistry
// (held strongly: goja has no weak references).
(function () {
	"use strict";
	const define = (object, name, value) =>
		Object.defineProperty(object, name, { value, writable: true, enumerable: false, configurable: true });
	const groups = (items, key, add) => {
		let index = 0;
		for (const item of items) add(key(item, index++), item);
	};
	define(Object, "groupBy", function groupBy(items, key) {
		const out = Object.create(null);
		groups(items, key, (k, item) => {
			k = typeof k === "symbol" ? k : String(k);
			(out[k] ??= []).push(item);
		});
		return out;
	});
	define(Map, "groupBy", function groupBy(items, key) {
		const out = new Map();
		groups(items, key, (k, item) => {
			if (!out.has(k)) out.set(k, []);
			out.get(k).push(item);
		});
		return out;
	});
	define(Promise, "withResolvers", function withResolvers() {
		let resolve, reject;
		const promise = new this((res, rej) => {
			resolve = res;
			reject = rej;
		});
		return { promise, resolve, reject };
	});
	const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const invalid = (message) => {
		const error = new Error(message);
		error.name = "InvalidCharacterError";
		return error;
	};
	define(globalThis, "btoa", function btoa(data) {
		const s = String(data);
		let out = "";
		for (let i = 0; i < s.length; i += 3) {
			const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
			if (a > 255 || b > 255 || c > 255) throw invalid("Invalid character");
			const n = (a << 16) | ((b || 0) << 8) | (c || 0);
			out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + (i + 1 < s.length ? ALPHABET[(n >> 6) & 63] : "=") + (i + 2 < s.length ? ALPHABET[n & 63] : "=");
		}
		return out;
	});
	define(globalThis, "atob", function atob(data) {
		let s = String(data).replace(/[\t\n\f\r ]/g, "");
		if (s.length % 4 === 0) s = s.replace(/==?$/, "");
		if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw invalid("The string to be decoded is not correctly encoded.");
		let out = "", bits = 0, value = 0;
		for (const char of s) {
			value = (value << 6) | ALPHABET.indexOf(char);
			bits += 6;
			if (bits >= 8) {
				bits -= 8;
				out += String.fromCharCode((value >> bits) & 255);
			}
		}
		return out;
	});
	if (typeof WeakRef !== "function") {
		define(globalThis, "WeakRef", class WeakRef {
			#target;
			constructor(target) {
				this.#target = target;
			}
			deref() {
				return this.#target;
			}
		});
	}
	if (typeof FinalizationRegistry !== "function") {
		define(globalThis, "FinalizationRegistry", class FinalizationRegistry {
			register() {}
			unregister() {
				return false;
			}
		});
	}
})();
