import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { airingsOnAir, type TimedAiring } from '../../../domain/airings';
import { recordingTitle } from '../../../domain/episodes';
import { TENANTS, type Tenant } from '../../../domain/tenants';
import { DEFAULT_RECORDER } from '../../config';
import type { Db } from '../../db/knex';
import { loadSettings } from '../../db/settings-store';
import { absoluteUrl, guardedFetchFollowing, OutboundRefusedError, type OutboundRules } from '../../http/outbound-guard';
import type { Deps } from '../../http/context';
import type { StreamFormat } from '../../media/ffmpeg';
import { sniffStreamFile } from '../../media/stream-audio';
import { ReconnectBackoff, wakeableSleep } from '../../media/reconnect-backoff';
import { leasedLoop, processHolder, type StreamWorkerOptions, type WorkerClock } from '../../jobs/leased-loop';
import { deleteUploadedFiles } from '../../media/media-files';
import { uploadsRepository } from '../uploads/uploads.repository';
import { createRecordedEpisode } from './episodes.service';
import { JOINED, joinParts } from './recording-join';
import { recordingsRepository, type AiringKey, type RecordedShow } from './recordings.repository';
import { createLogger, lineLog } from '../../ops/logger';

// The station recorder (docs/recorder.md): while a show marked 'Record this show' is on air,
// one process records the tenant's streamUrl into a draft episode of that show.

/** A source that sends nothing for this long is dropped and reconnected. */
export const RECORDER_IDLE_MS = 15_000;
/** The source must answer within this, or the attempt is dropped and tried again. */
export const RECORDER_CONNECT_MS = 10_000;
/** Reconnecting after a drop waits this long at first, doubling up to the maximum (and never past the show's end). */
export const RECORDER_RECONNECT_MIN_MS = 1_000;
export const RECORDER_RECONNECT_MAX_MS = 15_000;

export type AiringsNow = (shows: readonly RecordedShow[], nowMs: number, timeZone: string) => TimedAiring<RecordedShow>[];

/** `holder`: this process's name on the airings' claims. */
export interface RecorderOptions extends StreamWorkerOptions {
  deps: Pick<Deps, 'db' | 'config' | 'storage' | 'jobs'>;
  /** Which airings are on air; the shows' schedule in the tenant's zone by default (tests give short ones). */
  airings?: AiringsNow;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  connectMs?: number;
  idleMs?: number;
}

export interface Recorder {
  readonly holder: string;
  /** The airings this process records now ('tenant/show/airing'). */
  active(): string[];
  /** One pass: renew this process's claims, claim the airings on air, start their recordings. */
  tick(): Promise<void>;
  /** Stops looking; each recording in hand ends now and still leaves its draft (SIGTERM). */
  stop(): Promise<void>;
  /** Ends every recording in hand without an episode and stops renewing (a test's stand-in for kill -9). */
  abandon(): Promise<void>;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Started with the server (server/server.ts) in every process: each looks every tick for
 * airings of recorded shows on air now, and the claim row of each airing (docs/recorder.md
 * "Exactly once") lets exactly one of them record it. The holder renews its claim on each tick;
 * one that dies stops renewing, and past RECORDER_LEASE_MS another process takes the airing over
 * and records the rest of it.
 */
export function startRecorder(options: RecorderOptions): Recorder {
  const { db, config } = options.deps;
  const now = options.now ?? Date.now;
  const log = options.log ?? lineLog(createLogger().child({ name: 'recorder' }));
  const { tickMs, leaseMs } = config.recorder ?? DEFAULT_RECORDER;
  const holder = options.holder ?? processHolder();
  const airingsNow = options.airings ?? airingsOnAir;
  const repo = recordingsRepository(db);
  const recordings = new Map<string, AiringRecording>();
  const loop = leasedLoop({ holder, everyMs: tickMs, leaseMs, pass, onError: (err) => log(JSON.stringify({ level: 'warn', recorder: 'pass failed', error: message(err) })) });

  async function renewAll(): Promise<void> {
    for (const [id, recording] of recordings) {
      // It is closing its row itself (done or empty): that is no claim lost.
      if (recording.closing) continue;
      const renewed = await repo.renew(recording.key, holder, now() + leaseMs).catch(() => null);
      if (renewed === true) recording.renewedAt = now();
      // Another process has it (this one was too slow to renew), or the database is gone for
      // longer than the claim lives: two recordings of one airing must never both become episodes.
      else if (renewed === false || loop.mayHaveLapsed(recording.renewedAt, now())) {
        recordings.delete(id);
        log(JSON.stringify({ level: 'warn', recorder: 'claim lost; this process stops recording the airing', airing: id }));
        void recording.abandon();
      }
    }
  }

  async function tickTenant(tenant: Tenant): Promise<void> {
    const shows = await repo.recordedShows(tenant);
    if (shows.length === 0) return;
    const settings = await loadSettings(db, tenant);
    const streamUrl = absoluteUrl(settings.streamUrl, options.selfUrl);
    if (!streamUrl) return;
    for (const airing of airingsNow(shows, now(), settings.timeZone)) {
      const key: AiringKey = { tenant, showId: airing.show.id, airingKey: airing.key };
      const id = `${tenant}/${airing.show.id}/${airing.key}`;
      if (recordings.has(id) || loop.stopped) continue;
      const at = now();
      if (airing.endsAtMs <= at) continue;
      if (!(await repo.claim(key, airing, holder, at, at + leaseMs))) continue;
      const recording = new AiringRecording({
        key,
        id,
        holder,
        streamUrl,
        endsAtMs: airing.endsAtMs,
        title: recordingTitle(airing.show.title, airing.startsAtMs, settings.timeZone),
        outbound: { allowPrivate: config.upstreamAllowPrivate },
        options,
        now,
        log,
      });
      recording.renewedAt = at;
      recordings.set(id, recording);
      void recording.run().finally(() => {
        if (recordings.get(id) === recording) recordings.delete(id);
      });
    }
  }

  async function pass(): Promise<void> {
    await renewAll();
    for (const tenant of TENANTS) {
      try {
        await tickTenant(tenant);
      } catch (err) {
        log(JSON.stringify({ level: 'warn', recorder: 'pass failed', tenant, error: message(err) }));
      }
    }
  }

  loop.start();

  return {
    holder,
    active: () => [...recordings.keys()],
    tick: loop.tick,
    async stop() {
      await loop.stop();
      // What each has recorded becomes its draft, while the database is still open; the claims
      // are still renewed meanwhile (joining and storing a long show takes a while).
      const heartbeat = setInterval(() => void renewAll(), tickMs);
      await Promise.all([...recordings.values()].map((r) => r.finish()));
      clearInterval(heartbeat);
      recordings.clear();
    },
    async abandon() {
      await loop.stop();
      await Promise.all([...recordings.values()].map((r) => r.abandon()));
      recordings.clear();
    },
  };
}

interface AiringRecordingInit extends WorkerClock {
  key: AiringKey;
  id: string;
  holder: string;
  streamUrl: string;
  endsAtMs: number;
  title: string;
  outbound: OutboundRules;
  options: RecorderOptions;
}

/**
 * One airing's recording: the stream's bytes stored as they come, one part per connection, kept
 * if audio; a drop is reconnected with backoff until the show ends; at the end the parts are
 * joined (copying the audio), stored as uploads are, and made a draft episode.
 */
class AiringRecording {
  readonly key: AiringKey;
  renewedAt = 0;
  /** Set as it closes its own claim row (done or empty): renewals stop without calling the claim lost. */
  closing = false;
  private readonly abort = new AbortController();
  private parts = 0; // one per connection, kept once it ended and its bytes were found to be audio (vet)
  private readonly kept: string[] = [];
  /** The first kept part's format (sniffed from its bytes); every later part must be the same. */
  private format: StreamFormat | null = null;
  /** Parts thrown away for not being audio of that format, and why the last one was. */
  private discarded = 0;
  private refused = '';
  private lastError = '';
  private mode: 'finish' | 'abandon' = 'finish';
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private dir = '';

  constructor(private readonly o: AiringRecordingInit) {
    this.key = o.key;
  }

  run(): Promise<void> {
    this.running ??= this.record();
    return this.running;
  }

  /** Ends the recording now; what was recorded becomes the draft. */
  async finish(): Promise<void> {
    this.stopNow('finish');
    await this.running;
  }

  /** Ends the recording now and keeps nothing (the claim is lost). */
  async abandon(): Promise<void> {
    this.stopNow('abandon');
    await this.running;
  }

  private stopNow(mode: 'finish' | 'abandon'): void {
    if (mode === 'abandon') this.mode = 'abandon';
    this.abort.abort(new Error('stopped'));
    this.wake?.();
  }

  private get over(): boolean {
    return this.abort.signal.aborted || this.o.now() >= this.o.endsAtMs;
  }

  private async record(): Promise<void> {
    const { options } = this.o;
    const backoff = new ReconnectBackoff(options.reconnectMinMs ?? RECORDER_RECONNECT_MIN_MS, options.reconnectMaxMs ?? RECORDER_RECONNECT_MAX_MS);
    const endTimer = setTimeout(() => this.abort.abort(new Error('the show ended')), Math.max(0, this.o.endsAtMs - this.o.now()));
    this.dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'recording-'));
    try {
      while (!this.over) {
        const began = this.o.now();
        try {
          await this.recordPart();
        } catch (err) {
          if (err instanceof OutboundRefusedError) {
            // The address is one the server may not reach: asking again will not change that.
            this.lastError = err.message;
            break;
          }
          if (!this.abort.signal.aborted) this.lastError = message(err);
        }
        if (this.over) break;
        // Never waiting past the show's end.
        const sleep = wakeableSleep(Math.min(backoff.after(began, this.o.now()), Math.max(0, this.o.endsAtMs - this.o.now())));
        this.wake = sleep.wake;
        await sleep.done;
        this.wake = null;
      }
      clearTimeout(endTimer);
      if (this.mode === 'abandon') return;
      await this.save();
    } catch (err) {
      this.o.log(JSON.stringify({ level: 'error', recorder: 'recording failed', airing: this.o.id, error: message(err) }));
    } finally {
      clearTimeout(endTimer);
      await fsp.rm(this.dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** One connection to the stream, its bytes into a new part until it drops or the recording ends. */
  private async recordPart(): Promise<void> {
    const { options } = this.o;
    const attempt = new AbortController();
    const onStop = () => attempt.abort(this.abort.signal.reason);
    this.abort.signal.addEventListener('abort', onStop, { once: true });
    const connectTimer = setTimeout(() => attempt.abort(new Error(`the stream did not answer within ${Math.round((options.connectMs ?? RECORDER_CONNECT_MS) / 1000)} s`)), options.connectMs ?? RECORDER_CONNECT_MS);
    try {
      let res: Response;
      try {
        // Redirects are followed by hand, each hop through the guard.
        res = await guardedFetchFollowing(this.o.streamUrl, { headers: { 'Icy-MetaData': '0', 'User-Agent': 'radio-recorder' }, signal: attempt.signal }, this.o.outbound);
      } catch (err) {
        throw attempt.signal.aborted && attempt.signal.reason instanceof Error ? attempt.signal.reason : err;
      } finally {
        clearTimeout(connectTimer);
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => undefined);
        throw new Error(`the stream answered ${res.status}`);
      }
      // Its Content-Type is not believed: the part's own bytes say what it is once it ends (vet).
      const part = path.join(this.dir, `part-${this.parts++}.bin`);
      const source = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
      let lastData = this.o.now();
      source.on('data', () => {
        lastData = this.o.now();
      });
      const idleMs = options.idleMs ?? RECORDER_IDLE_MS;
      const idle = setInterval(() => {
        if (this.o.now() - lastData > idleMs) attempt.abort(new Error(`the stream sent nothing for ${Math.round(idleMs / 1000)} s`));
      }, Math.min(1_000, idleMs));
      attempt.signal.addEventListener('abort', () => source.destroy(), { once: true });
      let failed: unknown = null;
      try {
        await pipeline(source, fs.createWriteStream(part));
      } catch (err) {
        // Ended by the show's end or a stop: what arrived is kept.
        if (!this.abort.signal.aborted) failed = attempt.signal.aborted && attempt.signal.reason instanceof Error ? attempt.signal.reason : err;
      } finally {
        clearInterval(idle);
      }
      await this.vet(part);
      if (failed) throw failed;
      if (!this.abort.signal.aborted) throw new Error('the stream ended');
    } finally {
      this.abort.signal.removeEventListener('abort', onStop);
    }
  }

  /** docs/recorder.md "What is kept": a part whose bytes are not audio of the recording's format is deleted, the first one logged. */
  private async vet(part: string): Promise<void> {
    const size = await fsp.stat(part).then((s) => s.size, () => 0);
    if (size === 0) return;
    const format = await sniffStreamFile(part).catch(() => null);
    if (format && (this.format === null || format === this.format)) {
      this.format = format;
      this.kept.push(part);
      return;
    }
    await fsp.rm(part, { force: true });
    this.discarded += 1;
    this.refused = `the stream sent ${size} bytes of ${format ? `${format} audio, after ${this.format} parts` : 'not MP3, AAC or Ogg audio'}; discarded`;
    if (this.discarded === 1) this.o.log(JSON.stringify({ level: 'warn', recorder: 'part discarded: not audio of the stream format', airing: this.o.id, stream: this.o.streamUrl, error: this.refused }));
  }

  /** The parts joined into one file, stored, and made the airing's draft episode; or, with no sound at all, nothing. */
  private async save(): Promise<void> {
    const { deps } = this.o.options;
    const repo = recordingsRepository(deps.db);
    if (this.kept.length === 0 || !this.format) {
      this.closing = true;
      await repo.close(this.key, this.o.holder, 'empty', null);
      // docs/recorder.md: the one line a show whose stream never answered (or sent no audio) leaves.
      const said = this.discarded > 0 ? 'the stream sent no audio; no episode' : 'the stream never answered; no episode';
      this.o.log(JSON.stringify({ level: 'warn', recorder: said, airing: this.o.id, stream: this.o.streamUrl, error: this.refused || this.lastError || 'no sound', discarded: this.discarded }));
      return;
    }
    const container = JOINED[this.format];
    const joined = path.join(this.dir, `joined.${container.ext}`);
    await joinParts(this.kept, this.format, joined, this.o.options.ffmpegPath);
    const { size } = await fsp.stat(joined);
    const name = `${randomUUID()}.${container.ext}`;
    await deps.storage.put(name, joined, container.mime);
    await uploadsRepository(deps.db).record({ name, purpose: 'episode', bytes: size, clientAddress: 'recorder', resumableId: null, now: this.o.now() });
    const audioUrl = `/uploads/${name}`;
    const episode = await createRecordedEpisode(
      { ...deps, now: this.o.now },
      { tenant: this.key.tenant, showId: this.key.showId, title: this.o.title, audioUrl },
      (trx: Db, episodeId) => {
        this.closing = true;
        return recordingsRepository(trx).close(this.key, this.o.holder, 'done', episodeId);
      },
    ).catch(async (err: unknown) => {
      await deleteUploadedFiles(deps, [audioUrl]).catch(() => undefined);
      throw err;
    });
    if (!episode) {
      // Another process took the airing over meanwhile: its episode is the one.
      await deleteUploadedFiles(deps, [audioUrl]).catch(() => undefined);
      this.o.log(JSON.stringify({ level: 'warn', recorder: 'claim lost before the episode was made; recording dropped', airing: this.o.id }));
      return;
    }
    this.o.log(JSON.stringify({ level: 'info', recorder: 'draft episode recorded', airing: this.o.id, episode: episode.id, seconds: episode.durationSeconds, bytes: episode.bytes, parts: this.kept.length, discarded: this.discarded }));
  }
}
