/**
 * Playing from the web table with the keyboard only, as a keyboard or screen-reader user would: Tab until the
 * control has the focus (the hand is one stop of the Tab order), the arrows within the hand, Enter to play or press,
 * Space to pick a card (checked: the card is then a pressed toggle). No mouse event is sent. And the phone layout's
 * checks of test/e2e/web-phone.e2e.test.ts.
 */
import { expect } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { gameById } from '../../src/tables/games.ts';
import type { UserPage } from './browser.ts';
import { until } from './web-driver.ts';

type Move = { type: string; card?: string; cards?: string[]; groups?: { cards: string[] }[]; naturals?: string[]; meld?: number } & Record<
  string,
  unknown
>;

/** Press Tab until the focused element matches `selector` (fails after `max` presses). */
export async function tabTo(up: UserPage, selector: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await up.page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await up.page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Focus the hand's `card`: Tab into the hand, then the arrows. */
async function toCard(up: UserPage, card: string): Promise<void> {
  await tabTo(up, '.hand button.card');
  const [at, target] = await up.page.evaluate((c) => {
    const cards = [...document.querySelectorAll<HTMLElement>('.hand button.card')];
    return [cards.indexOf(document.activeElement as HTMLElement), cards.findIndex((b) => b.dataset.card === c)];
  }, card);
  expect(target).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < Math.abs(target - at); i++) await up.page.keyboard.press(target > at ? 'ArrowRight' : 'ArrowLeft');
  expect(await up.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.card)).toBe(card);
}

/** Pick the hand's `cards` with Space; each becomes a pressed toggle. */
async function pick(up: UserPage, cards: string[]): Promise<void> {
  for (const c of cards) {
    await toCard(up, c);
    await up.page.keyboard.press('Space');
    await up.page.locator(`.hand button.card[data-card="${c}"][aria-pressed="true"]`).waitFor({ timeout: 5_000 });
  }
}

/** Tab to `selector` and press Enter. */
async function press(up: UserPage, selector: string): Promise<void> {
  await tabTo(up, selector);
  await up.page.keyboard.press('Enter');
}

/** Make `move` with the keyboard on `up`'s page. */
export async function keyMove(up: UserPage, game: string, move: Move): Promise<void> {
  const button = (m: Move): string => `button[data-move='${JSON.stringify(m)}']`;
  if (game === 'romme') {
    if (move.type === 'draw') return press(up, button(move));
    if (move.type === 'discard') {
      await pick(up, [move.card!]);
      return press(up, 'button[data-action="discard"]');
    }
    if (move.type === 'meld') {
      for (const [i, g] of move.groups!.entries()) {
        await pick(up, g.cards);
        if (i < move.groups!.length - 1) await press(up, 'button[data-action="addGroup"]');
      }
      return press(up, 'button[data-action="meld"]');
    }
    await pick(up, move.type === 'layOff' ? [move.card!] : [...move.naturals!, ...move.cards!]);
    return press(up, `button.meld[data-meld="${move.meld}"]`);
  }
  if (move.type === 'discard') {
    await pick(up, move.cards!);
    return press(up, 'button[data-action="discard"]');
  }
  if (move.type === 'name') return press(up, `.picker button.card[data-card="${move.card}"]`);
  if (typeof move.card === 'string') {
    await toCard(up, move.card);
    return up.page.keyboard.press('Enter');
  }
  return press(up, button(move));
}

/** Make `up`'s user's next move (the easy computer player's choice) with the keyboard; resolves once the table moved on. */
export async function keyboardMove(bot: RunningBot, channel: string, up: UserPage): Promise<Move> {
  const table = (await bot.tables.get(channel))!;
  const seat = bot.tables.seatOf(table, up.user.id);
  const game = gameById(table.game)!;
  const move = game.decide('easy', game.view(table.state, seat), {
    seed: `key-${table.version}`,
    budgetMs: 20,
    now: () => performance.now(),
  }) as Move;
  await up.page.locator(`main[data-version="${table.version}"]`).waitFor({ timeout: 15_000 });
  await keyMove(up, table.game, move);
  await until(async () => ((await bot.tables.get(channel))?.version ?? Infinity) > table.version, 15_000, `${up.user.username}'s ${move.type}`);
  return move;
}

/** What the phone checks found on a page (see `phoneLayout`). */
export interface PhoneLayout {
  width: number;
  /** The page's scroll width: more than `width` means it scrolls sideways. */
  scrollWidth: number;
  /** Elements of the page reaching past its left or right edge. */
  outside: string[];
  /** Rows the hand's cards form. */
  handRows: number;
  handCards: number;
  /** Buttons (the hand's cards included) smaller than 40 px either way. */
  small: string[];
  /** Playable cards whose middle is covered by something else or off the screen. */
  covered: string[];
}

/** Wait until the trick's animations (a card flying in, a trick sliding off) have finished on `up`'s page. */
export const trickAnimations = (up: UserPage): Promise<void> =>
  up.page.evaluate(async () => {
    const moving = document.getAnimations().filter((a) => ['fly-in', 'sweep'].includes((a as CSSAnimation).animationName));
    await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
  });

/** Measure `up`'s page once the trick's animations have finished. */
export async function phoneLayout(up: UserPage): Promise<PhoneLayout> {
  await trickAnimations(up);
  return up.page.evaluate(() => {
    document.querySelector('.hand')?.scrollIntoView({ block: 'center' });
    const width = document.documentElement.clientWidth;
    const name = (el: Element): string => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${(el as HTMLElement).dataset.card ?? ''}`;
    const shown = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && !el.closest('[aria-hidden="true"]');
    };
    const outside = [...document.querySelectorAll('.page *')]
      .filter(shown)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < -0.5 || r.right > width + 0.5;
      })
      .map(name);
    const cards = [...document.querySelectorAll<HTMLElement>('.hand button.card')];
    const small = [...document.querySelectorAll('.page button')]
      .filter(shown)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width < 40 || r.height < 40;
      })
      .map(name);
    const covered = [...document.querySelectorAll<HTMLElement>('.hand button.card.playable')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !el.contains(hit);
      })
      .map(name);
    return {
      width,
      scrollWidth: document.documentElement.scrollWidth,
      outside,
      handRows: new Set(cards.map((c) => c.offsetTop)).size,
      handCards: cards.length,
      small,
      covered,
    };
  });
}
