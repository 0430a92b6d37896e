// The benches' child processes: their CPU and tree from /proc (the live relay's bench and its
// two-process test, docs/live-relay.md), stopping them, and calling a client process over IPC
// (the listeners' and the chat's benches).
import fs from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds (/proc/<pid>/stat), or null when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/** The ffmpeg children of a process. */
export function ffmpegChildren(pid) {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after the last ')'.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && comm.includes('ffmpeg')) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** SIGTERM, then SIGKILL after graceMs; answers once the child has exited (at once if it had). */
export async function stopChild(child, graceMs) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Calls a bench client process over its IPC channel: `{id, cmd, args}` out, `{id, result}` or
 * `{id, error}` back; a call not answered within `ms` is refused, naming `label` and the command.
 */
export function ipcCaller(child, label) {
  const pending = new Map();
  let nextId = 1;
  child.on('message', (m) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(new Error(m.error));
    else p.resolve(m.result);
  });
  return (cmd, args = {}, ms = 180_000) => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${label} ${cmd} took over ${ms} ms`));
      }, ms);
      pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      child.send({ id, cmd, args });
    });
  };
}
