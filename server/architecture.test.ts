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

describe('architecture', () => {
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
