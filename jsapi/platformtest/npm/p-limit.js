// p-limit: concurrency limits, ordering, activeCount/pendingCount, errors.
import pLimit from "p-limit";

export default async function () {
  const limit = pLimit(2);
  let running = 0,
    peak = 0;
  const order = [];
  const task = (i, ms) =>
    limit(async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      order.push(i);
      running--;
      return i * 10;
    });
  const ps = [task(1, 30), task(2, 10), task(3, 5), task(4, 5)];
  const counts = [limit.activeCount, limit.pendingCount];
  const results = await Promise.all(ps);
  const err = await limit(() => Promise.reject(new Error("boom"))).catch((e) => e.message);
  const mapped = await limit.map([1, 2, 3], async (n) => n + 1);
  return { results, peak, finished: order.length, counts, err, mapped, concurrency: limit.concurrency };
}
