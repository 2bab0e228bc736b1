/**
 * Réunion played by clicks while the bot or its storage fails underneath (chaos tests). Whose turn it is comes
 * from the stored table (the table message may be stale after a crash); the player presses My hand and clicks
 * an enabled card. Every final click (a card played, a discard confirmed) is kept as a `MoveAttempt` with the
 * index the move would take in the game's log, so `checkFinishedGame` can prove that every move that got a
 * success reply is stored, at its place, once.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { STALE_NOTE } from '../../src/discord/hand/clicks.ts';
import { replay, result as reunionResult, toAct, type ReunionMove, type ReunionOptions, type ReunionState } from '../../src/games/reunion/index.ts';
import type { FinishedGame, TableStore } from '../../src/tables/types.ts';
import type { FakeDiscord, FakeInteraction, FakeMessage, FakeUser } from './fake-discord.ts';
import { buttons } from './driver.ts';

/** Moves in a whole three-player game of Réunion: three deals of one discard and 30 cards. */
export const REUNION_MOVES = 3 * 31;

/** One final click: the move `move` of `seat`, made when the table `tableId` had `index` moves. */
export interface MoveAttempt {
  tableId: string;
  channelId: string;
  index: number;
  seat: number;
  move: ReunionMove;
  /** The live interaction (its callback may still arrive after the attempt returned). */
  interaction: FakeInteraction;
}

/**
 * How the bot answered a click on a hand control:
 * - `success`: the hand was updated after the move — an update (callback type 7), or a deferred update (type 6,
 *   sent when the answer takes over 2 s) followed by an edit of the hand — with no stale or game-over note and no
 *   refusal;
 * - `refused`: an accepted answer that says nothing was done (an ephemeral refusal, a stale hand refreshed, a closed hand);
 * - `unanswered`: no callback, one Discord refused (too late, 10062), or a deferral never followed up: the move may
 *   or may not have been applied.
 */
export type ClickOutcome = 'success' | 'refused' | 'unanswered';

/** Whether a hand's text says nothing was played: refreshed as stale, or closed because the game is over ("This game of Réunion is over…"). */
const saysNothingDone = (text: string): boolean => text.includes(STALE_NOTE) || /^This game (of \S+ )?is over/.test(text);

/** Classify the bot's answer to a hand control click (see `ClickOutcome`). */
export function outcomeOf(fake: FakeDiscord, it: FakeInteraction): ClickOutcome {
  const cb = it.callback;
  if (!cb || cb.error) return 'unanswered';
  if (cb.type === 7) return saysNothingDone(String(cb.data?.content ?? '')) ? 'refused' : 'success';
  if (cb.type !== 6) return 'refused';
  // Deferred: what followed on the interaction's token decides.
  const after = fake.payloads.filter((p) => p.request.path.includes(`/${it.token}`) && p.request.status < 400);
  if (after.some((p) => p.kind === 'followup')) return 'refused';
  const edit = after.find((p) => p.kind === 'webhook-edit');
  if (!edit) return 'unanswered';
  return saysNothingDone(String(edit.body?.content ?? '')) ? 'refused' : 'success';
}

/**
 * Click `customId` on `message` as `user`; resolves with the live interaction once the bot answered, the fake
 * gave up waiting (`callbackTimeoutMs`), or `gone` resolved (the bot that would answer was killed). Never rejects
 * for a missing answer.
 */
export async function tryClick(
  fake: FakeDiscord,
  user: FakeUser,
  message: FakeMessage,
  customId: string,
  gone?: Promise<unknown>,
): Promise<FakeInteraction> {
  const answered = fake.click(user, message, customId).then(
    () => undefined,
    () => undefined,
  );
  const it = fake.interactions[fake.interactions.length - 1] as FakeInteraction;
  await (gone ? Promise.race([answered, gone]) : answered);
  return it;
}

/** The game control's payload (after `st:g:<stamp>:`). */
const payloadOf = (customId: string): string => customId.split(':').slice(3).join(':');
/** The stamp `<tableId>.<version>.<seat>` of a hand message's controls, or null. */
const stampOf = (hand: FakeMessage): string | null =>
  buttons(hand)
    .find((b) => b.custom_id.startsWith('st:g:'))
    ?.custom_id.split(':')[2] ?? null;
/** Enabled game controls of a hand whose payload starts with `kind`. */
const controls = (hand: FakeMessage, kind: string) =>
  buttons(hand).filter((b) => b.custom_id.startsWith('st:g:') && !b.disabled && payloadOf(b.custom_id).startsWith(kind));
/** Whether a discard toggle `t.<card>.<selection>` shows its card as selected. */
const isSelected = (customId: string): boolean => {
  const [, card = '', sel = ''] = payloadOf(customId).split('.');
  return sel.split(',').includes(card);
};

/** What `playOneMove` did. */
export type StepResult = 'no-table' | 'moved' | 'retry';

/** Everything `playOneMove` needs. */
export interface PlayContext {
  fake: FakeDiscord;
  /** The bot's table store (same Redis and prefix), read-only here. */
  tables: TableStore;
  /** The players of every table; seats are found by user id. */
  users: FakeUser[];
  /** Seeded choice in [0, 1) of which enabled card to click. */
  rng: () => number;
  /** Every final click is appended here. */
  attempts: MoveAttempt[];
  /** A promise that resolves when the bot now running dies (clicks stop waiting for it); none = wait for the fake's timeout. */
  gone?: () => Promise<unknown>;
}

/**
 * One move at the table in `channelId` for whoever must act: press My hand on the table message, (dealer) select
 * two cards, click the move. Returns `no-table` when the channel has no table, `moved` once the final click was
 * answered or given up on (recorded in `attempts`), `retry` when something on the way was not answered as
 * expected (the bot was down, a lock was held, the table moved on) and nothing final was clicked.
 */
export async function playOneMove(ctx: PlayContext, channelId: string): Promise<StepResult> {
  const { fake } = ctx;
  const table = await ctx.tables.get(channelId);
  if (!table) return 'no-table';
  if (table.status !== 'playing' || !table.messageId) return 'retry';
  const state = table.state as ReunionState;
  const seat = toAct(state)[0];
  if (seat === undefined) return 'retry';
  const user = ctx.users.find((u) => u.id === table.seats[seat]?.userId);
  const tableMessage = fake.message(table.messageId);
  if (!user || !tableMessage) throw new Error(`chaos: no player or table message for seat ${seat} in ${channelId}`);
  const gone = ctx.gone?.();
  const opened = await tryClick(fake, user, tableMessage, 'st:hand', gone);
  if (opened.callback?.error !== null || opened.callback.type !== 4) return 'retry';
  let hand = fake.message(opened.originalMessageId);
  if (!hand || stampOf(hand) !== `${table.id}.${table.version}.${seat}`) return 'retry';
  const pick = <T>(list: T[]): T => {
    if (!list.length) throw new Error(`chaos: nothing to click on the hand: ${JSON.stringify(hand?.components)}`);
    return list[Math.floor(ctx.rng() * list.length)] as T;
  };
  let final: string;
  let move: ReunionMove;
  if (state.phase === 'discard') {
    for (let i = 0; i < 2; i++) {
      const toggle = pick(controls(hand, 't.').filter((b) => !isSelected(b.custom_id)));
      const it = await tryClick(fake, user, hand, toggle.custom_id, gone);
      if (outcomeOf(fake, it) !== 'success') return 'retry';
      hand = fake.message(hand.id) as FakeMessage;
    }
    final = pick(controls(hand, 'd.')).custom_id;
    move = { type: 'discard', cards: payloadOf(final).slice(2).split(',') as [string, string] } as ReunionMove;
  } else {
    final = pick(controls(hand, 'p.')).custom_id;
    move = { type: 'play', card: payloadOf(final).slice(2) } as ReunionMove;
  }
  const attempt = { tableId: table.id, channelId, index: table.moves.length, seat, move } as MoveAttempt;
  const clicked = fake.click(user, hand, final).then(
    () => undefined,
    () => undefined,
  );
  attempt.interaction = fake.interactions[fake.interactions.length - 1] as FakeInteraction;
  ctx.attempts.push(attempt);
  await (gone ? Promise.race([clicked, gone]) : clicked);
  return 'moved';
}

/**
 * Check a finished game against the clicks made at it: a whole game that replays from its seed to the stored
 * result; every move that got a success reply at its index (so in order, and applied once: two successes never
 * share an index); every stored move made by a click that was not refused (nothing applied twice or made up).
 * Returns how many successes the game had.
 */
export function checkFinishedGame(fake: FakeDiscord, game: FinishedGame, attempts: readonly MoveAttempt[]): number {
  const label = `game ${game.id} in ${game.channelId}`;
  expect(game.moves, label).toHaveLength(REUNION_MOVES);
  const state = replay(game.options as unknown as ReunionOptions, game.seats.length, game.seed, game.moves as { seat: number; move: ReunionMove }[]);
  expect(reunionResult(state), label).toEqual(game.result);
  const mine = attempts.filter((a) => a.tableId === game.id);
  const successes = mine.filter((a) => outcomeOf(fake, a.interaction) === 'success');
  const indices = successes.map((a) => a.index);
  expect(indices, `${label}: success replies at increasing move indices`).toEqual([...new Set(indices)].sort((x, y) => x - y));
  for (const a of successes) expect(game.moves[a.index], `${label}: move ${a.index} got a success reply`).toEqual({ seat: a.seat, move: a.move });
  game.moves.forEach((m, i) => {
    const madeBy = mine.some(
      (a) => a.index === i && outcomeOf(fake, a.interaction) !== 'refused' && isDeepStrictEqual({ seat: a.seat, move: a.move }, m),
    );
    const clicks = mine
      .filter((a) => a.index === i)
      .map((a) => ({
        move: a.move,
        outcome: outcomeOf(fake, a.interaction),
        callbacks: a.interaction.callbacks.map((c) => ({ type: c.type, error: c.error?.code, content: String(c.data?.content ?? '').slice(0, 80) })),
      }));
    expect(
      madeBy,
      `${label}: stored move ${i} ${JSON.stringify(m)} comes from a click that was not refused; clicks at ${i}: ${JSON.stringify(clicks)}`,
    ).toBe(true);
  });
  return successes.length;
}
