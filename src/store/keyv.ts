/**
 * Keyv set-up: @keyv/redis when REDIS_URL is set, otherwise an embedded file store (keyv-file) that
 * survives a restart, with the finished games' records in a SQLite file beside it. Only the composition root and
 * tests call this.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import KeyvRedis, { createClient, createCluster } from '@keyv/redis';
import Keyv from 'keyv';
import { DurableKeyvFile } from './file.ts';
import { SqliteRecordRows } from './records/sqlite.ts';

/** A ready key-value store and, on Redis, its raw client for locks; on the embedded store, its records file. */
export interface Storage {
  keyv: Keyv;
  /** The Redis adapter, when on Redis (for the cross-process lock). */
  redis: KeyvRedis<unknown> | null;
  /**
   * The embedded store's finished-game records (src/store/records/sqlite.ts, file `recordsFileOf(dataFile)`); absent
   * on Redis, where the record ledger keeps them in Redis.
   */
  records?: SqliteRecordRows;
  /** Human-readable description for the start-up log. */
  describe: string;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** redis://… URL; when absent (and no cluster nodes) the file store is used. */
  redisUrl?: string;
  /** Redis Cluster: redis://… URLs of some of its nodes (the client discovers the rest); takes precedence over `redisUrl`. */
  clusterNodes?: readonly string[];
  /** Path of the embedded store's file (default ./data/stammtisch.json); the records go beside it (`recordsFileOf`). */
  dataFile?: string;
  /** Prefix of every key, e.g. `stammtisch` (tests use their own). */
  namespace: string;
}

/** Reconnect after a lost connection: 50 ms, doubling, at most 1 s between attempts, for as long as it takes. */
const reconnectStrategy = (retries: number): number => Math.min(50 * 2 ** retries, 1000);

/**
 * The client for one Redis server. Commands sent before the first connection wait for it (as usual); once
 * connected, commands sent while the connection is down fail at once instead of waiting in node-redis's offline
 * queue: a click is then refused within Discord's 3 s ("…nothing was changed"), and a move
 * clicked during an outage is never applied later, when nobody waits for it any more. The client reconnects by
 * itself when the server is back.
 */
function singleNode(url: string) {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy } });
  client.once('ready', () => {
    (client.options as { disableOfflineQueue?: boolean }).disableOfflineQueue = true;
  });
  return client;
}

/** The embedded store's records file for its data file: `data/stammtisch.json` → `data/stammtisch.records.sqlite` (a name not ending in .json gets the suffix appended). */
export const recordsFileOf = (dataFile: string): string => `${dataFile.replace(/\.json$/i, '')}.records.sqlite`;

/** Open the store. On Redis, errors are thrown (never swallowed as "no value"). */
export function openStorage(opts: StorageOptions): Storage {
  const cluster = opts.clusterNodes?.length ? createCluster({ rootNodes: opts.clusterNodes.map((url) => ({ url })) }) : null;
  if (cluster || opts.redisUrl) {
    const redisOptions = { throwOnConnectError: true, throwOnErrors: true, connectionTimeout: 2000 };
    const redis = cluster ? new KeyvRedis(cluster, redisOptions) : new KeyvRedis(singleNode(opts.redisUrl as string), redisOptions);
    const keyv = new Keyv({ store: redis, namespace: opts.namespace, useKeyPrefix: false, throwOnErrors: true });
    return {
      keyv,
      redis,
      describe: cluster
        ? `Redis Cluster (seed nodes ${opts.clusterNodes?.map((u) => new URL(u).host).join(', ')})`
        : `Redis at ${new URL(opts.redisUrl as string).host}`,
      close: async () => {
        await redis.disconnect().catch(() => undefined);
      },
    };
  }
  const filename = opts.dataFile ?? 'data/stammtisch.json';
  mkdirSync(dirname(filename), { recursive: true });
  const file = new DurableKeyvFile({ filename, writeDelay: 0, expiredCheckDelay: 24 * 3600 * 1000 });
  const keyv = new Keyv({ store: file, namespace: opts.namespace });
  const records = new SqliteRecordRows(recordsFileOf(filename));
  return {
    keyv,
    redis: null,
    records,
    describe: `the embedded file store at ${filename}, finished games in ${records.file} (no REDIS_URL set)`,
    close: async () => records.close(),
  };
}
