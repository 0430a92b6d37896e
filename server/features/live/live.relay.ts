import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LIVE_LADDER, LIVE_SEGMENT_SECONDS } from '../../../domain/live';
import type { Tenant } from '../../../domain/tenants';
import { guardedFetchFollowing, type OutboundRules } from '../../http/outbound-guard';
import type { WorkerClock } from '../../jobs/leased-loop';
import { AUDIO_DEMUXERS, inputGuard } from '../../media/ffmpeg';
import { ReconnectBackoff, wakeableSleep } from '../../media/reconnect-backoff';
import type { LiveRepository, LiveSegment } from './live.repository';
import type { LiveStorage } from './live.storage';

/** A source that sends nothing for this long is dropped and reconnected. */
export const SOURCE_IDLE_MS = 15_000;
/** Reconnecting after a drop waits this long at first, doubling up to RECONNECT_MAX_MS. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** How often ffmpeg's own playlists are read for finished segments. */
const PUBLISH_EVERY_MS = 500;

export interface RelayOptions extends WorkerClock {
  tenant: Tenant;
  streamUrl: string;
  repo: LiveRepository;
  storage: LiveStorage;
  outbound: OutboundRules;
  ffmpegPath: string;
  /** Where ffmpeg writes before a segment is published; the system's temporary folder by default. */
  workRoot?: string;
}

/**
 * The ffmpeg arguments: the source on stdin, read only as audio from the pipe (a playlist or
 * list the station sends opens nothing, server/media/ffmpeg.ts), one HLS output per rung.
 */
export function ffmpegArgs(dir: string): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', ...inputGuard(['pipe'], AUDIO_DEMUXERS), '-i', 'pipe:0'];
  for (const r of LIVE_LADDER) {
    args.push(
      '-map', '0:a:0', '-vn', '-map_metadata', '-1',
      // The fast coder: about half the CPU of the default (twoloop) for this relay's
      // three encodes, the difference hardly heard at these rates (docs/live-relay.md).
      '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', `${r.kbps}k`, '-ac', String(r.channels), '-ar', String(r.sampleRate),
      '-f', 'hls', '-hls_time', String(LIVE_SEGMENT_SECONDS), '-hls_list_size', '10',
      '-hls_segment_filename', path.join(dir, `${r.name}-%d.ts`), path.join(dir, `${r.name}.m3u8`),
    );
  }
  return args;
}

/** ffmpeg's own playlist: finished segments, in order, with their file's index and duration. */
export function parseFfmpegPlaylist(text: string): { index: number; file: string; duration: number }[] {
  const out: { index: number; file: string; duration: number }[] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && duration !== null) {
      const m = /-(\d+)\.ts$/.exec(line);
      if (m && Number.isFinite(duration)) out.push({ index: Number(m[1]), file: path.basename(line), duration });
      duration = null;
    }
  }
  return out;
}

/**
 * One tenant's relay (docs/live-relay.md): pulls streamUrl through the outbound guard into
 * ffmpeg, which encodes the ladder; each finished segment is put on the live storage and its
 * row written, so every process serves it. A source that drops or stalls is reconnected with
 * backoff, and the new run starts a new discontinuity (its date-time jumps over the gap).
 */
export class TenantRelay {
  private stopped = false;
  private abort: AbortController | null = null;
  private child: ChildProcess | null = null;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Runs that produced at least one segment (for tests and the bench). */
  runs = 0;
  /** The ffmpeg process now running, if any (the bench reads its CPU time). */
  get ffmpegPid(): number | undefined {
    return this.child?.pid;
  }

  constructor(private readonly o: RelayOptions) {}

  get streamUrl(): string {
    return this.o.streamUrl;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort?.abort();
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const backoff = new ReconnectBackoff(RECONNECT_MIN_MS, RECONNECT_MAX_MS);
    while (!this.stopped) {
      const began = this.o.now();
      try {
        await this.runOnce();
      } catch (err) {
        if (!this.stopped) this.o.log(`live relay (${this.o.tenant}): ${(err as Error)?.message ?? String(err)}`);
      }
      if (this.stopped) break;
      const sleep = wakeableSleep(backoff.after(began, this.o.now()));
      this.wake = sleep.wake;
      await sleep.done;
      this.wake = null;
    }
  }

  private async runOnce(): Promise<void> {
    const { tenant, repo, storage } = this.o;
    const abort = new AbortController();
    this.abort = abort;
    const connectTimer = setTimeout(() => abort.abort(new Error('the source did not answer within 10 s')), 10_000);
    let res: Response;
    try {
      // Redirects are followed by hand, each hop through the guard (a stream often moves to https or a relay).
      res = await guardedFetchFollowing(this.o.streamUrl, { headers: { 'Icy-MetaData': '0', 'User-Agent': 'radio-live-relay' }, signal: abort.signal }, this.o.outbound);
    } finally {
      clearTimeout(connectTimer);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new Error(`the source answered ${res.status}`);
    }
    if (this.stopped) {
      abort.abort();
      return;
    }

    const runId = randomBytes(4).toString('hex');
    const last = await repo.lastSegments(tenant).catch(async (err: unknown) => {
      abort.abort();
      throw err;
    });
    const dir = await fsp.mkdtemp(path.join(this.o.workRoot ?? os.tmpdir(), `live-${tenant}-`));
    const disc = last.length > 0 ? Math.max(...last.map((s) => s.disc)) + 1 : 0;
    const state = new Map(
      LIVE_LADDER.map((r) => {
        const previous = last.find((s) => s.rendition === r.name);
        return [r.name, { nextSeq: previous ? previous.seq + 1 : 0, nextIndex: 0, elapsed: 0 }];
      }),
    );
    let startedMs: number | null = null;
    let publishedAny = false;

    const child = spawn(this.o.ffmpegPath, ffmpegArgs(dir), { stdio: ['pipe', 'ignore', 'pipe'] });
    this.child = child;
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    child.stdin!.on('error', () => undefined); // ffmpeg gone: its exit says why

    // The source into ffmpeg; a source silent for SOURCE_IDLE_MS is dropped.
    const source = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
    let lastData = this.o.now();
    source.on('data', () => {
      lastData = this.o.now();
      startedMs ??= lastData;
    });
    source.on('error', () => child.stdin!.end());
    source.on('end', () => child.stdin!.end());
    source.pipe(child.stdin!);
    const idle = setInterval(() => {
      if (this.o.now() - lastData > SOURCE_IDLE_MS) abort.abort(new Error('the source sent nothing for 15 s'));
    }, 1_000);
    abort.signal.addEventListener('abort', () => {
      source.destroy();
      child.stdin!.end();
      // ffmpeg flushes its last segment on end of input; one that does not stop is killed.
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
    });

    const publish = async () => {
      for (const r of LIVE_LADDER) {
        const s = state.get(r.name)!;
        const text = await fsp.readFile(path.join(dir, `${r.name}.m3u8`), 'utf8').catch(() => '');
        for (const entry of parseFfmpegPlaylist(text)) {
          if (entry.index < s.nextIndex) continue;
          const file = path.join(dir, entry.file);
          const bytes = await fsp.readFile(file).catch(() => null);
          s.nextIndex = entry.index + 1;
          if (!bytes) continue;
          const segment: LiveSegment = {
            rendition: r.name,
            seq: s.nextSeq,
            disc,
            name: `${r.name}-${runId}-${s.nextSeq}.ts`,
            duration: entry.duration,
            startedMs: (startedMs ?? this.o.now()) + Math.round(s.elapsed * 1000),
            bytes: bytes.length,
          };
          await storage.put(tenant, segment.name, bytes);
          await repo.addSegment(tenant, segment);
          s.nextSeq += 1;
          s.elapsed += entry.duration;
          if (!publishedAny) this.runs += 1;
          publishedAny = true;
          await fsp.rm(file, { force: true });
        }
      }
    };

    let done = false;
    void exited.then(() => {
      done = true;
    });
    try {
      while (!done) {
        await new Promise((resolve) => setTimeout(resolve, PUBLISH_EVERY_MS));
        await publish();
      }
      // What ffmpeg finished while stopping is published too: the last seconds before a drop.
      await publish();
      const code = await exited;
      if (!this.stopped && !abort.signal.aborted) throw new Error(`the source ended${code ? ` (ffmpeg exited ${code}: ${stderr.trim().split('\n').pop()})` : ''}`);
      if (abort.signal.aborted && !this.stopped) throw abort.signal.reason instanceof Error ? abort.signal.reason : new Error('the source dropped');
    } finally {
      clearInterval(idle);
      abort.abort();
      child.kill('SIGKILL');
      this.child = null;
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }
}
