/**
 * Table change events (src/tables/events.ts, src/store/events.ts) on the real Redis, each test under key prefixes of
 * its own: two "processes" (two store connections, two `TableService`s) on one prefix — what one commits, the other
 * hears once, in version order, with the right kind; a refused change publishes nothing; another prefix hears
 * nothing; a subscription whose connection is killed reconnects, reports the gap, and the catch-up from the stored
 * table yields what was missed. The embedded store's in-process emitter is checked the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, tableStore } from '../../src/store/keyv.ts';
import { lockKey, tableKey } from '../../src/store/keys.ts';
import { Locks } from '../../src/store/lock.ts';
import { LockLostError } from '../../src/store/tables.ts';
import { RedisTableEvents } from '../../src/store/events.ts';
import { TABLE_EVENTS } from '../../src/store/keys.ts';
import { subscriberFor } from '../../src/store/redis/connect.ts';
import { tcpCut } from '../support/tcp-cut.ts';
import { refusingPort } from '../support/redis-server.ts';
import { stampOf } from '../../src/tables/service.ts';
import { IllegalMoveError } from '../../src/games/types.ts';
import { isNews, type Seen } from '../../src/tables/events.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { Refusal } from '../../src/refusal.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { Heard, line, oneMove, redisProcess, startedTable, tableProcess } from '../support/table-events.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const alice = { userId: 'u-alice', name: 'Alice' };
const bob = { userId: 'u-bob', name: 'Bob' };

/** A prefix of the test's own, its keys removed after the test. */
function prefix(name: string): string {
  const p = testPrefix(name);
  cleanups.push(() => cleanupPrefix(p));
  return p;
}

describe('table change events on Redis', () => {
  it("a change committed by one process is heard by another's subscriber once, in version order, with its kind", async () => {
    const p = prefix('events-two');
    const a = redisProcess(p, cleanups);
    const b = redisProcess(p, cleanups);
    const heardByB = await Heard.subscribe(b.storage.events);
    const heardByA = await Heard.subscribe(a.storage.events);
    cleanups.push(async () => (heardByA.stop(), heardByB.stop()));

    const started = await startedTable(a, 'c1', alice);
    expect(started.version).toBe(3);
    const moved = await oneMove(a, started, alice);
    expect(moved?.version).toBe(4);
    await a.tables.setMessage('c1', 'm1'); // a marker: every event before it has arrived once it has

    const heard = await heardByB.until(5);
    expect(heard.map(line)).toEqual(['opened v1', 'seats v2', 'started v3', 'move v4', 'message v5']);
    expect(heard.every((e) => e.channelId === 'c1' && e.tableId === 'tev1')).toBe(true);
    // The event is a signal only: these four fields and nothing else (no hand, seed or state).
    expect(Object.keys(heard[3]!).sort()).toEqual(['channelId', 'kind', 'tableId', 'version']);
    // The writer's own process hears the same, once.
    expect((await heardByA.until(5)).map(line)).toEqual(heard.map(line));
    // What B shows comes from the stored table: it has the version the event named.
    const caught = await b.tables.since('c1', { tableId: 'tev1', version: 3 });
    expect(caught.status).toBe('changed');
    expect(caught.status === 'changed' && caught.table.version).toBe(5);
    expect(heardByB.events).toHaveLength(5);
  });

  it('a refused change publishes nothing: a stale stamp, an illegal move, a player who is not seated, a non-host', async () => {
    const p = prefix('events-refused');
    const a = redisProcess(p, cleanups);
    const b = redisProcess(p, cleanups);
    let table = await startedTable(a, 'c1', alice);
    // Play until it is Alice's turn, so her refused moves reach the move check.
    for (let guard = 0; guard < 50 && table.seats[a.tables.engine(table).toAct(table.state)[0] as number]?.bot; guard++)
      table = (await oneMove(a, table, alice))!;
    const heard = await Heard.subscribe(b.storage.events);
    cleanups.push(async () => heard.stop());

    const stale = `${table.id}.${table.version - 1}`;
    await expect(a.tables.act('c1', alice, stale, { type: 'noop' })).rejects.toBeInstanceOf(Refusal);
    await expect(a.tables.act('c1', alice, stampOf(table), { type: 'not-a-move' })).rejects.toBeInstanceOf(IllegalMoveError);
    await expect(a.tables.act('c1', bob, stampOf(table), { type: 'noop' })).rejects.toBeInstanceOf(Refusal);
    await expect(a.tables.cancel('c1', bob, false)).rejects.toBeInstanceOf(Refusal);
    await expect(a.tables.start('c1', alice)).rejects.toBeInstanceOf(Refusal);
    // Nothing changed, so nothing was published: the next event heard is the marker's.
    await a.tables.setMessage('c1', 'm1');
    expect((await heard.until(1)).map(line)).toEqual([`message v${table.version + 1}`]);
    // A closed table is published once as `closed`, with the version after its last stored one.
    await a.tables.cancel('c1', alice, false);
    expect((await heard.until(2)).map(line)[1]).toBe(`closed v${table.version + 2}`);
  });

  it('a change whose lock expired before its write is neither stored nor published', async () => {
    const p = prefix('events-locklost');
    const a = redisProcess(p, cleanups);
    const b = redisProcess(p, cleanups);
    await startedTable(a, 'c1', alice);
    const heard = await Heard.subscribe(b.storage.events);
    cleanups.push(async () => heard.stop());
    const admin = createClient({ url: REDIS_URL });
    await admin.connect();
    cleanups.push(() => admin.quit());

    const store = tableStore(a.storage, new Locks(a.storage.redis));
    const change = store.withLock('c1', async () => {
      const table = (await store.get('c1'))!;
      table.messageId = 'late';
      table.version += 1;
      await store.set(table, 'message');
      await admin.del(a.storage.redis!.key(lockKey(tableKey('c1')))); // the lock expired while the change ran
    });
    await expect(change).rejects.toBeInstanceOf(LockLostError);
    expect((await a.tables.get('c1'))?.messageId).toBeNull();
    await a.tables.setMessage('c1', 'm1'); // the marker: the refused write would have come before it
    expect((await heard.until(1)).map(line)).toEqual(['message v4']);
  });

  it('another prefix hears nothing of these tables', async () => {
    const mine = redisProcess(prefix('events-mine'), cleanups);
    const other = redisProcess(prefix('events-other'), cleanups);
    const heardByOther = await Heard.subscribe(other.storage.events);
    cleanups.push(async () => heardByOther.stop());
    await startedTable(mine, 'c1', alice);
    await other.tables.create({ guildId: 'g1', channelId: 'c9' }, bob, 'reunion');
    const heard = await heardByOther.until(1);
    expect(heard.map((e) => `${e.channelId} ${line(e)}`)).toEqual(['c9 opened v1']);
    // A change of `mine` after that would have arrived before the next one of `other`.
    await startedTable(mine, 'c2', alice);
    await other.tables.cancel('c9', bob, false);
    expect((await heardByOther.until(2)).map((e) => `${e.channelId} ${line(e)}`)).toEqual(['c9 opened v1', 'c9 closed v2']);
  });

  it('a killed subscription reconnects, reports the gap, and the stored table yields the missed version', async () => {
    const p = prefix('events-gap');
    const a = redisProcess(p, cleanups);
    const b = redisProcess(p, cleanups);
    const heard = await Heard.subscribe(b.storage.events);
    cleanups.push(async () => heard.stop());
    let table = await startedTable(a, 'c1', alice);
    await heard.until(3);
    // What B's board shows: the last version it rendered, and every version it rendered (each once).
    let shown: Seen = { tableId: table.id, version: table.version };
    const rendered: number[] = [];
    const show = (version: number) => {
      rendered.push(version);
      shown = { tableId: shown.tableId, version };
    };
    const stopReader = await b.storage.events.subscribe((e) => {
      if (e.channelId === 'c1' && isNews(e, shown)) show(e.version);
    });
    cleanups.push(async () => stopReader());

    const admin = createClient({ url: REDIS_URL });
    await admin.connect();
    cleanups.push(() => admin.quit());
    const gap = heard.nextGap();
    const list = await admin.sendCommand<string>(['CLIENT', 'LIST']);
    const ids = list
      .split('\n')
      .filter((row) => row.includes(` name=${p}:events `))
      .map((row) => /id=(\d+)/.exec(row)?.[1]);
    expect(ids).toHaveLength(1); // one subscription connection for the process, however many listen
    await admin.sendCommand(['CLIENT', 'KILL', 'ID', ids[0] as string]);
    // Committed at once, while B's subscription is down (node-redis waits 50 ms before it reconnects).
    table = await a.tables.setMessage('c1', 'm0');
    await gap;
    expect(heard.gaps).toBe(1);

    // The catch-up: whether or not the event was heard, the stored table has the missed version; shown once.
    const caught = await b.tables.since('c1', shown);
    // The event may have come while the catch-up read: a reader shows a version only when it is still news.
    if (caught.status === 'changed' && caught.table.version > shown.version) show(caught.table.version);
    expect(await b.tables.since('c1', shown)).toMatchObject({ status: 'unchanged', table: { version: table.version, messageId: 'm0' } });
    expect(rendered).toEqual([table.version]);
    // Subscribed again: the next change is heard.
    const before = heard.events.length;
    await a.tables.setMessage('c1', 'm1');
    expect(line((await heard.until(before + 1))[before]!)).toBe(`message v${table.version + 1}`);
    expect(rendered).toEqual([table.version, table.version + 1]);
  });

  it('a subscription cut off misses a change; once back it reports the gap and the catch-up yields the missed version', async () => {
    const p = prefix('events-cut');
    const a = redisProcess(p, cleanups);
    const b = redisProcess(p, cleanups);
    const url = new URL(REDIS_URL);
    const wire = await tcpCut({ host: url.hostname, port: Number(url.port || 6379) });
    cleanups.push(() => wire.close());
    // B's subscription goes through the forwarder (its store commands do not).
    const events = new RedisTableEvents(b.storage.redis!, TABLE_EVENTS, () => subscriberFor(createClient({ url: wire.url }), `${p}:cut`));
    cleanups.push(() => events.close());
    const heard = await Heard.subscribe(events);
    const started = await startedTable(a, 'c1', alice);
    await heard.until(3);

    wire.cut();
    const gap = heard.nextGap();
    const missed = (await a.tables.setMessage('c1', 'm0')).version; // published while nobody listens on B's side
    wire.mend();
    await gap;
    // The change made while cut off was not heard; the catch-up reads it from the stored table.
    expect(heard.events.map(line)).toEqual(['opened v1', 'seats v2', 'started v3']);
    expect(await b.tables.since('c1', { tableId: started.id, version: started.version })).toMatchObject({
      status: 'changed',
      table: { version: missed, messageId: 'm0' },
    });
    // Subscribed again: the next change is heard.
    await a.tables.setMessage('c1', 'm1');
    expect((await heard.until(4)).map(line)).toEqual(['opened v1', 'seats v2', 'started v3', `message v${missed + 1}`]);
    expect(heard.gaps).toBe(1);
  });
});

describe('the subscription while Redis does not answer', () => {
  it('closing the store ends a subscription that is still connecting, at once', async () => {
    const storage = openStorage({ redisUrl: `redis://127.0.0.1:${await refusingPort()}`, namespace: testPrefix('events-down') });
    const subscribing = storage.events.subscribe(() => undefined);
    subscribing.catch(() => undefined);
    await storage.close(); // resolves although the subscription never connected
    await expect(subscribing).rejects.toThrow();
  });
});

describe('table change events on the embedded store', () => {
  it('an in-process emitter tells every listener each committed change once, in order; refused ones not at all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stammtisch-events-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const storage = openStorage({ dataFile: join(dir, 'store.sqlite'), namespace: 'events' });
    cleanups.push(() => storage.close());
    const p = tableProcess(storage);
    const first = await Heard.subscribe(storage.events);
    const second = await Heard.subscribe(storage.events);
    const table = await startedTable(p, 'c1', alice);
    await expect(p.tables.act('c1', alice, `${table.id}.1`, { type: 'noop' })).rejects.toBeInstanceOf(Refusal);
    const moved = (await oneMove(p, table, alice))!;
    second.stop();
    await p.tables.cancel('c1', alice, false);
    expect((await first.until(5)).map(line)).toEqual(['opened v1', 'seats v2', 'started v3', 'move v4', `closed v${moved.version + 1}`]);
    expect(second.events.map(line)).toEqual(['opened v1', 'seats v2', 'started v3', 'move v4']);
    expect(await p.tables.since('c1', { tableId: table.id, version: moved.version })).toEqual({ status: 'gone' });
  });

  it('a whole game: one event a stored change, deals ended as `deal`, the end as `finished`, the posted result as `result`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stammtisch-events-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const storage = openStorage({ dataFile: join(dir, 'store.sqlite'), namespace: 'events' });
    cleanups.push(() => storage.close());
    const p = tableProcess(storage);
    const heard = await Heard.subscribe(storage.events);
    let table: TableRecord | undefined = await startedTable(p, 'c1', alice);
    let last = table;
    let stored = 3; // opened, seats, started
    for (let guard = 0; table && guard < 2000; guard++) {
      last = table;
      table = await oneMove(p, table, alice);
      stored++;
    }
    expect(table).toBeUndefined();
    await p.tables.resultPosted('c1', last.id, 'm-result');
    const events = await heard.until(stored + 1);
    // Told in the order published: a change published twice would show up before the result's event, in this list.
    expect(heard.events).toHaveLength(stored + 1);
    // Versions 1, 2, 3, … with no gap and no repeat; the result keeps the last one.
    expect(events.map((e) => e.version)).toEqual([...Array.from({ length: stored }, (_, i) => i + 1), stored]);
    const kinds = events.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['opened', 'seats', 'started']);
    expect(kinds.slice(-2)).toEqual(['finished', 'result']);
    expect(kinds.filter((k) => k === 'deal')).toHaveLength(2); // Réunion: a deal by each of three players, the third ends the game
    expect(kinds.slice(3, -2).every((k) => k === 'move' || k === 'deal')).toBe(true);
  });
});
