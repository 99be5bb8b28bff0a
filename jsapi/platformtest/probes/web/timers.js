// The order timers and immediates run in: by due time (counted from when
// the loop last read the clock), then in the order they were set; delays
// below 1 ms are 1 ms; nested timers and immediates; clearing and
// refresh.
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

export default async function () {
  const out = {};
  {
    const seq = [];
    await new Promise((done) => {
      // Spaced so that setting them (slow under -race) cannot reorder
      // their due times.
      setTimeout(() => seq.push("a20"), 20);
      setTimeout(() => seq.push("b20"), 20);
      setTimeout(() => seq.push("c10"), 10);
      setTimeout(() => seq.push("x1"), 1);
      setTimeout(() => seq.push("y0"), 0);
      setTimeout(() => seq.push("zNeg"), -5);
      setTimeout(() => seq.push("nan"), NaN);
      setTimeout(() => seq.push("str2"), "2");
      setTimeout(() => { seq.push("d40"); done(); }, 40);
    });
    out.byDelay = seq;
  }
  {
    const same = [];
    await new Promise((done) => {
      for (let i = 0; i < 200; i++) setTimeout(() => same.push(i), 2);
      setTimeout(done, 3);
    });
    out.sameDelayInOrder = same.length === 200 && same.every((v, i) => v === i);
  }
  {
    // All overdue after a busy block: they run by due time.
    const rev = [];
    await new Promise((done) => {
      for (let i = 0; i < 10; i++) setTimeout(() => rev.push(i), 5 * (10 - i));
      const end = Date.now() + 70;
      while (Date.now() < end) {}
      setTimeout(done, 1);
    });
    out.overdueByDueTime = rev.join(",");
  }
  {
    const imm = [];
    await new Promise((done) => {
      for (let i = 0; i < 5; i++) setImmediate((n) => imm.push(n), i);
      setImmediate(() => {
        imm.push("outer");
        setImmediate(() => { imm.push("inner"); done(); });
        Promise.resolve().then(() => imm.push("microtask"));
      });
      const c = setImmediate(() => imm.push("cleared"));
      clearImmediate(c);
    });
    out.immediates = imm;
  }
  {
    // Waits for events, not for a time: on a loaded machine 30 ms may
    // not hold three 3 ms ticks. A cleared timer that still fired would
    // be in the log once t (due after it) has run.
    const log = [];
    let tRan, ivCleared;
    const ran = Promise.all([new Promise((r) => (tRan = r)), new Promise((r) => (ivCleared = r))]);
    const t = setTimeout(() => { log.push("t"); tRan(); }, 5);
    const u = setTimeout(() => log.push("u"), 2);
    clearTimeout(u);
    const iv = setInterval(() => {
      log.push("iv");
      if (log.filter((x) => x === "iv").length === 3) { clearInterval(iv); ivCleared(); }
    }, 3);
    await ran;
    await wait(10); // an interval that was not cleared ticks again
    out.clearAndInterval = [log.includes("t"), log.includes("u"), log.filter((x) => x === "iv").length, typeof t.refresh, typeof setImmediate(() => {}).refresh];
  }
  {
    const nested = [];
    await new Promise((done) => {
      setTimeout(() => {
        nested.push("outer");
        setTimeout(() => nested.push("inner1"), 1);
        setImmediate(() => nested.push("imm"));
        Promise.resolve().then(() => nested.push("micro"));
        setTimeout(() => { nested.push("inner2"); done(); }, 2);
      }, 1);
    });
    out.nested = nested;
  }
  return out;
}
