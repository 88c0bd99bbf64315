import { loadConfig } from '../config.js';
import { openDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';

// `npm run migrate`: applies pending migrations to the configured (or embedded) database.
const config = loadConfig();
const { db, embedded } = await openDatabase(config, console.log);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
} finally {
  await db.destroy();
  await embedded?.stop();
}
