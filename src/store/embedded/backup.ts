/**
 * A copy of the embedded store's SQLite file (DATA_FILE) taken while the bot runs, through SQLite's online backup
 * API (better-sqlite3's `db.backup`): a consistent snapshot of every committed transaction, including those still in
 * the `-wal` file, which a plain copy of DATA_FILE would miss. The bot keeps writing meanwhile (WAL: a reader blocks
 * no writer). The copy is one self-contained file (rollback journal, no `-wal`), checked before it is reported.
 * Restoring it: docs/operations.md#backup-and-restore.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/** What a finished backup holds. */
export interface BackupResult {
  /** The file written. */
  file: string;
  /** Its size in database pages. */
  pages: number;
}

/**
 * The default backup file of `dataFile` taken at `at`: `backups/stammtisch-<UTC time>.sqlite` in DATA_FILE's folder,
 * e.g. `data/backups/stammtisch-2025-03-07T20-15-00Z.sqlite` (no `:`, so the name is valid everywhere).
 */
export function defaultBackupFile(dataFile: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return join(dirname(dataFile), 'backups', `stammtisch-${stamp}.sqlite`);
}

/**
 * Back up the embedded store at `dataFile` into `target` (creating its folder), all pages in one step so writes by
 * the running bot never restart it. Throws when `dataFile` does not exist (nothing is created there), when `target`
 * already exists (a backup never overwrites a file, least of all the live store), or when the copy fails SQLite's
 * `quick_check`.
 */
export async function backupDataFile(dataFile: string, target: string): Promise<BackupResult> {
  if (!existsSync(dataFile)) throw new Error(`no embedded store at ${dataFile} (DATA_FILE)`);
  if (existsSync(target)) throw new Error(`${target} already exists; name a new file`);
  mkdirSync(dirname(target), { recursive: true });
  const source = new Database(dataFile, { fileMustExist: true });
  try {
    // better-sqlite3 takes no -1 (SQLite's "every remaining page"); its largest rate is the same for any real file.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy at ${target} failed SQLite's quick_check: ${String(check)}`);
    return { file: target, pages: copy.pragma('page_count', { simple: true }) as number };
  } finally {
    copy.close();
  }
}
