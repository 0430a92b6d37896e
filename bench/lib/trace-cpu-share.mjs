// How much of a traced load's long main-thread tasks was the page's own CPU work.
//
// Lighthouse's simulation (Lantern) takes each main-thread task of its unthrottled trace by its
// wall time and slows it by the CPU multiplier. On this 2-core Linux host a task's wall time
// also holds the time the renderer's main thread waited: for the CPU, which Chromium's other
// processes and threads share there, and on synchronous asks of the browser process (on Linux
// each new font strike is one, 3-10 ms apiece in a cold browser). A phone's renderer reads its
// fonts itself. The trace's thread time (`tdur`) counts only what the thread ran, so the two
// sums together say how much of a blocking figure the page's code made (docs/performance.md,
// "Lighthouse on this host").

/** Lantern keeps the tasks of 10 ms or more of its trace. */
const LONG_TASK_US = 10_000;
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The page's main thread (the one that painted first) in `traceEvents`: its outermost tasks of
 * 10 ms or more, their wall time and their thread time, in ms; and `threadBlocking`, a total
 * blocking time made from thread time alone: each task after the first paint, its thread time
 * slowed by `multiplier`, counted for its time past 50 ms. The host's waits are not in it, so
 * two builds compare on a noisy host where Lighthouse's blocking time, made from wall time,
 * cannot tell them apart (bench/HISTORY.md, 2026-12-07).
 */
export function longTaskCpuShare(traceEvents, multiplier = 1) {
  const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const tasks = traceEvents
    .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && TASKS.has(e.name) && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  let wall = 0;
  let cpu = 0;
  let count = 0;
  let coveredTo = -Infinity;
  let threadBlocking = 0;
  for (const t of tasks) {
    // A task run inside another (a nested run loop) is part of the outer one's time.
    if (t.ts < coveredTo) continue;
    coveredTo = t.ts + t.dur;
    if (t.ts >= fcp.ts) threadBlocking += Math.max(0, ((t.tdur ?? t.dur) / 1000) * multiplier - 50);
    if (t.dur < LONG_TASK_US) continue;
    count += 1;
    wall += t.dur / 1000;
    cpu += (t.tdur ?? t.dur) / 1000;
  }
  return { count, wall: Math.round(wall), cpu: Math.round(cpu), share: wall > 0 ? cpu / wall : 1, threadBlocking: Math.round(threadBlocking) };
}
