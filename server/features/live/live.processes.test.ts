import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ffmpegChildren } from '../../../bench/lib/processes.mjs';
import type { CompiledServer } from '../../test/compiled-server';
import { putSettings } from '../../test/station-requests';
import { useTwoProcesses } from '../../test/two-processes';
import { PG_URL } from '../../test/test-app';
import { until } from '../../test/until';

// Two server processes as `npm start` runs them, on one PostgreSQL database (docs/live-relay.md).
describe.skipIf(!PG_URL)('live relay: two server processes on one PostgreSQL [postgres]', () => {
  const pair = useTwoProcesses('live');

  it('run one relay between them; killing its process moves it to the other within 30 s; SIGTERM stops ffmpeg', async () => {
    const { servers, db } = pair();
    const [a, b] = servers as [CompiledServer, CompiledServer];
    // Each process's own demo stream is the source (a path: fetched from the process itself).
    const { put } = await putSettings(a.url, { streamUrl: '/demo/stream', radioHtmlEmbed: '<p>on air</p>', liveRelay: true });
    expect(put.status).toBe(200);

    const holderPid = async () => {
      const row = (await db('live_leases').where({ tenant: 'watzhott' }).andWhere('expires_ms', '>', Date.now()).first('holder')) as { holder: string } | undefined;
      return row ? Number(row.holder.split(':')[1]) : null;
    };
    const first = await until('a lease holder', holderPid, 20_000);
    const [holder, other] = first === a.child.pid ? [a, b] : [b, a];
    expect(holder.child.pid).toBe(first);
    // Segments published by the holder are served by the other process too.
    const segmentsAt = async (server: CompiledServer) => {
      const res = await fetch(`${server.url}/live/low.m3u8`);
      return res.ok ? (await res.text()).split('\n').filter((l) => l.endsWith('.ts')) : [];
    };
    const before = await until('segments, served by the other process', async () => {
      const names = await segmentsAt(other);
      return names.length >= 2 && names;
    }, 30_000);
    expect(ffmpegChildren(holder.child.pid!)).toHaveLength(1);
    expect(ffmpegChildren(other.child.pid!)).toHaveLength(0);
    // Several passes of both supervisors later, still one relay.
    await sleep(6_000);
    expect(await holderPid()).toBe(holder.child.pid);
    expect(ffmpegChildren(other.child.pid!)).toHaveLength(0);

    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    await holder.exited;
    await until('the other process to take the relay', async () => (await holderPid()) === other.child.pid, 30_000);
    const takeover = Date.now() - killedAt;
    expect(takeover).toBeLessThanOrEqual(30_000);
    const after = await until('new segments after the take-over', async () => {
      const res = await fetch(`${other.url}/live/low.m3u8`);
      const text = await res.text();
      const names = text.split('\n').filter((l) => l.endsWith('.ts'));
      return names.length > before.length + 1 && text.includes('#EXT-X-DISCONTINUITY\n') && names;
    }, 30_000);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(ffmpegChildren(other.child.pid!)).toHaveLength(1);

    // SIGTERM: the process ends its ffmpeg and gives the lease up before it exits.
    const ffmpegPid = ffmpegChildren(other.child.pid!)[0]!;
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
    expect(fs.existsSync(`/proc/${ffmpegPid}`) && !fs.readFileSync(`/proc/${ffmpegPid}/stat`, 'utf8').includes(') Z')).toBe(false);
    expect(await db('live_leases').where({ tenant: 'watzhott' }).first()).toBeUndefined();
    console.info(`live relay take-over after kill -9: ${takeover} ms`);
  }, 150_000);
});
