/**
 * End to end: the weekly game night through the real bot (src/bot.ts), the unmodified discord.js client, the fake
 * Discord and the real Redis, on a clock the test moves (the bot's `now`; the fake Discord keeps real time).
 *
 * It proves that
 * 1. `/weekly setup` by a member with Manage Server creates a guild scheduled event for the right UTC instant of
 *    the chosen zone (external, guild only, at the channel) and sets the guild's time zone; a member without it,
 *    a bad time and an unknown time zone are refused ephemerally with no REST call;
 * 2. a day before and an hour before, one reminder each is posted (role mentioned, "I'm in" / "I'm out"), presses
 *    are answered privately and counted on the reminders; at the start a thread is opened with a table of the
 *    three sign-ups, playing, its table message in the thread; "My hand" works there; the next week's event is
 *    created; when the game is over the night's standings are posted once, and `/weekly standings` shows them;
 * 3. a stale sign-up button is refused; nobody signed up → "nobody" and no thread; pause → no reminder at the next
 *    due time and the event deleted, resume → a new event; cancel deletes the upcoming event;
 * 4. two bot processes on one Redis post each reminder once and seat the night once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import type { RunningBot } from '../../src/bot.ts';
import { stampOf } from '../../src/tables/service.ts';
import { cleanupPrefix, settle, settleAll, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, buttons, openHand } from '../support/driver.ts';
import { type FakeDiscord, type FakeInteraction, type FakeMessage, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { answerText } from '../support/refusals.ts';

let fake: FakeDiscord;
let bots: RunningBot[] = [];
let prefix: string;
let admin: FakeUser, alice: FakeUser, bob: FakeUser, carol: FakeUser;
let clock: ReturnType<typeof manualClock>;

/** The bot's clock: starts on Tuesday 1 December 2026, 10:00 UTC, and moves only when the test says so. */
function manualClock() {
  let t = Date.parse('2026-12-01T10:00:00Z');
  return { now: () => t, set: (iso: string) => void (t = Date.parse(iso)) };
}

/** Saturday 5 December 2026, 20:00 in Berlin (CET, UTC+1). */
const START = '2026-12-05T19:00:00.000Z';
const ADMIN = (1n << 5n).toString(); // Manage Server only
const ROLE = '777000000000000001';

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  fake.commands = COMMANDS.map((c) => c.data.toJSON());
  prefix = testPrefix('weekly-e2e');
  clock = manualClock();
  [admin, alice, bob, carol] = ['admin', 'alice', 'bob', 'carol'].map((n) => fake.user(n)) as [FakeUser, FakeUser, FakeUser, FakeUser];
});

afterEach(async () => {
  for (const bot of bots) await bot.stop();
  bots = [];
  await fake?.close();
  await cleanupPrefix(prefix);
});

async function boot(): Promise<RunningBot> {
  const bot = await startTestBot(fake, prefix, 'e2e-seed', { now: clock.now });
  bots.push(bot);
  return bot;
}

const settleBots = () => (bots.length > 1 ? settleAll(fake, bots) : settle(fake));

/** Every scheduled-event request the bot made (method and body). */
const eventRequests = () => fake.requests.filter((r) => r.path.startsWith(`/guilds/${fake.guildId}/scheduled-events`));

function setup(user: FakeUser, options: Record<string, string> = {}, permissions = ADMIN): Promise<FakeInteraction> {
  return fake.slash(
    user,
    fake.channelId,
    'weekly',
    { game: 'reunion', day: 'saturday', time: '20:00', timezone: 'Europe/Berlin', channel: fake.channelId, role: ROLE, ...options },
    { subcommand: 'setup', memberPermissions: permissions },
  );
}

/** Move the clock and let every bot's weekly runner handle what is due. */
async function at(iso: string): Promise<void> {
  clock.set(iso);
  await Promise.all(bots.map((b) => b.weekly.tick()));
  await settleBots();
}

const channelPosts = (): FakeMessage[] => fake.channelMessages(fake.channelId).filter((m) => m.interactionId === null);
const reminders = () => channelPosts().filter((m) => m.content.includes('Game night:'));

async function expectEphemeral(run: Promise<FakeInteraction>, text: RegExp): Promise<void> {
  const it = await run;
  await settleBots();
  expect(it.callback?.error ?? null).toBeNull();
  expect(it.callback?.ephemeral, answerText(it)).toBe(true);
  expect(answerText(it)).toMatch(text);
}

/** Play the table in `threadId` to its end through the table layer, always the first legal move. Returns the moves made. */
async function playOut(bot: RunningBot, threadId: string): Promise<number> {
  let moves = 0;
  for (;;) {
    const table = await bot.tables.get(threadId);
    if (!table) return moves;
    const engine = bot.tables.engine(table);
    const seat = engine.toAct(table.state)[0]!;
    const info = table.seats[seat]!;
    await bot.tables.act(threadId, { userId: info.userId, name: info.name }, stampOf(table), engine.legalMoves(table.state, seat)[0]);
    moves++;
  }
}

describe('weekly game night', () => {
  it('sets up, reminds, seats, plays and posts the standings once; the next week gets its event', async () => {
    const bot = await boot();

    // Refusals: no Manage Server, a bad time, an unknown time zone — ephemeral, no REST call, nothing stored.
    await expectEphemeral(setup(alice, {}, '0'), /Manage Server/);
    await expectEphemeral(setup(admin, { time: '25:00' }), /HH:MM/);
    await expectEphemeral(setup(admin, { time: '7pm' }), /HH:MM/);
    await expectEphemeral(setup(admin, { timezone: 'Mars/Olympus' }), /Europe\/Berlin/);
    expect(eventRequests()).toEqual([]);
    expect(await bot.weekly.nights.config(fake.guildId)).toBeUndefined();

    // Set-up: the scheduled event for Saturday 20:00 Berlin = 19:00 UTC, and the guild's time zone.
    const done = await answered(setup(admin));
    await settle(fake);
    expect(done.callback?.ephemeral).toBe(true);
    expect(answerText(done)).toMatch(/Saturday 5 December 2026, 20:00/);
    const [created] = eventRequests();
    expect(created?.method).toBe('POST');
    expect(created?.body).toMatchObject({
      name: 'Game night: Réunion',
      scheduled_start_time: START,
      scheduled_end_time: '2026-12-05T22:00:00.000Z',
      entity_type: 3,
      privacy_level: 2,
      entity_metadata: { location: '#general' },
    });
    expect(await bot.settings.timeZone(fake.guildId)).toBe('Europe/Berlin');
    const firstEvent = (created?.response as { id: string }).id;
    expect((await bot.weekly.nights.config(fake.guildId))?.next).toEqual({ id: '2026-12-05', startsAt: Date.parse(START), eventId: firstEvent });

    // Nothing before the first reminder is due.
    await at('2026-12-04T18:59:00Z');
    expect(reminders()).toEqual([]);

    // A day before: one reminder, mentioning the role only, with the sign-up buttons.
    await at('2026-12-04T19:00:00Z');
    await at('2026-12-04T19:00:30Z');
    expect(reminders()).toHaveLength(1);
    const first = reminders()[0]!;
    expect(first.content).toContain(`<@&${ROLE}>`);
    expect(first.content).toContain('Game night: Réunion tomorrow at 20:00** (Europe/Berlin)');
    expect(buttons(first).map((b) => [b.custom_id, b.label])).toEqual([
      ['st:wk:in:2026-12-05', "I'm in"],
      ['st:wk:out:2026-12-05', "I'm out"],
    ]);
    const post = fake.payloads.find((p) => p.messageId === first.id && p.kind === 'channel-post');
    expect(post?.body.allowed_mentions).toEqual({ parse: [], roles: [ROLE] });

    // Sign-ups: answered privately, counted on the reminder.
    for (const user of [alice, bob, carol])
      await expectEphemeral(fake.click(user, first, 'st:wk:in:2026-12-05'), /You're in for the Réunion night tomorrow at 20:00/);
    await expectEphemeral(fake.click(alice, first, 'st:wk:in:2026-12-05'), /already signed up/);
    expect(fake.message(first.id)?.content).toContain('3 in:** alice, bob, carol');

    // An hour before: the second reminder, once, with the count.
    await at('2026-12-05T18:00:00Z');
    await at('2026-12-05T18:30:00Z');
    expect(reminders()).toHaveLength(2);
    const second = reminders()[1]!;
    expect(second.content).toContain('Game night: Réunion today at 20:00');
    expect(second.content).toContain('3 in:**');

    // The start: a thread with a table of the three, playing; its table message in the thread; the next week's event.
    await at('2026-12-05T19:00:00Z');
    const [thread] = fake.threads(fake.channelId);
    expect(thread).toBeDefined();
    expect(thread?.name).toBe('Réunion night 2026-12-05 · table 1');
    const table = await bot.tables.get(thread!.id);
    expect(table?.status).toBe('playing');
    expect(table?.seats.map((s) => s.userId)).toEqual([alice.id, bob.id, carol.id]);
    expect(table?.nightId).toBe(`${fake.guildId}:2026-12-05`);
    const tableMessage = fake.message(table?.messageId);
    expect(tableMessage?.channel_id).toBe(thread!.id);
    expect(buttons(tableMessage).map((b) => b.custom_id)).toContain('st:hand');
    const seating = channelPosts().find((m) => m.content.includes('night has started'));
    expect(seating?.content).toContain(`<#${thread!.id}>: <@${alice.id}>, <@${bob.id}>, <@${carol.id}>`);
    // The seating post mentioned each player once; the thread has its board only: no opening post, no second mention.
    expect(fake.channelMessages(thread!.id).map((m) => m.id)).toEqual([table!.messageId]);
    expect(seating?.content.split(`<@${alice.id}>`)).toHaveLength(2);
    const next = eventRequests().filter((r) => r.method === 'POST')[1];
    expect(next?.body?.scheduled_start_time).toBe('2026-12-12T19:00:00.000Z');
    expect((await bot.weekly.nights.config(fake.guildId))?.next.id).toBe('2026-12-12');

    // A stale button: the reminder of the night that started.
    await expectEphemeral(fake.click(bob, first, 'st:wk:out:2026-12-05'), /earlier week|has started/);

    // "My hand" works in the thread, privately.
    const hand = await openHand(fake, table!.messageId!, alice);
    expect(hand.channel_id).toBe(thread!.id);

    // Finish the game; the night's standings follow, once.
    expect(await playOut(bot, thread!.id)).toBe(3 * 31);
    await settle(fake);
    const standings = () => channelPosts().filter((m) => m.content.startsWith('🏆'));
    expect(standings()).toHaveLength(1);
    const text = standings()[0]!.content;
    expect(text).toContain('Réunion night of Saturday 5 December 2026 — standings');
    for (const user of [alice, bob, carol]) expect(text).toMatch(new RegExp(`\\d\\. ${user.username} — [+−0]\\d* units? · \\d wins? · 1 game`));
    expect(text).toContain('Q4 2026 season — top 3');
    const [record] = await bot.records.ledger.all(fake.guildId);
    expect(record?.nightId).toBe(`${fake.guildId}:2026-12-05`);
    const winner = record!.outcomes.filter((o) => o.win).map((o) => o.name);
    for (const name of winner) expect(text).toMatch(new RegExp(`${name} — [^\\n]*1 win `));
    await at('2026-12-05T23:00:00Z');
    expect(standings()).toHaveLength(1);

    // /weekly standings: the latest night, and by its ISO week.
    const report = await answered(fake.slash(bob, fake.channelId, 'weekly', {}, { subcommand: 'standings' }));
    expect(answerText(report)).toContain('final standings');
    const byWeek = await answered(fake.slash(bob, fake.channelId, 'weekly', { week: '2026-W49' }, { subcommand: 'standings' }));
    expect(answerText(byWeek)).toContain('Saturday 5 December 2026');
    await expectEphemeral(fake.slash(bob, fake.channelId, 'weekly', { week: 'soon' }, { subcommand: 'standings' }), /ISO week/);
    expect(fake.violations).toEqual([]);
  });

  it('skips a night nobody signed up for; pause stops reminders and deletes the event, resume and cancel', async () => {
    const bot = await boot();
    await answered(setup(admin));
    await settle(fake);
    await at('2026-12-04T19:00:00Z');
    expect(reminders()).toHaveLength(1);
    await at('2026-12-05T19:00:00Z');
    expect(fake.threads(fake.channelId)).toEqual([]);
    expect(channelPosts().filter((m) => m.content.includes('Nobody signed up'))).toHaveLength(1);
    const config = await bot.weekly.nights.config(fake.guildId);
    expect(config?.next.id).toBe('2026-12-12');

    // Pause: the upcoming event is deleted, and no reminder goes out when it would be due.
    await answered(fake.slash(admin, fake.channelId, 'weekly', {}, { subcommand: 'pause', memberPermissions: ADMIN }));
    await settle(fake);
    expect(eventRequests().at(-1)).toMatchObject({ method: 'DELETE', path: `/guilds/${fake.guildId}/scheduled-events/${config?.next.eventId}` });
    await expectEphemeral(fake.slash(alice, fake.channelId, 'weekly', {}, { subcommand: 'pause', memberPermissions: '0' }), /Manage Server/);
    await at('2026-12-11T19:00:00Z');
    await at('2026-12-12T18:00:00Z');
    expect(reminders()).toHaveLength(1);
    await expectEphemeral(fake.click(alice, reminders()[0]!, 'st:wk:in:2026-12-05'), /earlier week|paused/);

    // Resume (after that night): the next Saturday, with a new event.
    await at('2026-12-13T10:00:00Z');
    await answered(fake.slash(admin, fake.channelId, 'weekly', {}, { subcommand: 'resume', memberPermissions: ADMIN }));
    await settle(fake);
    expect(eventRequests().at(-1)).toMatchObject({ method: 'POST', body: { scheduled_start_time: '2026-12-19T19:00:00.000Z' } });
    const resumed = await bot.weekly.nights.config(fake.guildId);
    expect(resumed?.paused).toBe(false);

    // Cancel: the upcoming event is deleted and the config is gone.
    await answered(fake.slash(admin, fake.channelId, 'weekly', {}, { subcommand: 'cancel', memberPermissions: ADMIN }));
    await settle(fake);
    expect(eventRequests().at(-1)).toMatchObject({ method: 'DELETE', path: `/guilds/${fake.guildId}/scheduled-events/${resumed?.next.eventId}` });
    expect(fake.scheduledEvents.has(resumed!.next.eventId!)).toBe(false);
    expect(await bot.weekly.nights.config(fake.guildId)).toBeUndefined();
    await at('2026-12-18T19:00:00Z');
    expect(reminders()).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });

  it('posts only the later reminder when both were missed, skips a start missed by over 30 minutes, and ends a night whose table was cancelled', async () => {
    const lines: { level: string; msg: string }[] = [];
    const capture = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? '') });
    const log = { info: capture('info'), warn: capture('warn'), error: capture('error'), debug: () => undefined, child: () => log } as never;
    const bot = await startTestBot(fake, prefix, 'e2e-seed', { now: clock.now, log });
    bots.push(bot);
    await answered(setup(admin));
    await settle(fake);

    // Down through both reminder times: only the hour-before one goes out, saying "today".
    await at('2026-12-05T18:30:00Z');
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.content).toContain('today at 20:00');
    await answered(fake.click(alice, reminders()[0]!, 'st:wk:in:2026-12-05'));
    await settle(fake);

    // Down through the start and 45 minutes more: no tables, a warn line, the sign-up told in the channel, the
    // missed night's event deleted, and the next week is set up.
    const missedEvent = (await bot.weekly.nights.config(fake.guildId))?.next.eventId;
    await at('2026-12-05T19:45:00Z');
    expect(fake.threads(fake.channelId)).toEqual([]);
    expect(lines.filter((l) => l.level === 'warn' && /start was missed/.test(l.msg))).toHaveLength(1);
    const skipped = channelPosts().filter((m) => m.content.includes('offline at the start time'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.content).toContain(`<@${alice.id}>`);
    expect(fake.scheduledEvents.has(missedEvent!)).toBe(false);
    expect((await bot.weekly.nights.config(fake.guildId))?.next.id).toBe('2026-12-12');
    expect(
      eventRequests()
        .filter((r) => r.method === 'POST')
        .at(-1)?.body?.scheduled_start_time,
    ).toBe('2026-12-12T19:00:00.000Z');

    // Next week: alice alone plays with two computer players; the host cancels the table in its thread.
    await at('2026-12-12T18:00:00Z');
    await answered(fake.click(alice, reminders().at(-1)!, 'st:wk:in:2026-12-12'));
    await settle(fake);
    await at('2026-12-12T19:00:00Z');
    const [thread] = fake.threads(fake.channelId);
    const table = await bot.tables.get(thread!.id);
    expect(table?.seats.map((s) => s.bot ?? s.userId)).toEqual([alice.id, 'strong', 'strong']);
    await answered(fake.slash(alice, thread!.id, 'table', {}, { subcommand: 'cancel' }));
    await settle(fake);
    expect(await bot.tables.get(thread!.id)).toBeUndefined();

    // The runner's next look finds the night over: standings without a result, once.
    await at('2026-12-12T19:02:00Z');
    await at('2026-12-12T19:04:00Z');
    const standings = channelPosts().filter((m) => m.content.startsWith('🏆'));
    expect(standings).toHaveLength(1);
    expect(standings[0]!.content).toContain("No game of the night's 1 table finished with a result.");
    expect((await bot.weekly.nights.config(fake.guildId))?.active).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it('two bot processes on one Redis post each reminder once and seat the night once', async () => {
    await boot();
    await boot();
    await answered(setup(admin));
    await settleBots();
    expect(eventRequests().filter((r) => r.method === 'POST')).toHaveLength(1);
    await at('2026-12-04T19:00:00Z');
    await at('2026-12-04T19:00:01Z');
    expect(reminders()).toHaveLength(1);
    await answered(fake.click(alice, reminders()[0]!, 'st:wk:in:2026-12-05'));
    await settleBots();
    await at('2026-12-05T18:00:00Z');
    expect(reminders()).toHaveLength(2);
    await at('2026-12-05T19:00:00Z');
    await at('2026-12-05T19:00:01Z');
    expect(fake.threads(fake.channelId)).toHaveLength(1);
    expect(channelPosts().filter((m) => m.content.includes('night has started'))).toHaveLength(1);
    expect(eventRequests().filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(fake.violations).toEqual([]);
  });

  it('a second /weekly setup replaces the upcoming night: sign-ups reset, old buttons stale, the new game, time and channel used', async () => {
    const bot = await boot();
    const other = fake.addChannel('other');
    await answered(setup(admin));
    await settle(fake);
    await at('2026-12-04T19:00:00Z');
    const old = reminders()[0]!;
    for (const user of [alice, bob]) await answered(fake.click(user, old, 'st:wk:in:2026-12-05'));
    await settle(fake);

    // Friday evening: Rommé at 18:00 in #other, same Saturday.
    const again = await answered(setup(admin, { game: 'romme', time: '18:00', channel: other }));
    await settle(fake);
    expect(answerText(again)).toMatch(/Saturday 5 December 2026, 18:00/);
    expect(answerText(again)).toMatch(/2 sign-ups were reset/);
    await expectEphemeral(fake.click(carol, old, 'st:wk:in:2026-12-05'), /changed/);
    expect(await bot.weekly.nights.config(fake.guildId)).toMatchObject({
      game: 'romme',
      time: '18:00',
      channelId: other,
      next: { id: '2026-12-05' },
    });

    // The hour-before reminder goes to #other, saying Rommé at 18:00, with nobody signed up.
    await at('2026-12-05T16:00:00Z');
    const otherPosts = () => fake.channelMessages(other).filter((m) => m.interactionId === null);
    const fresh = otherPosts().find((m) => m.content.includes('Game night:'));
    expect(fresh?.content).toContain('Game night: Rommé today at 18:00');
    expect(fresh?.content).toContain('Nobody has signed up yet');
    expect(reminders()).toHaveLength(1);
    await expectEphemeral(fake.click(carol, fresh!, 'st:wk:in:2026-12-05'), /You're in for the Rommé night today at 18:00/);

    // At 18:00 a Rommé table opens in a thread of #other; the seating says Rommé.
    await at('2026-12-05T17:00:00Z');
    expect(fake.threads(fake.channelId)).toEqual([]);
    const [thread] = fake.threads(other);
    expect(thread?.name).toBe('Rommé night 2026-12-05 · table 1');
    // Carol and a computer player, seated in the order of the draw (Rommé seats its players by the draw).
    const night = (await bot.tables.get(thread!.id))!;
    const joined = [carol.id, 'strong'];
    expect(night.seats.map((s) => s.bot ?? s.userId)).toEqual((night.state as { seating: number[] }).seating.map((j) => joined[j]));
    expect(otherPosts().find((m) => m.content.includes('night has started'))?.content).toContain('The Rommé night has started');
    expect(fake.violations).toEqual([]);
  });

  it('a set-up after that day’s night started starts the week after, and the started night’s buttons stay stale', async () => {
    const bot = await boot();
    await answered(setup(admin));
    await settle(fake);
    await at('2026-12-04T19:00:00Z');
    const old = reminders()[0]!;
    await at('2026-12-05T19:00:00Z');
    expect(channelPosts().filter((m) => m.content.includes('Nobody signed up'))).toHaveLength(1);

    // 20:30 Berlin: set up again for 22:00 the same Saturday → the next Saturday.
    await at('2026-12-05T19:30:00Z');
    const again = await answered(setup(admin, { time: '22:00' }));
    await settle(fake);
    expect(answerText(again)).toMatch(/Next: \*\*Saturday 12 December 2026, 22:00/);
    expect((await bot.weekly.nights.config(fake.guildId))?.next).toMatchObject({ id: '2026-12-12', startsAt: Date.parse('2026-12-12T21:00:00Z') });
    await expectEphemeral(fake.click(alice, old, 'st:wk:in:2026-12-05'), /has started|earlier week/);

    // The following Saturday 22:00 works: reminder, sign-up, table.
    await at('2026-12-12T20:00:00Z');
    const next = reminders().at(-1)!;
    expect(next.content).toContain('today at 22:00');
    await answered(fake.click(alice, next, 'st:wk:in:2026-12-12'));
    await settle(fake);
    await at('2026-12-12T21:00:00Z');
    expect(fake.threads(fake.channelId)).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });

  it('after over a week offline: the missed night is skipped once and in the history, and the next night is the first one ahead', async () => {
    const lines: { level: string; msg: string }[] = [];
    const capture = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? '') });
    const log = { info: capture('info'), warn: capture('warn'), error: capture('error'), debug: () => undefined, child: () => log } as never;
    const bot = await startTestBot(fake, prefix, 'e2e-seed', { now: clock.now, log });
    bots.push(bot);
    await answered(setup(admin));
    await settle(fake);
    const firstEvent = (await bot.weekly.nights.config(fake.guildId))?.next.eventId;

    // Offline from before the first reminder until Wednesday 16 December: one skip line, one warn line.
    await at('2026-12-16T12:00:00Z');
    await at('2026-12-16T12:00:05Z');
    expect(channelPosts().filter((m) => m.content.includes('offline at the start time'))).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'warn' && /start was missed/.test(l.msg))).toHaveLength(1);
    expect(fake.scheduledEvents.has(firstEvent!)).toBe(false);
    const posts = eventRequests().filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body?.scheduled_start_time)).toEqual([START, '2026-12-19T19:00:00.000Z']);
    expect((await bot.weekly.nights.config(fake.guildId))?.next.id).toBe('2026-12-19');
    const report = await answered(fake.slash(bob, fake.channelId, 'weekly', {}, { subcommand: 'standings' }));
    expect(answerText(report)).toContain('night of Saturday 5 December 2026**: no tables were played');
    expect(fake.violations).toEqual([]);
  });

  it('normalizes the time and the time zone, and refuses abbreviations', async () => {
    const bot = await boot();
    await expectEphemeral(setup(admin, { timezone: 'EST' }), /America\/New_York/);
    await expectEphemeral(setup(admin, { timezone: 'Etc/GMT+5' }), /America\/New_York/);
    expect(await bot.weekly.nights.config(fake.guildId)).toBeUndefined();
    const done = await answered(setup(admin, { time: ' 8:00', timezone: 'europe/berlin' }));
    await settle(fake);
    expect(answerText(done)).toContain('every **Saturday at 08:00** (Europe/Berlin)');
    expect(await bot.weekly.nights.config(fake.guildId)).toMatchObject({ time: '08:00', timeZone: 'Europe/Berlin' });
    expect(await bot.settings.timeZone(fake.guildId)).toBe('Europe/Berlin');
  });

  it('a night cancelled while its table is playing still gets its standings when the table closes without a result', async () => {
    const bot = await boot();
    await answered(setup(admin));
    await settle(fake);
    await at('2026-12-05T18:00:00Z');
    await answered(fake.click(alice, reminders()[0]!, 'st:wk:in:2026-12-05'));
    await settle(fake);
    await at('2026-12-05T19:00:00Z');
    const [thread] = fake.threads(fake.channelId);
    await answered(fake.slash(admin, fake.channelId, 'weekly', {}, { subcommand: 'cancel', memberPermissions: ADMIN }));
    await answered(fake.slash(alice, thread!.id, 'table', {}, { subcommand: 'cancel' }));
    await settle(fake);
    await at('2026-12-05T19:02:00Z');
    await at('2026-12-05T19:04:00Z');
    const standings = channelPosts().filter((m) => m.content.startsWith('🏆'));
    expect(standings).toHaveLength(1);
    const report = await answered(fake.slash(bob, fake.channelId, 'weekly', {}, { subcommand: 'standings' }));
    expect(answerText(report)).toContain('final standings');
    expect(answerText(report)).not.toContain('No game has finished yet');
    expect(await bot.weekly.nights.dueGuilds(Date.parse('2026-12-06T00:00:00Z'))).toEqual([]);
  });
});
