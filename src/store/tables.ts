/**
 * The table repositories (implement src/tables/types.ts `TableStore`): a channel's table at `table:{<channelId>}`
 * (src/store/keys.ts) through Keyv, checked at load (src/store/schema.ts), with the deadline index
 * (src/store/deadlines.ts) kept in step with every write. Finished games go to the record ledger (src/store/records/).
 *
 * A change runs in `withLock`: the table is read once when the lock is taken; `get`, `set` and `delete` of that
 * channel inside it work on that copy; when the work returns, its last write (or delete), the deadline index and
 * the lock's release are applied in ONE step, or nothing is applied when the work throws.
 * - Redis: one Lua script takes the lock and reads the table (and its screens, src/store/screens.ts, for the views
 *   that show the change), one writes the table and its index entry and frees the lock (src/store/redis/scripts.ts):
 *   two commands and two round trips per change. The write happens only
 *   while this owner still holds the lock. (On a Redis Cluster the index lives in another slot: it is written first,
 *   as its own command.)
 * - Embedded: this process's mutex, and one SQLite transaction for the table row and its deadline row.
 *
 * A write that names its change (`set(table, kind)`, `delete(channelId, last)`) is published as a `TableEvent`
 * (src/tables/events.ts, src/store/events.ts) once it is stored: on Redis by the same script that writes it (only
 * when the write happened), on the embedded store after the transaction committed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type Keyv from 'keyv';
import { dueAt } from '../tables/deadlines.ts';
import type { TableChangeKind, TableEvent } from '../tables/events.ts';
import type { TableRecord, TableStore } from '../tables/types.ts';
import type { LocalTableEvents, RedisTableEvents } from './events.ts';
import type { RedisDeadlineIndex, SqliteDeadlineIndex } from './deadlines.ts';
import type { KeyvSqlite } from './embedded/keyv-sqlite.ts';
import { screensKey, TABLE_KEYS, tableKey } from './keys.ts';
import type { Locks } from './lock.ts';
import type { RedisClient } from './redis/client.ts';
import { LOCK_AND_READ, WRITE_AND_UNLOCK } from './redis/scripts.ts';
import { decodeTable, encodeTable } from './schema.ts';
import type { RedisScreens } from './screens.ts';

/** A change in progress under a channel's lock. */
interface Session {
  channelId: string;
  /** The table as the work last left it. */
  current: TableRecord | undefined;
  /** When the table was due when loaded (what the index holds). */
  loadedDue: number | null;
  /** What to write at the end: the table, a delete, or nothing. */
  pending: { kind: 'set'; table: TableRecord } | { kind: 'delete' } | null;
  /** The event of the pending write, when it named its change. */
  event: TableEvent | null;
}

/** What a change writes at its end. */
interface Write {
  /** The serialized table (Keyv's format), null = delete, undefined = leave it. */
  value: string | null | undefined;
  /** The index entry when it changed (null = remove), undefined when unchanged. */
  due: number | null | undefined;
  /** The change to publish once the write is stored (null = none). */
  event: TableEvent | null;
}

/** An early read of a table (`KeyvTableStore.prefetch`): the handle that drops it (`dropPrefetch`). */
export type Prefetch = Promise<unknown>;

/** How long a prefetched table waits for its reader, ms. */
const PREFETCH_MS = 500;

export abstract class KeyvTableStore implements TableStore {
  private readonly sessions = new AsyncLocalStorage<Session>();
  /** Tables read ahead of their reader (`prefetch`), by channel. */
  private readonly prefetched = new Map<string, Promise<TableRecord | undefined>>();

  constructor(protected readonly keyv: Keyv) {}

  /** The session of `channelId`, when the caller is inside its `withLock`. */
  private session(channelId: string): Session | undefined {
    const s = this.sessions.getStore();
    return s?.channelId === channelId ? s : undefined;
  }

  /** A stored value (Keyv's deserialized `value`) as a table; throws `StoredDataError` when it is not one. */
  protected decode(value: unknown): TableRecord | undefined {
    return value === undefined || value === null ? undefined : decodeTable(value);
  }

  /** Keyv's serialized form of a table (what `keyv.set` would store). */
  protected async serialize(table: TableRecord): Promise<string> {
    const serialize = this.keyv.serialize;
    if (!serialize) throw new Error('the table store needs Keyv with a serializer');
    return serialize({ value: encodeTable(table) });
  }

  /** Keyv's stored string back to a table. */
  protected async deserialize(raw: string | null | undefined): Promise<TableRecord | undefined> {
    if (raw === null || raw === undefined) return undefined;
    const deserialize = this.keyv.deserialize;
    if (!deserialize) throw new Error('the table store needs Keyv with a deserializer');
    return this.decode((await deserialize<unknown>(raw))?.value);
  }

  /**
   * Start reading the channel's table now, for the next `get` of it outside a lock (within half a second): an
   * interaction's handler reads the table it acts on first, and this read then travels to Redis with the
   * interaction's claim, in one round trip. A later prefetch replaces it; a change of the table in this process, or
   * `dropPrefetch` with the returned handle (the interaction went to another process, or was handled), drops it.
   */
  prefetch(channelId: string): Prefetch {
    const read = this.readTable(channelId);
    read.catch(() => undefined);
    this.prefetched.set(channelId, read);
    setTimeout(() => {
      if (this.prefetched.get(channelId) === read) this.prefetched.delete(channelId);
    }, PREFETCH_MS).unref();
    return read;
  }

  /**
   * Forget the early read `handle` of the channel's table (its reader will not come), if it is still waiting: a read
   * another interaction started since (a later click in the same channel) stays for its own reader.
   */
  dropPrefetch(channelId: string, handle: Prefetch): void {
    if (this.prefetched.get(channelId) === handle) this.prefetched.delete(channelId);
  }

  private async readTable(channelId: string): Promise<TableRecord | undefined> {
    return this.decode(await this.keyv.get(tableKey(channelId)));
  }

  async get(channelId: string): Promise<TableRecord | undefined> {
    const s = this.session(channelId);
    if (s) return s.current && structuredClone(s.current);
    const early = this.prefetched.get(channelId);
    if (early) {
      this.prefetched.delete(channelId);
      const table = await early.catch(() => null);
      if (table !== null) return table;
    }
    return this.readTable(channelId);
  }

  async set(record: TableRecord, kind?: TableChangeKind): Promise<void> {
    const s = this.session(record.channelId);
    if (!s) return this.withLock(record.channelId, () => this.set(record, kind));
    s.current = structuredClone(record);
    s.pending = { kind: 'set', table: s.current };
    s.event = kind ? { channelId: record.channelId, tableId: record.id, version: record.version, kind } : null;
  }

  async delete(channelId: string, last?: Omit<TableEvent, 'channelId'>): Promise<void> {
    const s = this.session(channelId);
    if (!s) return this.withLock(channelId, () => this.delete(channelId, last));
    s.current = undefined;
    s.pending = { kind: 'delete' };
    s.event = last ? { channelId, tableId: last.tableId, version: last.version, kind: last.kind } : null;
  }

  async withLock<T>(channelId: string, fn: () => Promise<T>): Promise<T> {
    if (this.session(channelId)) return fn();
    try {
      return await this.locked(channelId, async (current) => {
        const session: Session = { channelId, current, loadedDue: dueAt(current?.deadline), pending: null, event: null };
        const result = await this.sessions.run(session, fn);
        return { result, write: await this.writeOf(session) };
      });
    } finally {
      this.prefetched.delete(channelId); // read before this change: no longer the table
    }
  }

  /** What the session's end writes. */
  private async writeOf(s: Session): Promise<Write> {
    if (!s.pending) return { value: undefined, due: undefined, event: null };
    const due = s.pending.kind === 'set' ? dueAt(s.pending.table.deadline) : null;
    return {
      value: s.pending.kind === 'set' ? await this.serialize(s.pending.table) : null,
      due: due === s.loadedDue && s.pending.kind === 'set' ? undefined : due,
      event: s.event,
    };
  }

  /**
   * Take the channel's lock with its table read, run `work`, and apply its write with the release (nothing when
   * `work` throws).
   */
  protected abstract locked<T>(channelId: string, work: (table: TableRecord | undefined) => Promise<{ result: T; write: Write }>): Promise<T>;

  /** Every stored table's channel and due time (for `rebuildDeadlines`). */
  abstract dueTimes(): AsyncGenerator<{ channelId: string; at: number | null }>;

  /** How many tables are stored, counting at most `max`. */
  abstract count(max: number): Promise<number>;
}

/** Thrown when a change's write finds its lock taken by another owner (it outlived the lock's lifetime): nothing was written. */
export class LockLostError extends Error {
  constructor(channelId: string) {
    super(`The lock of the table in ${channelId} expired before its change was stored; nothing was written`);
    this.name = 'LockLostError';
  }
}

/** The table store on Redis, shared by every bot process. */
export class RedisTableStore extends KeyvTableStore {
  constructor(
    keyv: Keyv,
    private readonly redis: RedisClient,
    private readonly locks: Locks,
    private readonly index: RedisDeadlineIndex,
    private readonly events: RedisTableEvents,
    /** The tables' screens: read with the table. */
    private readonly screens: RedisScreens,
  ) {
    super(keyv);
  }

  protected locked<T>(channelId: string, work: (table: TableRecord | undefined) => Promise<{ result: T; write: Write }>): Promise<T> {
    const key = tableKey(channelId);
    const screens = screensKey(channelId);
    let write: Write = { value: undefined, due: undefined, event: null };
    return this.locks.hold(
      key,
      {
        attempt: async (lock, token, ttlMs) => {
          const reply = await this.redis.run(LOCK_AND_READ, [lock, key, screens], [token, String(ttlMs)]);
          if (!Array.isArray(reply) || reply[0] !== 1) return null;
          this.screens.snapshot(channelId, reply[2]);
          return { raw: typeof reply[1] === 'string' ? reply[1] : null };
        },
        release: async (lock, token, _got, ok) => {
          const { value, due, event } = ok ? write : { value: undefined, due: undefined, event: null };
          const separateIndex = due !== undefined && this.redis.isCluster;
          if (separateIndex) await this.index.set(channelId, due);
          const indexOp =
            due === undefined || separateIndex ? ['none', '', ''] : due === null ? ['rem', '', channelId] : ['add', String(due), channelId];
          const mode = value === undefined ? ['none', ''] : value === null ? ['del', ''] : ['set', value];
          const keys = indexOp[0] === 'none' ? [lock, key] : [lock, key, this.index.name];
          const publish = event && value !== undefined ? [this.events.channel, this.events.encode(event)] : ['', ''];
          const freed = await this.redis.run(WRITE_AND_UNLOCK, keys, [token, ...mode, ...indexOp, ...publish]);
          if (freed !== 1 && ok && value !== undefined) throw new LockLostError(channelId);
        },
      },
      async ({ raw }) => {
        const done = await work(await this.deserialize(raw));
        write = done.write;
        return done.result;
      },
    );
  }

  async *dueTimes(): AsyncGenerator<{ channelId: string; at: number | null }> {
    for await (const name of this.redis.scan(TABLE_KEYS)) {
      let table: TableRecord | undefined;
      try {
        table = this.decode(await this.keyv.get(name));
      } catch {
        continue; // not a table this version can read: it is reported when its channel is used
      }
      if (table) yield { channelId: table.channelId, at: dueAt(table.deadline) };
    }
  }

  async count(max: number): Promise<number> {
    let n = 0;
    for await (const name of this.redis.scan(TABLE_KEYS, 1000)) if (name && ++n >= max) return max;
    return n;
  }
}

/** The table store of the embedded SQLite file (one process). */
export class EmbeddedTableStore extends KeyvTableStore {
  constructor(
    keyv: Keyv,
    private readonly adapter: KeyvSqlite,
    private readonly locks: Locks,
    private readonly index: SqliteDeadlineIndex,
    private readonly events: LocalTableEvents,
  ) {
    super(keyv);
  }

  protected locked<T>(channelId: string, work: (table: TableRecord | undefined) => Promise<{ result: T; write: Write }>): Promise<T> {
    const key = tableKey(channelId);
    return this.locks.inProcess(key, async () => {
      const { result, write } = await work(await this.deserialize(this.adapter.read(key)));
      if (write.value !== undefined || write.due !== undefined)
        this.adapter.embedded.transaction(() => {
          if (write.value === null) this.adapter.erase(key);
          else if (write.value !== undefined) this.adapter.write(key, write.value);
          if (write.due !== undefined) this.index.write(channelId, write.due);
        });
      if (write.event && write.value !== undefined) await this.events.publish(write.event);
      return result;
    });
  }

  async *dueTimes(): AsyncGenerator<{ channelId: string; at: number | null }> {
    if (!this.keyv.iterator) return;
    for await (const [key, value] of this.keyv.iterator(this.keyv.namespace)) {
      if (typeof key !== 'string' || !key.startsWith('table:')) continue;
      let table: TableRecord | undefined;
      try {
        table = this.decode(value);
      } catch {
        continue;
      }
      if (table) yield { channelId: table.channelId, at: dueAt(table.deadline) };
    }
  }

  async count(max: number): Promise<number> {
    return Math.min(max, this.adapter.count('table:'));
  }
}
