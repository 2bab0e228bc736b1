/**
 * Computer seats, turn timers and the lobby timeout in the table layer, on the real Redis with a fake clock:
 * deadlines are stored with the table and indexed in Redis, so a second process (or a restarted one) honours
 * them, and a due deadline is handled exactly once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deadlineIndex, openStorage, type Storage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { FINISHED_NOTE_TTL_MS, FinishedNoteStore } from '../../src/store/finished.ts';
import { rebuildDeadlines } from '../../src/store/deadlines.ts';
import { RecordBook } from '../../src/records/book.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { finishedKey, tableKey } from '../../src/store/keys.ts';
import { gameById } from '../../src/tables/games.ts';
import { AWAY_AFTER_TURNS, DEFAULT_TIMING } from '../../src/tables/deadlines.ts';
import { type Actor, TableService, stampOf } from '../../src/tables/service.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import type { ReunionView } from '../../src/games/reunion/types.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';

const alice: Actor = { userId: '101', name: 'Alice' };
const bob: Actor = { userId: '102', name: 'Bob' };
const carol: Actor = { userId: '103', name: 'Carol' };
const channel = { guildId: '9', channelId: '500' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A clock the test moves by hand. */
function fakeClock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** One "process": its own storage connection and table service on the shared Redis prefix. */
function processOn(prefix: string, clock: { now: () => number }, newSeed = () => 'timer-test-seed') {
  const storage: Storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
  const locks = new Locks(storage.redis);
  const index = deadlineIndex(storage);
  const store = tableStore(storage, locks);
  const results = new RecordBook(openLedger(storage, locks), async () => 'UTC');
  let n = 0;
  const tables = new TableService({
    tables: store,
    results,
    deadlines: index,
    finished: new FinishedNoteStore(storage.keyv),
    now: clock.now,
    newSeed,
    newId: () => `t${++n}`,
  });
  cleanups.push(() => storage.close());
  return { storage, store, tables, index, results };
}

function setup(name: string) {
  const prefix = testPrefix(name);
  cleanups.push(() => cleanupPrefix(prefix));
  const clock = fakeClock();
  return { prefix, clock, ...processOn(prefix, clock) };
}

/** Handle every due deadline once, as the timer loop does; returns the outcomes. */
async function fireDue(p: ReturnType<typeof processOn>, now: number) {
  const due = await p.index.due(now, 100);
  return Promise.all(due.map((ch) => p.tables.expire(ch)));
}

/** Make the current human seat's move (the first legal move of its view) by "clicking". */
async function humanMove(tables: TableService, table: TableRecord, actor: Actor) {
  const seat = tables.seatOf(table, actor.userId);
  const view = tables.view(table, seat) as { legal?: unknown[]; discardable?: unknown[] };
  return tables.act(table.channelId, actor, stampOf(table), view.legal?.[0]);
}

const toAct = (table: TableRecord) => gameById(table.game)!.toAct(table.state) as number[];

describe('computer seats', () => {
  it('only the host adds or removes them, only in the lobby, never beyond the table size', async () => {
    const { tables } = setup('bot-seats');
    await tables.create(channel, alice, 'reunion');
    await tables.join(channel.channelId, bob);
    await expect(tables.addBot(channel.channelId, bob, 'easy')).rejects.toThrow('Only the host can add computer players');
    await expect(tables.removeBot(channel.channelId, alice)).rejects.toThrow('no computer player');
    const withBot = await tables.addBot(channel.channelId, alice, 'easy');
    expect(withBot.seats[2]).toEqual({ userId: 'bot:1', name: 'Kurt', bot: 'easy' });
    // Réunion seats up to five (4 or 5 players: three play each deal).
    await expect(tables.fillWithBots(channel.channelId, alice)).rejects.toThrow('already has 3 players');
    await tables.addBot(channel.channelId, alice, 'strong');
    await tables.addBot(channel.channelId, alice, 'strong');
    await expect(tables.addBot(channel.channelId, alice, 'strong')).rejects.toThrow('The table is full');
    await expect(tables.fillWithBots(channel.channelId, alice)).rejects.toThrow('The table is full.');
    await tables.removeBot(channel.channelId, alice);
    await tables.removeBot(channel.channelId, alice);
    expect((await tables.removeBot(channel.channelId, alice)).seats.map((s) => s.userId)).toEqual(['101', '102']);
    expect((await tables.fillWithBots(channel.channelId, alice)).seats[2]).toMatchObject({ userId: 'bot:1', bot: 'strong' });
    await tables.start(channel.channelId, alice);
    await expect(tables.addBot(channel.channelId, alice, 'easy')).rejects.toThrow('only be changed in the lobby');
    await expect(tables.removeBot(channel.channelId, alice)).rejects.toThrow('only be changed in the lobby');
  });

  it('a table of one person and two computer players plays to the end through the deadlines', async () => {
    const p = setup('bot-game');
    await p.tables.create(channel, alice, 'reunion', {}, { turnTimer: 0 });
    await p.tables.fillWithBots(channel.channelId, alice);
    let table: TableRecord | undefined = await p.tables.start(channel.channelId, alice);
    let botMoves = 0;
    let humanMoves = 0;
    let lastVersion = 0;
    for (let guard = 0; table && guard < 500; guard++) {
      const seat = toAct(table)[0]!;
      lastVersion = table.version;
      if (table.seats[seat]!.bot) {
        expect(table.deadline).toMatchObject({ kind: 'bot', seat });
        p.clock.advance(DEFAULT_TIMING.botDelayMs);
        const [outcome] = await fireDue(p, p.clock.now());
        expect(outcome).toMatchObject({ kind: 'moved', seat, auto: false });
        botMoves++;
      } else {
        expect(table.deadline).toBeNull(); // timer off: a person's turn never expires
        await humanMove(p.tables, table, alice);
        humanMoves++;
      }
      table = await p.tables.get(channel.channelId);
    }
    expect(table).toBeUndefined();
    const [finished] = await p.results.list(channel.guildId);
    expect(finished!.seats.map((s) => Boolean(s.bot))).toEqual([false, true, true]);
    expect(finished!.moves).toHaveLength(botMoves + humanMoves);
    expect(botMoves).toBeGreaterThan(humanMoves);
    expect(await p.index.due(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    // The channel remembers its last finished game for a day (My hand answers with it after the end).
    expect(await p.tables.lastFinished(channel.channelId)).toEqual({
      recordId: finished!.id,
      game: 'reunion',
      finishedAt: finished!.finishedAt,
      messageId: null,
      version: lastVersion + 1, // the last move's: the version the `finished` event carried
    });
    const redis = p.storage.redis!;
    const ttl = await (await redis.commands()).pTTL(redis.key(finishedKey(channel.channelId)));
    expect(ttl).toBeGreaterThan(FINISHED_NOTE_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(FINISHED_NOTE_TTL_MS);
    // A result posted as a message of its own becomes the link; a message of another game changes nothing.
    await p.tables.resultPosted(channel.channelId, 'another-game', 'm1');
    expect((await p.tables.lastFinished(channel.channelId))?.messageId).toBeNull();
    await p.tables.resultPosted(channel.channelId, finished!.id, 'm2');
    expect((await p.tables.lastFinished(channel.channelId))?.messageId).toBe('m2');
    expect(await p.tables.lastFinished('another-channel')).toBeUndefined();
    // A new table keeps it (My hand on the old message still answers with it) until one closes without a result.
    await p.tables.create(channel, alice, 'reunion');
    expect((await p.tables.lastFinished(channel.channelId))?.recordId).toBe(finished!.id);
    await p.tables.cancel(channel.channelId, alice, false);
    expect(await p.tables.lastFinished(channel.channelId)).toBeUndefined();
  });
  it('a Große Ekart table of five (one person, four computer players) plays to the end, seats sitting out never asked to move', async () => {
    const p = setup('bot-game-five');
    await p.tables.create(channel, alice, 'reunion', { grosseEkart: true }, { turnTimer: 0 });
    for (const level of ['strong', 'easy', 'strong', 'easy'] as const) await p.tables.addBot(channel.channelId, alice, level);
    let table: TableRecord | undefined = await p.tables.start(channel.channelId, alice);
    let announced = 0;
    for (let guard = 0; table && guard < 1000; guard++) {
      const seat = toAct(table)[0]!;
      const v = p.tables.view(table, seat) as ReunionView;
      expect(v.active).toContain(seat);
      if (table.seats[seat]!.bot) {
        p.clock.advance(DEFAULT_TIMING.botDelayMs);
        const [outcome] = await fireDue(p, p.clock.now());
        expect(outcome).toMatchObject({ kind: 'moved', seat, auto: false });
      } else {
        // The person announces Staubaus whenever it may, names an ace (never in the discard) and gives back the first card.
        const ace = v.legal.find((m) => m.type === 'name' && m.card.startsWith('A'));
        const move = v.phase === 'name' ? ace : v.phase === 'announce' ? v.legal.find((m) => m.type === 'staubaus') : v.legal[0];
        if (v.phase === 'announce') announced++;
        await p.tables.act(table.channelId, alice, stampOf(table), move);
      }
      table = await p.tables.get(channel.channelId);
    }
    expect(table).toBeUndefined();
    const [finished] = await p.results.list(channel.guildId);
    expect(finished!.seats).toHaveLength(5);
    expect(announced).toBeGreaterThan(0);
    expect((finished!.result as { net: number[] }).net.reduce((a, b) => a + b, 0)).toBe(0);
  });
});

describe('turn timers', () => {
  async function startedWithTimer(p: ReturnType<typeof setup>, turnTimer = 120) {
    await p.tables.create(channel, alice, 'reunion', {}, { turnTimer });
    await p.tables.join(channel.channelId, bob);
    await p.tables.join(channel.channelId, carol);
    return p.tables.start(channel.channelId, alice);
  }

  it('reminds at half time once, moves at expiry once, even with two processes firing together', async () => {
    const p = setup('timer-once');
    const second = processOn(p.prefix, p.clock);
    const table = await startedWithTimer(p);
    const seat = toAct(table)[0]!;
    const start = p.clock.now();
    expect(table.deadline).toEqual({ kind: 'turn', seat, at: start + 120_000, remindAt: start + 60_000, turn: '0:discard:0:0' });
    p.clock.advance(59_999);
    expect(await fireDue(p, p.clock.now())).toEqual([]);
    p.clock.advance(1);
    const reminders = [...(await fireDue(p, p.clock.now())), ...(await fireDue(second, p.clock.now()))];
    expect(reminders.map((o) => o.kind)).toEqual(['reminder']);
    p.clock.advance(60_000);
    const outcomes = await Promise.all([fireDue(p, p.clock.now()), fireDue(second, p.clock.now())]);
    const kinds = outcomes
      .flat()
      .map((o) => o.kind)
      .sort();
    expect(kinds).toEqual(['moved', 'none']);
    const after = (await p.tables.get(channel.channelId))!;
    expect(after.moves).toHaveLength(1);
    expect(after.moves[0]!.seat).toBe(seat);
    expect(after.seats[seat]!.autoTurns).toBe(1);
    expect(after.deadline).toMatchObject({ kind: 'turn', seat: toAct(after)[0] });
  });

  it('at expiry plays that turn only: a Réunion seat that wins the trick is not also made to lead', async () => {
    const prefix = testPrefix('timer-one-turn');
    cleanups.push(() => cleanupPrefix(prefix));
    const clock = fakeClock();
    let seed = 0;
    const { tables, index } = processOn(prefix, clock, () => `one-turn-${seed++}`);
    const channels = Array.from({ length: 12 }, (_, i) => String(700 + i));
    for (const channelId of channels) {
      await tables.create({ guildId: '9', channelId }, alice, 'reunion', {}, { turnTimer: 30 });
      await tables.join(channelId, bob);
      await tables.join(channelId, carol);
      await tables.start(channelId, alice);
    }
    let sameSeatNext = 0;
    // Each seat times out at most twice (not yet away), so every expiry is a timed-out person's turn.
    for (let round = 0; round < 6; round++) {
      clock.advance(30_000);
      for (const channelId of await index.due(clock.now(), 100)) {
        const before = (await tables.get(channelId))!;
        const outcome = await tables.expire(channelId);
        if (outcome.kind !== 'moved') continue;
        expect(outcome.outcome.table.moves.length - before.moves.length).toBe(1);
        if (toAct(outcome.outcome.table)[0] === outcome.seat) sameSeatNext++;
      }
    }
    expect(sameSeatNext).toBeGreaterThan(0); // the case happened: the timed-out seat won a trick and leads next
  });

  it('a Rommé turn keeps its timer from the draw to the discard; at expiry the rest of that turn is played', async () => {
    const p = setup('timer-romme-turn');
    await p.tables.create(channel, alice, 'romme', {}, { turnTimer: 60 });
    await p.tables.join(channel.channelId, bob);
    let table = await p.tables.start(channel.channelId, alice);
    const seat = toAct(table)[0]!;
    const player = [alice, bob][seat]!;
    const started = table.deadline;
    p.clock.advance(50_000);
    table = (await p.tables.act(channel.channelId, player, stampOf(table), { type: 'draw', from: 'stock' })).table;
    expect(table.deadline).toEqual(started); // the draw did not restart the timer
    p.clock.advance(10_000);
    const [outcome] = await fireDue(p, p.clock.now());
    expect(outcome).toMatchObject({ kind: 'moved', seat, auto: true });
    const after = (await p.tables.get(channel.channelId))!;
    const added = after.moves.slice(table.moves.length);
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((m) => m.seat === seat)).toBe(true);
    expect((added.at(-1)!.move as { type: string }).type).toBe('discard');
    expect(toAct(after)[0]).not.toBe(seat);
    expect(after.deadline).toMatchObject({ kind: 'turn', seat: toAct(after)[0], at: p.clock.now() + 60_000 });
  });

  it('a deadline stored before a restart is honoured by the new process, once', async () => {
    const p = setup('timer-restart');
    await startedWithTimer(p);
    await p.storage.close();
    // A new process: its index is rebuilt from the stored tables (here the Redis index survives anyway).
    const restarted = processOn(p.prefix, p.clock);
    await restarted.index.set(channel.channelId, null);
    // Other keys in the namespace (a lock left by a killed process, an interaction claim) are not tables.
    const raw = await restarted.storage.redis!.commands();
    await raw.set(`${p.prefix}::lock:table:{999}`, 'a-bare-uuid-not-json');
    await raw.set(`${p.prefix}::table:{junk}`, '{not json');
    expect(await rebuildDeadlines(restarted.store, restarted.index)).toBe(1);
    p.clock.advance(120_000);
    const outcomes = await fireDue(restarted, p.clock.now());
    expect(outcomes.map((o) => o.kind)).toEqual(['moved']);
    expect((await fireDue(restarted, p.clock.now())).map((o) => o.kind)).toEqual([]);
    expect((await restarted.tables.get(channel.channelId))!.moves).toHaveLength(1);
  });

  it(`after ${AWAY_AFTER_TURNS} timed-out turns a player is away; a member takes over, or the player comes back`, async () => {
    const p = setup('timer-away');
    const dave: Actor = { userId: '104', name: 'Dave' };
    let table = await startedWithTimer(p, 30);
    const sleeper = toAct(table)[0]!;
    const sleeperActor = [alice, bob, carol][sleeper]!;
    let timeouts = 0;
    // Everyone else plays at once; the sleeper never does.
    while (timeouts < AWAY_AFTER_TURNS) {
      const seat = toAct(table)[0]!;
      if (seat === sleeper) {
        p.clock.advance(30_000);
        const [outcome] = await fireDue(p, p.clock.now());
        timeouts++;
        expect(outcome).toMatchObject({ kind: 'moved', auto: true, nowAway: timeouts === AWAY_AFTER_TURNS });
      } else await humanMove(p.tables, table, [alice, bob, carol][seat]!);
      table = (await p.tables.get(channel.channelId))!;
    }
    expect(table.seats[sleeper]!.away).toBe(true);
    await expect(p.tables.takeover(channel.channelId, bob)).rejects.toThrow('You already play at this table');
    await expect(p.tables.back(channel.channelId, bob)).rejects.toThrow('You are not away');
    // The player comes back with one click …
    table = await p.tables.back(channel.channelId, sleeperActor);
    expect(table.seats[sleeper]).toEqual({ userId: sleeperActor.userId, name: sleeperActor.name });
    await expect(p.tables.takeover(channel.channelId, dave)).rejects.toThrow('Nobody at this table is away');
    // … or, away again, is replaced by another member.
    table.seats[sleeper]!.away = true;
    await p.storage.keyv.set(tableKey(channel.channelId), table);
    const { table: taken, replaced } = await p.tables.takeover(channel.channelId, dave);
    expect(replaced).toBe(sleeperActor.userId);
    expect(taken.seats[sleeper]).toEqual({
      userId: dave.userId,
      name: dave.name,
      startedBy: { userId: sleeperActor.userId, name: sleeperActor.name, at: taken.moves.length },
    });
  });

  it('closes the table without a result when every person is away', async () => {
    const p = setup('timer-abandon');
    await p.tables.create(channel, alice, 'reunion', {}, { turnTimer: 30 });
    await p.tables.fillWithBots(channel.channelId, alice);
    let table: TableRecord | undefined = await p.tables.start(channel.channelId, alice);
    const kinds: string[] = [];
    for (let guard = 0; table && guard < 200; guard++) {
      p.clock.advance(30_000);
      kinds.push(...(await fireDue(p, p.clock.now())).map((o) => o.kind));
      table = await p.tables.get(channel.channelId);
    }
    expect(table).toBeUndefined();
    expect(kinds.at(-1)).toBe('abandoned');
    expect(await p.results.list(channel.guildId)).toEqual([]);
  });

  it('a lobby not started within 30 minutes closes itself', async () => {
    const p = setup('lobby-timeout');
    await p.tables.create(channel, alice, 'romme');
    p.clock.advance(30 * 60_000 - 1);
    expect(await fireDue(p, p.clock.now())).toEqual([]);
    p.clock.advance(1);
    expect((await fireDue(p, p.clock.now())).map((o) => o.kind)).toEqual(['lobbyClosed']);
    expect(await p.tables.get(channel.channelId)).toBeUndefined();
  });
});
