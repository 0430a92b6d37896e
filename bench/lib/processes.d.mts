/** utime + stime of a process in seconds (/proc/<pid>/stat), or null when it is gone. */
export function cpuSeconds(pid: number): number | null;
/** The ffmpeg children of a process. */
export function ffmpegChildren(pid: number): number[];
/** SIGTERM, then SIGKILL after graceMs; answers once the child has exited. */
export function stopChild(child: import('node:child_process').ChildProcess, graceMs: number): Promise<void>;
/** Calls a bench client process over its IPC channel. */
export function ipcCaller(child: import('node:child_process').ChildProcess, label: string): (cmd: string, args?: object, ms?: number) => Promise<unknown>;
