/**
 * Fuzzed web table frames (fast-check): 10,000 frames from three players' sockets and a spectator's at Réunion
 * tables — legal moves of every seat at the current, an old or a made-up version, card plays of every card, lobby
 * actions, pings and now and then a malformed frame (which closes the socket; it opens again). Afterwards every
 * `state` frame a socket received is checked against the game as it was: its view is the engine's view of that
 * socket's own seat (the public view for the spectator) at some point of the move log, and it names no card hidden
 * from that seat then (another hand, the dealer's discard; the cards of the draw for first dealer, earlier deals and
 * tricks already played are public and left out, since the same card ids are dealt again) — no hidden card reaches
 * anyone but its owner.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { FRENCH_32 } from '../../src/cards/french.ts';
import type { ReunionState } from '../../src/games/reunion/index.ts';
import { gameById } from '../../src/tables/games.ts';
import type { LoggedMove } from '../../src/tables/types.ts';
import type { StateFrame } from '../../src/web/protocol.ts';
import { settle } from '../support/bot.ts';
import { openAndStart } from '../support/driver.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { useTableBot } from '../support/table-bot.ts';
import { browserSignIn, isType, openSocket, type TestSocket, webEnv } from '../support/web-client.ts';

const FRAMES = 10_000;

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('web-fuzz-e2e', (t) => ({ fake, bot, users } = t), {
  users: ['alice', 'bob', 'carol', 'sam'],
  bot: (fake) => ({ env: { ...webEnv(fake), WEB_RATE_FRAMES: '100000' } }),
});

/** What one fuzzed frame is, before the table's version is known. */
type Shot =
  | { kind: 'legal'; from: number; seat: number; pick: number; version: 'now' | 'old' | number }
  | { kind: 'card'; from: number; card: string; version: 'now' | 'old' }
  | { kind: 'lobby'; from: number; action: 'join' | 'leave' | 'start' | 'fill' | 'back' }
  | { kind: 'ping'; from: number }
  | { kind: 'junk'; from: number; text: string };

const from = fc.integer({ min: 0, max: 3 });
const version = fc.oneof(fc.constant<'now'>('now'), fc.constant<'old'>('old'), fc.integer({ min: 0, max: 500 }));
const shot: fc.Arbitrary<Shot> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('legal' as const), from, seat: fc.integer({ min: 0, max: 2 }), pick: fc.nat(), version }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('card' as const),
      from,
      card: fc.constantFrom(...FRENCH_32),
      version: fc.constantFrom<'now' | 'old'>('now', 'old'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('lobby' as const),
      from,
      action: fc.constantFrom('join', 'leave', 'start', 'fill', 'back') as fc.Arbitrary<'join'>,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ping' as const), from }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('junk' as const), from, text: fc.oneof(fc.string(), fc.json()) }) },
);

/** The cards hidden from `seat` (null: the public) in a Réunion state: other hands, and the discard but for the dealer. */
function hiddenFrom(s: ReunionState, seat: number | null): string[] {
  const hands = s.hands.filter((_, i) => i !== seat).flat();
  return [...hands, ...(seat === s.dealer ? [] : s.discard)].filter((c) => c !== s.turnUp);
}

it(`no hidden card reaches anyone but its owner over ${FRAMES} fuzzed frames`, { timeout: 300_000 }, async () => {
  const game = gameById('reunion')!;
  const channel = fake.channelId;
  const cookies = await Promise.all(users.map((u) => browserSignIn(bot, fake, u, channel)));
  const sockets: (TestSocket | null)[] = [null, null, null, null];
  const received: { user: number; frames: StateFrame[]; raw: string[] }[] = [];
  const open = async (i: number): Promise<TestSocket> => {
    const socket = await openSocket(bot, { cookie: cookies[i]! });
    socket.send({ type: 'hello', channel });
    await socket.next((f) => f.type === 'state' || f.type === 'closed');
    received.push({ user: i, frames: socket.frames as StateFrame[], raw: socket.raw });
    void socket.closed.then(() => {
      if (sockets[i] === socket) sockets[i] = null;
    });
    return (sockets[i] = socket);
  };
  const tables = new Set<string>();
  const startGame = async () => {
    await openAndStart(fake, channel, users.slice(0, 3));
    await settle(fake);
    tables.add((await bot.tables.get(channel))!.id);
  };
  await startGame();
  for (let i = 0; i < 4; i++) await open(i);

  const shots = fc.sample(shot, { numRuns: FRAMES, seed: 25 });
  let refused = 0;
  for (const [n, s] of shots.entries()) {
    const socket = sockets[s.from] ?? (await open(s.from));
    const table = await bot.tables.get(channel);
    const now = table?.version ?? 0;
    const at = (v: 'now' | 'old' | number) => (v === 'now' ? now : v === 'old' ? now - 1 : v);
    if (s.kind === 'legal') {
      const legal = table?.status === 'playing' ? game.legalMoves(table.state, s.seat) : [];
      socket.send({ type: 'intent', id: n, version: at(s.version), move: legal.length ? legal[s.pick % legal.length]! : { type: 'pass' } });
    } else if (s.kind === 'card') socket.send({ type: 'intent', id: n, version: at(s.version), move: { type: 'play', card: s.card } });
    else if (s.kind === 'lobby') socket.send({ type: 'lobby', id: n, version: now, action: s.action });
    else if (s.kind === 'ping') socket.send({ type: 'ping', id: n });
    else socket.ws.send(s.text);
    if (n % 25 === 24) {
      await bot.web?.idle();
      await settle(fake);
      if (!(await bot.tables.get(channel))) await startGame();
    }
  }
  await bot.web?.idle();
  await settle(fake);
  for (const s of sockets) refused += s?.frames.filter(isType('refused')).length ?? 0;
  expect(refused).toBeGreaterThan(0);

  // The move log of every table played: the live one, or the finished game's record.
  const logs = new Map<string, { seed: string; seats: string[]; options: Record<string, unknown>; moves: LoggedMove[] }>();
  for (const id of tables) {
    const live = await bot.tables.get(channel);
    const source = live?.id === id ? live : await bot.records.ledger.record(fake.guildId, id);
    if (source) logs.set(id, { seed: source.seed, seats: source.seats.map((x) => x.userId), options: source.options, moves: source.moves });
  }
  let checked = 0;
  let moves = 0;
  for (const log of logs.values()) moves += log.moves.length;
  expect(moves).toBeGreaterThan(20);
  for (const { user, frames, raw } of received) {
    for (const [i, frame] of frames.entries()) {
      if (frame.type !== 'state' || frame.status !== 'playing') continue;
      const log = logs.get(frame.tableId);
      if (!log) continue;
      const seat = log.seats.indexOf(users[user]!.id);
      const mine = seat < 0 ? null : seat;
      expect(frame.seat).toBe(mine);
      // The state the frame shows: the first point of the move log whose view for this seat is the frame's.
      let state = game.setup(log.options, log.seats.length, log.seed);
      let found: ReunionState | null = null;
      for (let k = 0; k <= log.moves.length; k++) {
        if (JSON.stringify(game.view(state, mine)) === JSON.stringify(frame.view)) {
          found = state as ReunionState;
          break;
        }
        const m = log.moves[k];
        if (m) state = (game.apply(state, m.seat, m.move) as { state: unknown }).state;
      }
      expect(found, `frame ${i} to ${users[user]!.username} is a view of the game`).not.toBeNull();
      // The frame as sent, less what names cards of other deals (the draw for first dealer, earlier deals, the tricks
      // and last trick already played: public, and the same card ids are dealt again).
      const sent = JSON.parse(raw[i]!) as { view: Record<string, unknown> };
      const text = JSON.stringify({ ...sent, view: { ...sent.view, draw: null, deals: null, tricks: null, lastTrick: null } });
      for (const card of hiddenFrom(found!, mine)) expect(text.includes(`"${card}"`), `${card} hidden from seat ${mine}`).toBe(false);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(100);
});
