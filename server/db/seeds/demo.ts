import type { Db } from '../knex';

/** Fills an empty database with demo content; answers whether it did. */
export async function seedDemoIfEmpty(db: Db, now: number): Promise<boolean> {
  const row = await db('artists').count({ n: '*' }).first();
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(db, now);
  return true;
}

export async function seedDemo(_db: Db, _now: number): Promise<void> {
  // Written in the demo-content change.
}
