/**
 * `npm run backup [target-file]`: copy the embedded store (DATA_FILE) while the bot runs, through SQLite's online
 * backup (src/store/embedded/backup.ts), to `target-file` or by default to a timestamped file in `backups/` beside
 * DATA_FILE. On Redis there is nothing to copy here: it says so and exits 1. Details: docs/operations.md.
 */
import './env.ts';
import { configOrExit } from './config.ts';
import { backupDataFile, defaultBackupFile } from './store/embedded/backup.ts';

const config = configOrExit();
if (config.REDIS_URL || config.REDIS_CLUSTER_NODES) {
  console.error(
    'The store is Redis (REDIS_URL or REDIS_CLUSTER_NODES is set): back it up with Redis itself (RDB snapshots, BGSAVE). See docs/operations.md.',
  );
  process.exit(1);
}
const target = process.argv[2] ?? defaultBackupFile(config.DATA_FILE, new Date());
try {
  const { file, pages } = await backupDataFile(config.DATA_FILE, target);
  console.log(`Backed up ${config.DATA_FILE} to ${file} (${pages} pages).`);
} catch (err) {
  console.error(`Could not back up: ${(err as Error).message}`);
  process.exit(1);
}
