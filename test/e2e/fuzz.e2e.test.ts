/**
 * End to end, fuzzing: seeded random and malformed interactions against the real bot (src/bot.ts, the unmodified
 * discord.js client, the fake Discord, the real Redis), across tables of all three games in the lobby and in play.
 *
 * The cases (fast-check, fixed seed): custom_ids that are random strings (unicode, over 100 characters), ours with a
 * wrong table, version, seat or payload, `st:` and `st:g:` prefixes followed by garbage; clicks by people not seated,
 * on other seats' hands (forged, as a modified client would send them), on the public table message and on a message
 * of another app; lobby buttons in play and game buttons in the lobby; select menus with bogus values (random,
 * huge, too many, duplicated); unknown commands, subcommands and groups, options of the wrong type, huge option
 * strings; the record commands and scoreboard page buttons with no finished game in the guild, `/weekly` by a member
 * without Manage Server, weekly sign-up buttons with no night set up. Every case is one that must not change anything (cases that could legally change a table, such as an
 * unseated person joining a lobby, are not generated).
 *
 * It proves that the bot never crashes (its client stays connected, no unhandled rejection in the process, nothing
 * logged at error level), that every interaction is answered in time (no 10062, no callback refused), only to the
 * presser (ephemeral), and that no stored table and no finished-game record changes.
 *
 * FUZZ_COUNT sets the number of interactions (default 10,000, in batches of FUZZ_BATCH = 25 at once); FUZZ_SEED the
 * seed (default 7). A failing batch is reported with its cases.
 */
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { STALE_NOTE } from '../../src/discord/hand/clicks.ts';
import { serializeError } from '../../src/logger.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, buttons, openAndStart, openHand, tableMessage } from '../support/driver.ts';
import { type FakeDiscord, type FakeInteraction, type FakeMessage, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { forged } from '../support/refusals.ts';

const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000);
const BATCH = Number(process.env.FUZZ_BATCH ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 7);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let errorLogs: Json[] = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => void rejections.push(reason);
process.on('unhandledRejection', onRejection);
afterAll(() => void process.off('unhandledRejection', onRejection));

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 20 });
  prefix = testPrefix('fuzz');
  errorLogs = [];
  const log = pino(
    { level: 'error', serializers: { err: serializeError } },
    { write: (line: string) => void errorLogs.push(JSON.parse(line) as Json) },
  );
  bot = await startTestBot(fake, prefix, 'fuzz-seed', { log });
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** One table the fuzzer aims at. */
interface Target {
  channelId: string;
  game: string;
  status: 'lobby' | 'playing' | 'none';
  hostId: string | null;
  seated: string[];
  /** `<tableId>.<version>` while playing. */
  stamp: string | null;
  /** The public table message (the lobby or the game). */
  message: FakeMessage | null;
  /** Each seated player's ephemeral hand (playing tables). */
  hands: Map<string, FakeMessage>;
  /** A message of another app in the channel, carrying our custom_ids. */
  foreign: FakeMessage;
}

/** A generated interaction. */
type Case =
  | { kind: 'click'; target: number; user: number; on: 'hand' | 'otherHand' | 'table' | 'foreign'; customId: string }
  | { kind: 'select'; target: number; user: number; on: 'hand' | 'otherHand' | 'table' | 'foreign'; customId: string; values: string[] }
  | { kind: 'slash'; target: number; user: number; name: string; options: Json[]; subcommand?: string; group?: string; perms?: string };

const SIMPLE = ['join', 'leave', 'start', 'fill', 'back', 'hand'];
const GAMES = ['reunion', 'dreierles', 'romme'];

/** The Discord options of a slash command, raw (so types can be wrong). */
const opt = (name: string, type: number, value: unknown): Json => ({ name, type, value });

describe('fuzzing the bot with random and malformed interactions', () => {
  it(`answers ${COUNT} seeded bad interactions in time, ephemerally, without a crash or a stored change`, async () => {
    // ---- tables of every game, in the lobby and in play, plus a channel without a table ----------------------
    const [alice, bob, carol, dave, mallory] = ['alice', 'bob', 'carol', 'dave', 'mallory'].map((n) => fake.user(n)) as FakeUser[] as [
      FakeUser,
      FakeUser,
      FakeUser,
      FakeUser,
      FakeUser,
    ];
    const people = [alice, bob, carol, dave, mallory];
    const otherApp: FakeUser = { ...fake.user('other-app'), bot: true };
    const targets: Target[] = [];
    const foreignIds = ['st:join', 'st:hand', 'st:start', 'st:fill', 'st:g:abc.1.0:p.7♣'];
    const foreign = (channelId: string) =>
      fake.postMessage(otherApp, channelId, {
        content: 'another app',
        components: [{ type: 1, components: foreignIds.map((id, i) => ({ type: 2, style: 1, label: `b${i}`, custom_id: id })) }],
      });
    for (const game of GAMES) {
      // A lobby with only its host (no game can start with one player).
      const channelId = fake.addChannel(`lobby-${game}`);
      const host = people[GAMES.indexOf(game)]!;
      const created = await answered(fake.slash(host, channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: game }));
      await settle(fake);
      targets.push({
        channelId,
        game,
        status: 'lobby',
        hostId: host.id,
        seated: [host.id],
        stamp: null,
        message: fake.original(created)!,
        hands: new Map(),
        foreign: foreign(channelId),
      });
    }
    for (const game of GAMES) {
      const channelId = fake.addChannel(`play-${game}`);
      const messageId = await openAndStart(fake, channelId, [alice, bob, carol], game, { turn_timer: 0 });
      const hands = new Map<string, FakeMessage>();
      for (const user of [alice, bob, carol]) hands.set(user.id, await openHand(fake, messageId, user));
      const table = (await bot.tables.get(channelId))!;
      targets.push({
        channelId,
        game,
        status: 'playing',
        hostId: alice.id,
        seated: table.seats.map((s) => s.userId),
        stamp: `${table.id}.${table.version}`,
        message: tableMessage(fake, messageId),
        hands,
        foreign: foreign(channelId),
      });
    }
    const empty = fake.addChannel('no-table');
    targets.push({
      channelId: empty,
      game: 'none',
      status: 'none',
      hostId: null,
      seated: [],
      stamp: null,
      message: null,
      hands: new Map(),
      foreign: foreign(empty),
    });
    await settle(fake);

    // ---- the cases -------------------------------------------------------------------------------------------
    const realIds = targets.flatMap((t) => [...t.hands.values()].flatMap((h) => buttons(h).map((b) => b.custom_id)));
    const realPayloads = realIds.filter((id) => id.startsWith('st:g:')).map((id) => id.split(':').slice(3).join(':'));
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 13, max: 40 }))
        .map(([u, n]) => u.repeat(n))
        .filter((x) => x.length > 100),
    );
    const stampOf = (t: Target) => t.stamp ?? 'nosuchtable.1';
    const customId = (t: Target, ownSeat: number) =>
      fc
        .oneof(
          junk,
          fc.constantFrom(...realIds),
          junk.map((s) => `st:${s}`),
          junk.map((s) => `st:g:${s}`),
          fc.tuple(fc.constantFrom(...SIMPLE), junk).map(([k, s]) => `st:${k}${s}`),
          fc.constantFrom(...SIMPLE.map((k) => `st:${k}`), ...SIMPLE.map((k) => `ST:${k.toUpperCase()}`)),
          // Ours with a wrong stamp: another table id, a wrong version, any seat digit; a real or garbage payload.
          {
            weight: 8,
            arbitrary: fc
              .tuple(
                fc.oneof(
                  fc.constant(stampOf(t)),
                  fc.constant(stampOf(t)),
                  fc.stringMatching(/^[a-z0-9]{1,16}\.\d{1,12}$/),
                  fc.integer({ min: -3, max: 3 }).map((d) => `${stampOf(t).split('.')[0]}.${Number(stampOf(t).split('.')[1]) + d}`),
                ),
                ownSeat >= 0 ? fc.oneof(fc.constant(ownSeat), fc.integer({ min: 0, max: 9 })) : fc.integer({ min: 0, max: 9 }),
                fc.oneof(
                  fc.constantFrom(...realPayloads),
                  junk.map((s) => `~${s.replaceAll(':', '')}`),
                  junk,
                ),
              )
              .map(([stamp, seat, payload]) => `st:g:${stamp}.${seat}:${payload}`),
          },
          fc
            .tuple(fc.string({ minLength: 1, maxLength: 5 }), fc.integer({ min: 20, max: 60 }))
            .map(([u, n]) => `st:g:${stampOf(t)}.0:${u.repeat(n)}`),
          // Scoreboard pages (well-formed and not) and weekly sign-ups (no night is set up: all stale).
          fc
            .tuple(
              fc.oneof(fc.constantFrom(...GAMES), junk),
              fc.oneof(fc.constantFrom('all', '2026-W49', '2026-W60', '2026-13', '2026-Q4', '2026-Q5'), junk),
              fc.oneof(fc.constantFrom('net', 'wins', 'rating', 'games'), junk),
              fc.constantFrom('0', '1', '2'),
              fc.oneof(fc.integer({ min: -1, max: 10_001 }).map(String), junk),
            )
            .map((parts) => `st:sb:${parts.join(':')}`),
          fc
            .tuple(fc.constantFrom('in', 'out', 'maybe'), fc.oneof(fc.constantFrom('2026-12-05', '2026-02-30', '1999-01-01'), junk))
            .map(([k, d]) => `st:wk:${k}:${d}`),
        )
        .filter((id) => id.length > 0); // Discord has no empty custom_id
    const values = fc.oneof(
      fc.array(junk, { maxLength: 30 }),
      fc.array(fc.integer({ min: -5, max: 100 }).map(String), { maxLength: 5 }),
      fc.constant(['0', '0']),
      fc.constant([]),
      fc.array(
        fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.integer({ min: 100, max: 600 })).map(([u, n]) => u.repeat(n)),
        { minLength: 1, maxLength: 2 },
      ),
    );
    const on = fc.constantFrom('hand', 'hand', 'hand', 'otherHand', 'table', 'foreign') as fc.Arbitrary<'hand' | 'otherHand' | 'table' | 'foreign'>;
    const huge = fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.integer({ min: 1000, max: 8000 })).map(([u, n]) => u.repeat(n).slice(0, n));
    const slashCase = (ti: number) =>
      fc
        .oneof(
          fc.record({ name: junk.filter((s) => s.length > 0), options: fc.constant([]) }),
          fc.record({
            name: fc.constant('table'),
            options: fc.constant([]),
            subcommand: fc.oneof(junk, fc.constantFrom('new', 'join', 'leave', 'start', 'status', 'cancel', 'takeover')),
          }),
          fc.record({
            name: fc.constant('table'),
            options: fc.constant([]),
            subcommand: fc.constantFrom('add', 'remove'),
            group: fc.oneof(fc.constant('bot'), junk),
          }),
          fc.record({
            name: fc.constant('table'),
            group: fc.oneof(fc.constant('new'), junk),
            subcommand: fc.oneof(junk, huge, fc.constantFrom(...GAMES)),
            options: fc.oneof(
              fc.oneof(junk, huge).map((v) => [opt('turn_timer', 3, v)]),
              fc.integer().map((v) => [opt('turn_timer', 4, v)]),
              // A value outside a choice (Rommé's jokers are 6 or 4), or an option of the wrong type.
              fc
                .integer()
                .filter((v) => v !== 6 && v !== 4)
                .map((v) => [opt('jokers', 4, v)]),
              fc.oneof(junk, fc.boolean()).map((v) => [opt('jokers', typeof v === 'boolean' ? 5 : 3, v)]),
              fc
                .tuple(junk, fc.oneof(fc.integer(), fc.boolean(), junk))
                .map(([k, v]) => [opt(k, typeof v === 'string' ? 3 : typeof v === 'boolean' ? 5 : 4, v)]),
              fc.constant([]),
            ),
          }),
          fc.record({
            name: fc.constant('table'),
            subcommand: fc.constant('add'),
            group: fc.constant('bot'),
            options: fc.oneof(junk, huge).map((l) => [opt('level', 3, l)]),
          }),
          fc.record({ name: fc.constant('rules'), options: fc.oneof(junk, huge, fc.constantFrom(...GAMES)).map((g) => [opt('game', 3, g)]) }),
          // The record commands (this guild has no finished game: every answer is a private refusal) and /weekly
          // by a member without Manage Server.
          fc.record({
            name: fc.constantFrom('scoreboard', 'stats', 'history'),
            options: fc.oneof(
              fc.constant([]),
              fc.tuple(fc.oneof(junk, huge, fc.constantFrom(...GAMES))).map(([g]) => [opt('game', 3, g)]),
              fc
                .tuple(fc.constantFrom('period', 'sort'), fc.oneof(junk, fc.constantFrom('week', 'season', 'rating')))
                .map(([k, v]) => [opt(k, 3, v)]),
              fc.integer().map((n) => [opt('page', 4, n)]),
              fc
                .tuple(junk, fc.oneof(fc.integer(), fc.boolean(), junk))
                .map(([k, v]) => [opt(k || 'x', typeof v === 'string' ? 3 : typeof v === 'boolean' ? 5 : 4, v)]),
            ),
          }),
          fc.record({
            name: fc.constant('replay'),
            options: fc.oneof(junk, huge, fc.stringMatching(/^[a-f0-9]{10}$/)).map((id) => [opt('id', 3, id)]),
          }),
          fc.record({
            name: fc.constant('weekly'),
            subcommand: fc.oneof(junk, fc.constantFrom('setup', 'standings', 'pause', 'resume', 'cancel')),
            options: fc.oneof(
              fc.constant([]),
              fc
                .tuple(
                  fc.constantFrom(...GAMES),
                  fc.oneof(junk, fc.constantFrom('saturday')),
                  fc.oneof(junk, fc.constantFrom('20:00', '25:00')),
                  fc.oneof(junk, fc.constantFrom('Europe/Berlin', 'Mars/Olympus')),
                )
                .map(([g, d, t, z]) => [opt('game', 3, g), opt('day', 3, d), opt('time', 3, t), opt('timezone', 3, z)]),
              fc.oneof(junk, fc.constantFrom('2026-W49', 'last')).map((w) => [opt('week', 3, w)]),
            ),
          }),
          fc.record({
            name: fc.constant('hand'),
            options: fc.oneof(
              fc.constant([]),
              fc.tuple(junk, junk).map(([k, v]) => [opt(k || 'x', 3, v)]),
            ),
          }),
        )
        .map((c) => ({ kind: 'slash' as const, target: ti, perms: '0', ...c }) as Case);
    const perTarget = targets.flatMap((t, ti) =>
      people.map((p, ui) => {
        const id = customId(t, t.seated.indexOf(p.id));
        const user = fc.constant(ui);
        return fc.oneof(
          { weight: 5, arbitrary: fc.record({ kind: fc.constant('click' as const), target: fc.constant(ti), user, on, customId: id }) },
          { weight: 2, arbitrary: fc.record({ kind: fc.constant('select' as const), target: fc.constant(ti), user, on, customId: id, values }) },
          { weight: 3, arbitrary: slashCase(ti).map((c) => ({ ...c, user: ui }) as Case) },
        ) as fc.Arbitrary<Case>;
      }),
    );
    const caseArb = fc.oneof(...perTarget);

    /** Whether a case could legally change a table (those are not fuzz cases: they are the game). */
    const couldChange = (c: Case): boolean => {
      const t = targets[c.target]!;
      const user = people[c.user]!;
      const seated = t.seated.includes(user.id);
      const host = t.hostId === user.id;
      if (c.kind === 'slash') {
        if (c.name !== 'table') return false;
        const sub = c.subcommand;
        if (c.group === 'bot')
          return sub === 'add' && t.status === 'lobby' && host && ['easy', 'strong', 'random'].includes(String(c.options[0]?.value ?? 'strong'));
        if (c.group === 'new') return t.status === 'none' && GAMES.includes(String(sub));
        if (sub === 'join') return t.status === 'lobby' && !seated;
        // Leaving during play hands the seat to the computer (docs/playing.md § Leaving a running game).
        if (sub === 'leave') return (t.status === 'lobby' || t.status === 'playing') && seated;
        if (sub === 'cancel') return host;
        return false;
      }
      const id = c.customId;
      if (t.status === 'lobby') return (id === 'st:join' && !seated) || (id === 'st:leave' && seated) || (id === 'st:fill' && host);
      if (t.status !== 'playing') return false;
      // A game control with the table's current stamp and the presser's own seat: only payloads that parse as no
      // move of any game ('~…') are fuzz cases; the rest could be a legal move.
      const m = /^st:g:([^:]*):(.*)$/.exec(id);
      if (!m || !seated) return false;
      const stampNow = `${t.stamp}.${t.seated.indexOf(user.id)}`;
      return m[1] === stampNow && !(m[2] ?? '').startsWith('~') && !/^(s|c|sg|g)~/.test(m[2] ?? '');
    };
    const cases = fc.sample(
      caseArb.filter((c) => !couldChange(c)),
      { seed: SEED, numRuns: COUNT },
    );

    /** The message a component case is clicked on, as the presser would send it (forged where they could not see it). */
    const messageFor = (c: Extract<Case, { on: string }>): FakeMessage | null => {
      const t = targets[c.target]!;
      const user = people[c.user]!;
      const own = t.hands.get(user.id);
      const other = [...t.hands.entries()].find(([id]) => id !== user.id)?.[1];
      const base = c.on === 'hand' ? (own ?? other) : c.on === 'otherHand' ? other : c.on === 'table' ? t.message : t.foreign;
      return base ?? t.message ?? t.foreign;
    };
    /** A copy of `message` with a select `customId` offering `values` (as a modified client could send it). */
    const withSelect = (message: FakeMessage, user: FakeUser, customId: string, vals: string[]): FakeMessage => {
      const copy = forged(message, user);
      const select = {
        type: 3,
        custom_id: customId,
        options: vals.map((v, i) => ({ label: `o${i}`, value: v })),
        min_values: vals.length,
        max_values: vals.length,
      };
      const rows = (copy.components as Json[]).filter((r) => !(r.components ?? []).some((x: Json) => x.custom_id === customId));
      for (const r of rows) r.components = (r.components ?? []).filter((x: Json) => x.custom_id !== customId);
      copy.components = [...rows.filter((r) => r.components.length), { type: 1, components: [select] }];
      return copy;
    };
    const inject = (c: Case): Promise<FakeInteraction> => {
      const t = targets[c.target]!;
      const user = people[c.user]!;
      if (c.kind === 'slash')
        return fake.slash(user, t.channelId, c.name, c.options, {
          ...(c.subcommand ? { subcommand: c.subcommand } : {}),
          ...(c.group ? { subcommandGroup: c.group } : {}),
          memberPermissions: c.perms,
        });
      const message = messageFor(c)!;
      if (c.kind === 'select') return fake.select(user, withSelect(message, user, c.customId, c.values), c.customId, c.values);
      // A button: a select of that id on the message is taken out first, so the forged button is the only one.
      const copy = withSelect(message, user, c.customId, []);
      copy.components = (copy.components as Json[]).slice(0, -1);
      return fake.click(user, forged(copy, user, c.customId), c.customId);
    };

    // ---- run ---------------------------------------------------------------------------------------------------
    const snapshot = async () => ({
      tables: await Promise.all(targets.map((t) => bot.tables.get(t.channelId))),
      results: await bot.records.list(fake.guildId),
    });
    const before = await snapshot();
    expect(before.tables.filter(Boolean)).toHaveLength(6);
    const show = (c: Case) => JSON.stringify(c).slice(0, 300);
    const bad: string[] = [];
    for (let i = 0; i < cases.length; i += BATCH) {
      const batch = cases.slice(i, i + BATCH);
      const done = await Promise.allSettled(batch.map(inject));
      await settle(fake);
      done.forEach((d, k) => {
        const c = batch[k]!;
        if (d.status === 'rejected') return void bad.push(`${show(c)} → ${String(d.reason).slice(0, 200)}`);
        const it = d.value;
        if (it.callbacks.length !== 1 || it.callback?.error)
          bad.push(`${show(c)} → callbacks ${JSON.stringify(it.callbacks.map((x) => x.error?.code ?? x.type))}`);
        else if (!it.callback!.ephemeral) bad.push(`${show(c)} → answered publicly: ${JSON.stringify(it.callback!.data).slice(0, 200)}`);
      });
      const now = await snapshot();
      const changed = now.tables
        .map((tb, k) => (JSON.stringify(tb) === JSON.stringify(before.tables[k]) ? null : targets[k]!.channelId))
        .filter(Boolean);
      if (changed.length || now.results.length !== before.results.length)
        bad.push(`batch ${i / BATCH} changed tables ${changed.join(', ')}: ${batch.map(show).join('\n')}`);
      if (bad.length) break;
    }
    expect(bad).toEqual([]);
    expect(fake.interactions.length).toBeGreaterThanOrEqual(COUNT);
    // The cases reach the game controls' own checks, not only the custom_id decoder.
    const answers = fake.interactions.map((it) => String(it.callback?.data?.content ?? ''));
    if (COUNT >= 2000)
      for (const reached of [
        STALE_NOTE,
        'That hand is not yours',
        'That does not work with your hand',
        'You are not playing at this table',
        'Unknown command /',
        'No Réunion games have been finished',
        'Only members with the **Manage Server**',
        'That button is for a game night',
      ])
        expect(answers.filter((a) => a.startsWith(reached)).length, reached).toBeGreaterThan(0);

    // Nothing changed, nothing crashed, nothing late.
    const after = await snapshot();
    expect(after.tables as (TableRecord | undefined)[]).toEqual(before.tables);
    expect(after.results).toEqual(before.results);
    expect(fake.violations).toEqual([]);
    expect(rejections).toEqual([]);
    expect(errorLogs).toEqual([]);
    expect(bot.client.isReady()).toBe(true);
    expect(fake.connectedBots()).toBe(1);
  });
});
