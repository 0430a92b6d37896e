import { randomUUID } from 'node:crypto';
import os from 'node:os';

/**
 * The loop every process runs for the work that exactly one process (or one process per row)
 * must do: the live relay (docs/live-relay.md), the station recorder (docs/recorder.md) and the
 * show reminders (docs/api.md "Reminders by Web Push"), all started in server/background.ts.
 * Once started, a pass runs now and then every `everyMs`; passes never overlap (a tick while one runs waits for that one). Each pass takes or
 * renews its leases in the database (server/db/leases.ts, or a row's own lease column); a
 * process that dies stops renewing, and another takes the work over once its lease lapses.
 */
export interface LeasedLoopOptions {
  /** How often a pass runs: the heartbeat that renews this process's leases. */
  everyMs: number;
  /** How long a lease lives without a renewal; another process may take it over after. */
  leaseMs: number;
  /** One pass. What it throws is handed to onError; the loop goes on. */
  pass: () => Promise<void>;
  onError: (err: unknown) => void;
}

/** What a leased worker that pulls the station's stream through ffmpeg (the live relay, the recorder) may be given; each has a default. */
export interface StreamWorkerOptions {
  /** This server's own address: a streamUrl that is a path (the demo's /demo/stream) is fetched from it. */
  selfUrl?: string;
  /** This process's name on its leases (processHolder() by default). */
  holder?: string;
  ffmpegPath?: string;
  now?: () => number;
  log?: (line: string) => void;
}

/** The clock and the log a running piece of such a worker was handed. */
export type WorkerClock = Required<Pick<StreamWorkerOptions, 'now' | 'log'>>;

export interface LeasedLoop {
  /** This process's name on its leases. */
  readonly holder: string;
  /** Stop was asked: a pass in progress should start nothing new. */
  readonly stopped: boolean;
  /** A pass now, then one every everyMs until stop(). */
  start(): void;
  /** A pass now, or the one in progress; none once stopped (tests call it without start()). */
  tick(): Promise<void>;
  /**
   * A lease last renewed at `renewedAt` may have lapsed by `at` (one more missed heartbeat and
   * another process may hold it): what it guards must stop, since two must never run at once.
   */
  mayHaveLapsed(renewedAt: number, at: number): boolean;
  /** No more passes; waits for the one in progress. */
  stop(): Promise<void>;
}

/** This process's name on lease rows: host, pid and a random part, within the columns' 64 characters. */
export function processHolder(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export function leasedLoop(options: LeasedLoopOptions & { holder?: string }): LeasedLoop {
  const { everyMs, leaseMs, pass, onError } = options;
  const holder = options.holder ?? processHolder();
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= pass()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    holder,
    get stopped() {
      return stopped;
    },
    start() {
      if (stopped || timer) return;
      timer = setInterval(() => void tick(), everyMs);
      timer.unref();
      void tick();
    },
    tick,
    mayHaveLapsed: (renewedAt, at) => at - renewedAt > leaseMs - everyMs,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
