// Reading a process tree from /proc, for the live relay's bench (its CPU) and its two-process
// test (which process runs the relay's ffmpeg): docs/live-relay.md.
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
