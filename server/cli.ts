import { readConfig } from './config';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrations';
import { backupSqlite, defaultBackupPath } from './db/backup';
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
  } else if (command === 'backup') {
    const file = await backupSqlite(db, process.argv[3] ?? defaultBackupPath());
    console.log(`Backup written to ${file}`);
  } else {
    console.error('usage: cli.js migrate | seed | backup [file]');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
