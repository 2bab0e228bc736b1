/**
 * Opening the store: Redis (@keyv/redis) when REDIS_URL or REDIS_CLUSTER_NODES is set, otherwise the embedded
 * SQLite file at DATA_FILE (src/store/embedded/db.ts) that survives a restart. Keyv is the interface of the stored
 * values either way; `Storage` hands out the repositories built on it. Only the composition root and tests call this.
 */
import { fasterFormat } from './keyv-format.ts';
import KeyvRedis from '@keyv/redis';
import Keyv from 'keyv';
import type { DeadlineIndex } from '../tables/types.ts';
import { InteractionClaims } from './claims.ts';
import { RedisDeadlineIndex, SqliteDeadlineIndex } from './deadlines.ts';
import { EmbeddedDb } from './embedded/db.ts';
import { FinishedNoteStore } from './finished.ts';
import { KeyvSqlite } from './embedded/keyv-sqlite.ts';
import { type LockOptions, Locks } from './lock.ts';
import { SqliteRecordRows } from './records/sqlite.ts';
import { RedisClient } from './redis/client.ts';
import { clusterOf, type NodeRedis, singleNode, subscriberFor } from './redis/connect.ts';
import { GuildSettingsStore } from './settings.ts';
import { EmbeddedTableStore, RedisTableStore } from './tables.ts';
import { LocalTableEvents, RedisTableEvents } from './events.ts';
import { RedisScreens, SqliteScreens } from './screens.ts';
import { TABLE_EVENTS } from './keys.ts';
import type { Logger } from '../logger.ts';
import { WeeklyStore } from './weekly.ts';

/** A ready store: Keyv, and the repositories over it. */
export interface Storage {
  keyv: Keyv;
  /** The typed Redis client, when on Redis. */
  redis: RedisClient | null;
  /** The embedded store's SQLite file and its Keyv adapter, when not on Redis. */
  embedded: { db: EmbeddedDb; kv: KeyvSqlite } | null;
  /** The embedded store's finished-game records (in its SQLite file); absent on Redis, where the ledger keeps them in Redis. */
  records?: SqliteRecordRows;
  /** The namespace of every key. */
  namespace: string;
  /** Table change events of this namespace, from every process (src/store/events.ts). */
  events: RedisTableEvents | LocalTableEvents;
  /** The tables' screens: live hands' and boards' interaction tokens (src/store/screens.ts), one per process. */
  screens: RedisScreens | SqliteScreens;
  /** Human-readable description for the start-up log. */
  describe: string;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** redis://… URL; when absent (and no cluster nodes) the embedded store is used. */
  redisUrl?: string;
  /** Redis Cluster: redis://… URLs of some of its nodes (the client discovers the rest); takes precedence over `redisUrl`. */
  clusterNodes?: readonly string[];
  /** Path of the embedded store's SQLite file (default data/stammtisch.sqlite). */
  dataFile?: string;
  /** Prefix of every key, e.g. `stammtisch` (tests use their own). */
  namespace: string;
  /** Where a lost table-events subscription and a failing event listener are logged (default: nowhere). */
  log?: Logger;
  /** The clock (epoch ms) stored screens expire on (default `Date.now`; tests pass a fake one). */
  now?: () => number;
}

/** The default embedded store file. */
export const DEFAULT_DATA_FILE = 'data/stammtisch.sqlite';

/** Open the store. On Redis, errors are thrown (never swallowed as "no value"). */
export function openStorage(opts: StorageOptions): Storage {
  const cluster = opts.clusterNodes?.length ? clusterOf(opts.clusterNodes) : null;
  if (cluster || opts.redisUrl) {
    const node: NodeRedis = cluster ?? singleNode(opts.redisUrl as string);
    const adapter = new KeyvRedis(node, { throwOnConnectError: true, throwOnErrors: true, connectionTimeout: 2000 });
    const keyv = new Keyv({ store: adapter, namespace: opts.namespace, useKeyPrefix: false, throwOnErrors: true });
    fasterFormat(keyv);
    const redis = new RedisClient(adapter, node, opts.namespace);
    const seed = cluster ? opts.clusterNodes?.[0] : undefined;
    const events = new RedisTableEvents(redis, TABLE_EVENTS, () => subscriberFor(node, `${opts.namespace}:events`, seed), opts.log);
    return {
      keyv,
      redis,
      embedded: null,
      namespace: opts.namespace,
      events,
      screens: new RedisScreens(redis, opts.now),
      describe: cluster
        ? `Redis Cluster (seed nodes ${opts.clusterNodes?.map((u) => new URL(u).host).join(', ')})`
        : `Redis at ${new URL(opts.redisUrl as string).host}`,
      close: async () => {
        await events.close();
        await adapter.disconnect().catch(() => undefined);
      },
    };
  }
  const db = new EmbeddedDb(opts.dataFile ?? DEFAULT_DATA_FILE);
  const kv = new KeyvSqlite(db, opts.namespace);
  const keyv = new Keyv({ store: kv, namespace: opts.namespace, useKeyPrefix: false, throwOnErrors: true });
  fasterFormat(keyv);
  return {
    keyv,
    redis: null,
    embedded: { db, kv },
    records: new SqliteRecordRows(db),
    namespace: opts.namespace,
    events: new LocalTableEvents(opts.log),
    screens: new SqliteScreens(db, opts.now),
    describe: `the embedded SQLite store at ${db.file} (no REDIS_URL set)`,
    close: async () => db.close(),
  };
}

/** The table store of `storage` under `locks` (with its deadline index, `deadlineIndex(storage)`). */
export function tableStore(storage: Storage, locks: Locks): RedisTableStore | EmbeddedTableStore {
  const { keyv, redis, embedded, screens } = storage;
  if (redis && storage.events instanceof RedisTableEvents && screens instanceof RedisScreens)
    return new RedisTableStore(keyv, redis, locks, new RedisDeadlineIndex(redis), storage.events, screens);
  if (!embedded || !(storage.events instanceof LocalTableEvents)) throw new Error('a store is either on Redis or embedded');
  return new EmbeddedTableStore(keyv, embedded.kv, locks, new SqliteDeadlineIndex(embedded.db), storage.events);
}

/** The deadline index of `storage` (the one its table store keeps in step). */
export function deadlineIndex(storage: Storage): DeadlineIndex {
  if (storage.redis) return new RedisDeadlineIndex(storage.redis);
  if (!storage.embedded) throw new Error('a store is either on Redis or embedded');
  return new SqliteDeadlineIndex(storage.embedded.db);
}

/** The repositories of a store (each a view of `storage`; open them once per process). */
export interface Repositories {
  locks: Locks;
  tables: RedisTableStore | EmbeddedTableStore;
  deadlines: DeadlineIndex;
  claims: InteractionClaims;
  weekly: WeeklyStore;
  settings: GuildSettingsStore;
  /** The channels' last finished games (a day each). */
  finished: FinishedNoteStore;
}

/** The repositories over `storage`, with `locks` options. */
export function repositories(storage: Storage, lockOptions: LockOptions = {}): Repositories {
  const locks = new Locks(storage.redis, lockOptions);
  const { keyv, redis } = storage;
  const tables = tableStore(storage, locks);
  return {
    locks,
    tables,
    deadlines: deadlineIndex(storage),
    claims: new InteractionClaims(redis),
    weekly: new WeeklyStore(keyv, redis, locks),
    settings: new GuildSettingsStore(keyv),
    finished: new FinishedNoteStore(keyv),
  };
}
