/**
 * The one rule every hand lays out and colours its cards by (Réunion, Dreierles, Rommé; with card faces or without):
 * - Suits never share a row: a row holds cards of one group (a suit, or the trumps), at most five; a group of more
 *   than five takes several rows. Cards of no suit (Rommé's jokers) fill free places at the end of the rows before
 *   taking a row of their own.
 * - Trumps stand out, the same suit has the same colour: trumps (and Rommé's jokers) blurple (Primary), ♥ ♦ red
 *   (Danger), ♠ ♣ grey (Secondary). Green (Success) is never a card's.
 * - A picked card (a discard selection, a card picked for a Rommé meld) keeps its colour and is marked ✓.
 * - When the groups need more rows than the hand has, whole groups are buttons as far as the rows go — those with
 *   cards to click now first — and the others are listed in the hand's text (`hiddenLines`); those of them that may be
 *   clicked now are offered in one menu below the rows (a row of its own), each option what its button would have
 *   done (its value the button's payload, read back with `overflowChoice`).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import type { CardEmoji } from '../../faces/emoji-ids.ts';
import type { Locale } from '../../i18n/index.ts';

/** The colour family of a card: a trump (or Rommé's joker), a red suit (♥ ♦) or a black one (♠ ♣). */
export type CardColour = 'trump' | 'red' | 'black';

/** Each colour family's button style, the same in every game. */
const CARD_STYLES: Readonly<Record<CardColour, ButtonStyle>> = {
  trump: ButtonStyle.Primary,
  red: ButtonStyle.Danger,
  black: ButtonStyle.Secondary,
};

/** The colour family of a French or Cego suit symbol (anything else, e.g. Cego's trump suit `T`, is the caller's to map). */
export const suitColour = (suit: string): CardColour => (suit === '♥' || suit === '♦' ? 'red' : 'black');

/** The mark before a picked card's label. */
const PICKED_MARK = '✓';

/** Cards a row holds. */
const PER_ROW = 5;

/** The payload of the overflow menu (`st:g:<stamp>:o`); its values are card buttons' payloads. */
const OVERFLOW_PAYLOAD = 'o';

/** A card of a hand as a control. */
export interface HandCard {
  /** The payload of its button (inside `st:g:<stamp>:…`), and its value in the overflow menu. */
  payload: string;
  /** Its label in the reader's language (without the ✓ mark). */
  label: string;
  /** Its card face, or null (text only). */
  emoji: CardEmoji | null;
  /** Its row group (its suit, or the trumps; cards of a group adjacent, in display order); null for a card of no suit. */
  group: string | null;
  colour: CardColour;
  /** Whether it may be clicked now. */
  enabled: boolean;
  /** Picked: marked ✓, its colour kept. */
  picked?: boolean;
}

/** A hand's cards laid out. */
export interface CardLayout {
  /** The card rows, then the overflow menu's row when there is one: at most the rows allowed. */
  rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[];
  /** The cards not shown as buttons (the groups that did not fit), in display order; empty when all fit. */
  hidden: HandCard[];
  /** Those of them that may be clicked now (at most 25): the overflow menu's options, or the caller's to offer. */
  offered: HandCard[];
}

/** How `cards` fill rows: each group from a new row, five a row, cards of no suit in free places at the end of rows, then rows of their own. */
export function rowsOf<T extends { group: string | null }>(cards: readonly T[]): T[][] {
  const rows: T[][] = [];
  let prev: string | null | undefined;
  for (const card of cards) {
    if (card.group === null) continue;
    const last = rows.at(-1);
    if (last && card.group === prev && last.length < PER_ROW) last.push(card);
    else rows.push([card]);
    prev = card.group;
  }
  const wild = cards.filter((c) => c.group === null);
  for (let r = rows.length - 1; r >= 0 && wild.length; r--) {
    const row = rows[r] as T[];
    row.push(...wild.splice(0, PER_ROW - row.length));
  }
  for (let i = 0; i < wild.length; i += PER_ROW) rows.push(wild.slice(i, i + PER_ROW));
  return rows;
}

/** The cards' groups in display order (cards of no suit one group, last). */
function groupsOf(cards: readonly HandCard[]): HandCard[][] {
  const keys: (string | null)[] = [];
  for (const c of cards) if (!keys.includes(c.group)) keys.push(c.group);
  keys.sort((a, b) => (a === null ? 1 : 0) - (b === null ? 1 : 0));
  return keys.map((k) => cards.filter((c) => c.group === k));
}

/**
 * The groups shown as buttons: all when they fit in `maxRows`; else the choice that hides no card to click now and
 * shows the most cards, or failing that (one row less: the menu's) the one that shows the most cards to click now,
 * then the most cards; among equals the earlier groups.
 */
function shownGroups(groups: readonly HandCard[][], maxRows: number, menuRow: boolean): { shown: HandCard[][]; menu: boolean } {
  if (rowsOf(groups.flat()).length <= maxRows) return { shown: [...groups], menu: false };
  const n = groups.length;
  const pick = (budget: number, ok: (hidden: HandCard[]) => boolean, score: (shown: HandCard[]) => number[]) => {
    let best: { groups: HandCard[][]; score: number[] } | null = null;
    // Bit n-1-i is group i: counting down, among equal scores the earlier groups come first.
    for (let mask = (1 << n) - 1; mask >= 0; mask--) {
      const chosen = groups.filter((_, i) => mask & (1 << (n - 1 - i)));
      const shown = chosen.flat();
      if (rowsOf(shown).length > budget || !ok(groups.filter((g) => !chosen.includes(g)).flat())) continue;
      const s = score(shown);
      if (!best || better(s, best.score)) best = { groups: chosen, score: s };
    }
    return best?.groups ?? null;
  };
  const enabled = (cs: HandCard[]) => cs.filter((c) => c.enabled).length;
  const whole = pick(
    maxRows,
    (hidden) => enabled(hidden) === 0,
    (shown) => [shown.length],
  );
  if (whole) return { shown: whole, menu: false };
  return {
    shown:
      pick(
        Math.max(maxRows - (menuRow ? 1 : 0), 0),
        () => true,
        (shown) => [enabled(shown), shown.length],
      ) ?? [],
    menu: true,
  };
}

/** Whether score `a` beats `b`: the first place they differ decides. */
function better(a: readonly number[], b: readonly number[]): boolean {
  const i = a.findIndex((v, k) => v !== b[k]);
  return i >= 0 && (a[i] as number) > (b[i] as number);
}

/** A card's label with the ✓ mark when picked. */
const markedLabel = (c: HandCard): string => (c.picked ? `${PICKED_MARK} ${c.label}` : c.label);

/**
 * Lay out `cards` (in display order) in at most `maxRows` rows as the rule above says; `id` makes a payload a
 * custom_id, `placeholder` is the overflow menu's (in the reader's language), or null when the caller offers the
 * `offered` cards in a menu of its own (the cards then keep the menu's row).
 */
export function cardLayout(cards: readonly HandCard[], maxRows: number, id: (payload: string) => string, placeholder: string | null): CardLayout {
  const { shown, menu } = shownGroups(groupsOf(cards), maxRows, placeholder !== null);
  const visible = new Set(shown.flat());
  const rows: CardLayout['rows'] = rowsOf(cards.filter((c) => visible.has(c))).map((row) =>
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      row.map((c) => {
        const button = new ButtonBuilder()
          .setCustomId(id(c.payload))
          .setLabel(markedLabel(c))
          .setStyle(CARD_STYLES[c.colour])
          .setDisabled(!c.enabled);
        return c.emoji ? button.setEmoji(c.emoji) : button;
      }),
    ),
  );
  const hidden = cards.filter((c) => !visible.has(c));
  const offered = hidden.filter((c) => c.enabled).slice(0, 25);
  if (menu && offered.length && placeholder !== null)
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(id(OVERFLOW_PAYLOAD))
          .setPlaceholder(placeholder.slice(0, 150))
          .addOptions(offered.map((c) => ({ label: markedLabel(c).slice(0, 100), value: c.payload, ...(c.emoji ? { emoji: c.emoji } : {}) }))),
      ),
    );
  return { rows, hidden, offered };
}

/** The hand's line for the cards not shown as buttons, by group ("More cards: ♣ K 9 · ♦ 3 4"): one line, or none when all are shown. */
export function hiddenLines(loc: Locale, hidden: readonly HandCard[]): string[] {
  if (!hidden.length) return [];
  const groups = groupsOf(hidden).map((g) => g.map(markedLabel).join(' '));
  return [loc.t('hand.moreCards', { cards: groups.join(' · ') })];
}

/**
 * The card payload chosen in the overflow menu: `values[0]` when `payload` is the menu's and the value is a card
 * payload (`isCard`), else null (not the menu, or a forged value).
 */
export function overflowChoice(payload: string, values: readonly string[], isCard: (payload: string) => boolean): string | null {
  if (payload !== OVERFLOW_PAYLOAD || values.length !== 1) return null;
  const value = values[0] as string;
  return value !== OVERFLOW_PAYLOAD && isCard(value) ? value : null;
}
