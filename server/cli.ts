import { readConfig } from './config';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrations';
import { seedDemo } from './db/seeds/demo';

const command = process.argv[2];
const config = readConfig();
const db = createDb(config.databaseUrl);
try {
  await migrateLatest(db);
  if (command === 'migrate') {
    console.log('Migrations are up to date.');
  } else if (command === 'seed') {
    await seedDemo(db, Date.now());
    console.log('Demo content replaced.');
  } else {
    console.error('usage: cli.js migrate | seed');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
