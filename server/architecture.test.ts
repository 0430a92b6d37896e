import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps the server's tables behind repositories: Knex (an import of it, or a
 * query built with db(…), knex(…), trx(…), .raw(…) or .transaction(…)) appears only in
 * *.repository.ts files, server/db/ (the one Knex instance, migrations, seeds, backups) and
 * tests. Everything else asks a repository, so a reader finds every query of a table in one
 * file. docs/architecture.md: "Knex appears only in *.repository.ts, db/ and migrations".
 */
const SERVER = import.meta.dirname;
const KNEX_USE = /from 'knex'|import\('knex'\)|\b(?:db|knex|trx)\s*(?:<[^>]*>)?\(|\.raw\(|\.transaction\(|\bdeps\.db\s*(?:<[^>]*>)?\(/;

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const allowed = (file: string) => {
  const rel = path.relative(SERVER, file).split(path.sep).join('/');
  return rel.endsWith('.repository.ts') || rel.startsWith('db/') || rel.startsWith('test/') || rel.endsWith('.test.ts');
};

/** Lines that use Knex outside the allowed places, as 'file:line: text'. */
export function knexOutsideRepositories(files: readonly string[], read = (f: string) => fs.readFileSync(f, 'utf8')): string[] {
  return files
    .filter((f) => !allowed(f))
    .flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, i) => ({ line, i }))
        // Comments may name the rule; only code counts.
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && KNEX_USE.test(line))
        .map(({ line, i }) => `${path.relative(SERVER, file)}:${i + 1}: ${line.trim()}`),
    );
}

/**
 * The app's rooms (issue 42): app/features/<noun>/ holds a noun's API module (api.ts), its
 * public screens and its admin screens (admin/); app/components/ is the UI kit and app/lib/ the
 * infrastructure, and neither imports a feature. A feature reaches another only through its
 * api.ts (keys, queries, mutations: the noun's face to the server) or through one of the few
 * widgets named here, which one page mounts inside another; anything else stays private to its
 * folder. Routes, the shell (app/*.tsx) and tests may import what they need.
 */
const APP = path.join(SERVER, '..', 'app');
export const SHARED_WIDGETS = new Set([
  'features/ads/ad-slot', // the ad slot on the radio, schedule and artists pages
  'features/episodes/listen-again-section', // the radio page's latest episodes
  'features/events/schedule-events', // the schedule's coming events
  'features/shoutouts/shoutout-form', // the radio page's shoutout form
  'features/chat/chat-room', // the live chat on the radio and Watch pages
  'features/chat/admin/chat-review', // the chat tab of moderation
  'features/requests/on-air-request', // the requested song on air, on the radio page
  'features/requests/request-song-button', // 'Request a song' on the radio page
]);
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"?]+)/gm;

function appFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return appFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.test-helper\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Imports that cross the app's rooms against the rules above, as 'file: specifier'. */
export function appImportsAcrossRooms(files: readonly string[], read = (f: string) => fs.readFileSync(f, 'utf8')): string[] {
  return files.flatMap((file) => {
    const from = path.relative(APP, file).split(path.sep).join('/');
    const [room, noun] = from.split('/');
    return [...read(file).matchAll(IMPORT)]
      .map((m) => ({ spec: m[1]!, to: path.relative(APP, path.resolve(path.dirname(file), m[1]!)).split(path.sep).join('/').replace(/\.tsx?$/, '') }))
      .filter(({ to }) => {
        const [toRoom, toNoun, ...rest] = to.split('/');
        if (room === 'lib' || room === 'components') return toRoom === 'features' || toRoom === 'routes';
        if (room !== 'features' || toRoom !== 'features' || toNoun === noun) return false;
        return !(rest.length === 1 && rest[0] === 'api') && !SHARED_WIDGETS.has(to);
      })
      .map(({ spec }) => `${from}: ${spec}`);
  });
}

describe('architecture', () => {
  it("keeps the app's features apart, and the UI kit and infrastructure below them", () => {
    expect(appImportsAcrossRooms(appFiles(APP))).toEqual([]);
  });

  it('would catch a feature reaching into another, or the UI kit reaching into a feature', () => {
    const sources: Record<string, string> = {
      [path.join(APP, 'features/radio/radio-page.tsx')]:
        "import { useSettings } from '../settings/api';\nimport { AdSlot } from '../ads/ad-slot';\nimport { AdForm } from '../ads/admin/ad-form';\nconst F = lazy(() => import('../events/event-card'));",
      [path.join(APP, 'features/ads/admin/ads-page.tsx')]: "import { adKeys } from '../api';\nimport { settingsQuery } from '../../settings/api';",
      [path.join(APP, 'components/layout.tsx')]: "import { useSettings } from '../features/settings/api';\nimport { Flag } from './flag';",
      [path.join(APP, 'lib/tenant.ts')]: "import { x } from '../routes/index';",
    };
    expect(appImportsAcrossRooms(Object.keys(sources), (f) => sources[f]!)).toEqual([
      'features/radio/radio-page.tsx: ../ads/admin/ad-form',
      'features/radio/radio-page.tsx: ../events/event-card',
      'components/layout.tsx: ../features/settings/api',
      'lib/tenant.ts: ../routes/index',
    ]);
  });


  it('uses Knex only in repositories, server/db/ and tests', () => {
    expect(knexOutsideRepositories(serverFiles(SERVER))).toEqual([]);
  });

  it('would catch a query built outside a repository', () => {
    const sources: Record<string, string> = {
      [path.join(SERVER, 'http/example.ts')]: "import type { Knex } from 'knex';\nconst rows = await deps.db('prayers').where({ id });",
      [path.join(SERVER, 'features/x/x.router.ts')]: "await db.raw('select 1');\n// db('comments') are fine\nawait trx('a').insert({});",
      [path.join(SERVER, 'features/x/x.repository.ts')]: "await db('x').where({});",
    };
    expect(knexOutsideRepositories(Object.keys(sources), (f) => sources[f]!)).toEqual([
      "http/example.ts:1: import type { Knex } from 'knex';",
      "http/example.ts:2: const rows = await deps.db('prayers').where({ id });",
      "features/x/x.router.ts:1: await db.raw('select 1');",
      "features/x/x.router.ts:3: await trx('a').insert({});",
    ]);
  });
});
