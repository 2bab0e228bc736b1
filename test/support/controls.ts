/**
 * Makes a move through a hand's controls in any language, without reading a label: the path of clicks (card
 * toggles, menu choices, then the button that makes the move) is found offline by rendering the seat's hand with the
 * game's own UI (`hand` and `parse`, the same code the bot runs) and then clicked on the real hand message. Works
 * because custom_ids never depend on the language. The move is the easy computer player's choice for the seat when
 * the controls can make it, else the first legal move they can.
 */
import { expect } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { uiFor } from '../../src/discord/games/index.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { gameById, type GameId } from '../../src/tables/games.ts';
import { stampOf } from '../../src/tables/service.ts';
import { settle } from './bot.ts';
import type { FakeDiscord, FakeMessage, FakeUser } from './fake-discord.ts';
import { answered, openHand } from './driver.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One control used: a button click, or values chosen in a select menu. */
type Step = { customId: string; values?: string[] };

/** Enabled game controls of a rendered hand: buttons and select menus (with their options and limits). */
function controls(body: Json): { customId: string; kind: 'button' | 'select'; label: string; options: string[]; max: number }[] {
  return (body.components ?? [])
    .flatMap((row: Json) => (row.toJSON?.() ?? row).components ?? [])
    .map((c: Json) => c.toJSON?.() ?? c)
    .filter((c: Json) => typeof c.custom_id === 'string' && c.custom_id.startsWith('st:g:') && !c.disabled)
    .map((c: Json) => ({
      customId: c.custom_id,
      kind: c.type === 3 ? 'select' : 'button',
      label: c.label ?? '',
      options: (c.options ?? []).map((o: Json) => o.value),
      max: c.max_values ?? 1,
    }));
}

/** Value sets to try in a select menu: each value alone, and for a multi-select the sets of up to 4 of the `wanted`. */
function choices(options: string[], max: number, wanted: string[]): string[][] {
  const out = options.map((v) => [v]);
  if (max <= 1) return out;
  const pool = options.filter((v) => wanted.includes(v));
  const grow = (start: number, set: string[]) => {
    if (set.length >= 2) out.push(set);
    if (set.length === Math.min(4, max)) return;
    for (let i = start; i < pool.length; i++) grow(i + 1, [...set, pool[i]!]);
  };
  grow(0, []);
  return out;
}

/** Whether a control's label is a card (in English, as the path is searched). */
const isCard = (label: string) => label === 'Joker' || /^(10|[2-9AJQK])[♣♠♥♦]$/.test(label);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The clicks that make `target` (or, when null, any of `legal`) from the seat's hand as first shown. Searches the
 * hand's selection states breadth first, up to `depth` steps (Rommé: Pick cards, four cards, a swap's target);
 * null when no path is found.
 */
function pathTo(game: GameId, view: unknown, stamp: string, target: unknown, legal: unknown[], wantedCards: string[], depth = 6): Step[] | null {
  const ui = uiFor(game);
  const hand = (selection: string[]) => ui.hand(ENGLISH, view, [], stamp, selection);
  const queue: { selection: string[]; steps: Step[] }[] = [{ selection: [], steps: [] }];
  const seen = new Set<string>(['[]']);
  while (queue.length) {
    const { selection, steps } = queue.shift()!;
    const body = hand(selection);
    for (const c of controls(body)) {
      const payload = c.customId.split(':').slice(3).join(':');
      const labels = new Map<string, string>(
        (body.components ?? [])
          .flatMap((r: Json) => (r.toJSON?.() ?? r).components ?? [])
          .flatMap((x: Json) => (x.toJSON?.() ?? x).options ?? [])
          .map((o: Json) => [o.value, o.label]),
      );
      const wanted = c.options.filter((v) => wantedCards.some((card) => (labels.get(v) ?? '').startsWith(card)));
      for (const values of c.kind === 'select' ? choices(c.options, c.max, wanted) : [[]]) {
        let action;
        try {
          action = ui.parse(ENGLISH, payload, view, values);
        } catch {
          action = null;
        }
        if (!action) continue;
        // A card button that only picks the card (Rommé's pick mode) is followed only for the cards the move needs.
        if (action.kind === 'select' && c.kind === 'button' && isCard(c.label) && !wantedCards.includes(c.label)) continue;
        const step: Step = c.kind === 'select' ? { customId: c.customId, values } : { customId: c.customId };
        if (action.kind === 'move') {
          if (target ? same(action.move, target) : legal.some((m) => same(m, action.move))) return [...steps, step];
          continue;
        }
        const key = JSON.stringify(action.selection);
        if (seen.has(key) || steps.length + 1 >= depth) continue;
        seen.add(key);
        queue.push({ selection: action.selection, steps: [...steps, step] });
      }
    }
  }
  return null;
}

/** The live hand message `id` once its controls carry `stamp` (or as it is after the fake's wait). */
async function liveHandAt(fake: FakeDiscord, id: string, stamp: string): Promise<FakeMessage> {
  const at = () => {
    const hand = fake.message(id);
    return hand && JSON.stringify(hand.components).includes(`:${stamp}:`) ? hand : null;
  };
  return (await fake.waitFor(at).catch(() => null)) ?? fake.message(id)!;
}

/**
 * Make the acting `user`'s next move at the channel's table through their hand's controls (opened with My hand, or
 * `liveHand`: the id of the hand message they already have, which the bot keeps up to date). Returns the hand messages
 * the user was shown on the way. Fails the test when no control makes a legal move.
 */
export async function moveByControls(
  fake: FakeDiscord,
  bot: RunningBot,
  channelId: string,
  messageId: string,
  user: FakeUser,
  liveHand?: string,
): Promise<FakeMessage[]> {
  const table = (await bot.tables.get(channelId))!;
  const seat = bot.tables.seatOf(table, user.id);
  const game = gameById(table.game)!;
  const view = game.view(table.state, seat);
  const legal = game.legalMoves(table.state, seat);
  const target = game.decide('easy', view, { seed: `controls-${table.version}`, budgetMs: 20, now: () => performance.now() });
  const cards = (JSON.stringify(target).match(/[^"[\],{}:]+/g) ?? []).map((c) => c.replace(/\/\d+$/, ''));
  const stamp = `${stampOf(table)}.${seat}`;
  const path = pathTo(table.game as GameId, view, stamp, target, legal, cards) ?? pathTo(table.game as GameId, view, stamp, null, legal, cards);
  expect(path, `no control makes a legal move for ${user.username} (target ${JSON.stringify(target)})`).not.toBeNull();
  // A live hand is acted on once it shows the table as stored, as a player acts once their hand shows their turn: its
  // update may still wait in the bot's background lane (src/discord/lane.ts) when a computer player just moved.
  let hand = liveHand ? await liveHandAt(fake, liveHand, stamp) : await openHand(fake, messageId, user);
  const shown = [hand];
  for (const step of path!) {
    const present = JSON.stringify(hand.components).includes(`"${step.customId}"`);
    expect(present, `${step.customId} on the hand shown to ${user.username}`).toBe(true);
    await answered(step.values ? fake.select(user, hand, step.customId, step.values) : fake.click(user, hand, step.customId));
    await settle(fake);
    hand = fake.message(hand.id)!;
    shown.push(hand);
  }
  return shown;
}
