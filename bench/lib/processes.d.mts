/** utime + stime of a process in seconds (/proc/<pid>/stat), or null when it is gone. */
export function cpuSeconds(pid: number): number | null;
/** The ffmpeg children of a process. */
export function ffmpegChildren(pid: number): number[];
