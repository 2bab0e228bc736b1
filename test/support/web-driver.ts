/**
 * Playing from the web table in a real browser, as a person would: the move an easy computer player would make for
 * the seat is found (the engine's own legal moves; the page only shows them), then made by clicks — a card in the
 * hand, two cards and Discard, a bid's button, Rommé's picked cards then Meld / a meld on the table / Discard — and
 * the table's version is awaited.
 */
import { expect } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { gameById } from '../../src/tables/games.ts';
import type { UserPage } from './browser.ts';

type Move = { type: string; card?: string; cards?: string[]; groups?: { cards: string[] }[]; naturals?: string[]; meld?: number } & Record<
  string,
  unknown
>;

/** Resolve once `check` holds (polled), or fail after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms = 15_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The seat `user` plays at the channel's table and whether it is theirs to act. */
export async function turnOf(bot: RunningBot, channel: string, userId: string): Promise<{ seat: number; mine: boolean; version: number } | null> {
  const table = await bot.tables.get(channel);
  if (!table || table.status !== 'playing') return null;
  const seat = bot.tables.seatOf(table, userId);
  return { seat, mine: bot.tables.engine(table).toAct(table.state).includes(seat), version: table.version };
}

/** Click a card of the hand (or of the naming picker). */
const clickCard = async (up: UserPage, card: string): Promise<void> => {
  await up.page.locator(`button.card[data-card="${card}"]`).first().click();
};

/** Make `move` by clicks on `up`'s page. */
export async function clickMove(up: UserPage, game: string, move: Move): Promise<void> {
  const { page } = up;
  const button = (m: Move) => page.locator(`button[data-move='${JSON.stringify(m)}']`);
  if (game === 'romme') {
    if (move.type === 'draw') return button(move).click();
    if (move.type === 'discard') {
      await clickCard(up, move.card!);
      return page.locator('button[data-action="discard"]').click();
    }
    if (move.type === 'meld') {
      const groups = move.groups!;
      for (const [i, g] of groups.entries()) {
        for (const c of g.cards) await clickCard(up, c);
        if (i < groups.length - 1) await page.locator('button[data-action="addGroup"]').click();
      }
      return page.locator('button[data-action="meld"]').click();
    }
    if (move.type === 'layOff' || move.type === 'swap') {
      for (const c of move.type === 'layOff' ? [move.card!] : [...move.naturals!, ...move.cards!]) await clickCard(up, c);
      return page.locator(`button.meld[data-meld="${move.meld}"]`).click();
    }
  }
  if (move.type === 'discard') {
    for (const c of move.cards!) await clickCard(up, c);
    return page.locator('button[data-action="discard"]').click();
  }
  if (typeof move.card === 'string') return clickCard(up, move.card);
  return button(move).click();
}

/**
 * Make `up`'s user's next move from the page (the easy computer player's choice for the seat); resolves once the
 * table has moved on. Returns the move.
 */
export async function webMove(bot: RunningBot, channel: string, up: UserPage): Promise<Move> {
  const table = (await bot.tables.get(channel))!;
  const seat = bot.tables.seatOf(table, up.user.id);
  const game = gameById(table.game)!;
  const view = game.view(table.state, seat);
  const move = game.decide('easy', view, { seed: `web-${table.version}`, budgetMs: 20, now: () => performance.now() }) as Move;
  // The page shows the version the move is made at before it is clicked.
  await up.page.locator(`main[data-version="${table.version}"]`).waitFor({ timeout: 15_000 });
  await clickMove(up, table.game, move);
  await until(async () => ((await bot.tables.get(channel))?.version ?? Infinity) > table.version, 15_000, `${up.user.username}'s ${move.type}`);
  const after = await bot.tables.get(channel);
  if (after && after.status === 'playing') expect(after.moves.length).toBeGreaterThan(0);
  return move;
}
