/**
 * The card rule of every hand (src/discord/kit/card-rows.ts), checked from the outside on a rendered hand of any
 * game: which card each card control is (decoded from its custom_id against the seat's view), and what breaks the rule
 * — suits sharing a row, a row over five, a group split or out of order, a colour that is not its suit's (trumps and
 * Rommé's jokers Primary, ♥ ♦ Danger, ♠ ♣ Secondary), a picked card without ✓ or an unpicked one with it, a face
 * missing or wrong, a card neither a button nor listed, cards hidden although every group had a row.
 */
import { cegoSuit } from '../../src/cards/cego.ts';
import type { Card } from '../../src/cards/french.ts';
import { handCardLabel } from '../../src/discord/games/dreierles/hand-header.ts';
import { cardLabel } from '../../src/discord/games/romme/format.ts';
import { sortRomme } from '../../src/discord/games/romme/selection.ts';
import { cardEmoji } from '../../src/discord/kit/card-emojis.ts';
import { frenchLabel } from '../../src/discord/kit/french-labels.ts';
import { type DreierlesView, sortCego } from '../../src/games/dreierles/index.ts';
import { isJoker, suitOfCard } from '../../src/games/romme/pack.ts';
import type { RommeView } from '../../src/games/romme/index.ts';
import { effectiveSuit, isTrump, type ReunionView, sortHand } from '../../src/games/reunion/index.ts';
import type { Locale } from '../../src/i18n/index.ts';
import { messageProblems } from './fake-discord.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What the rule needs to know of a game's hand: the cards in display order, each card's group, colour and label. */
interface Spec {
  sorted: string[];
  /** The card of a card control's payload, or null when the payload is no card's. */
  cardOf(payload: string): string | null;
  /** The row group (null: Rommé's joker, of no suit). */
  group(card: string): string | null;
  trump(card: string): boolean;
  label(card: string): string;
  /** Rows the cards may take. */
  rows: number;
}

function specOf(game: string, loc: Locale, view: unknown, body: unknown): Spec {
  if (game === 'reunion') {
    const v = view as ReunionView;
    const sg = v.staubaus?.round === 2;
    return {
      sorted: sortHand(v.hand, v.trump, sg),
      cardOf: (p) => /^[ptg]\.([^.]+)/.exec(p)?.[1] ?? null,
      group: (c) => effectiveSuit(c as Card, v.trump, sg),
      trump: (c) => isTrump(c as Card, v.trump, sg),
      label: (c) => frenchLabel(loc, c as Card),
      rows: v.phase === 'name' && v.legal.length > 0 ? 3 : 4,
    };
  }
  if (game === 'dreierles') {
    const v = view as DreierlesView;
    return {
      sorted: sortCego(v.hand),
      cardOf: (p) => /^[pt]\.([^.]+)/.exec(p)?.[1] ?? null,
      group: (c) => cegoSuit(c),
      trump: (c) => cegoSuit(c) === 'T',
      label: (c) => handCardLabel(loc, v, c),
      rows: 4,
    };
  }
  const v = view as RommeView;
  const sorted = sortRomme(v.hand);
  return {
    sorted,
    cardOf: (p) => {
      const m = /^[xt]([0-9a-z])(~|$)/.exec(p);
      return m ? (sorted[parseInt(m[1] as string, 36)] ?? null) : null;
    },
    group: (c) => (isJoker(c) ? null : suitOfCard(c)),
    trump: (c) => isJoker(c),
    label: (c) => cardLabel(loc, c),
    // Pick mode's menus (meld as, swap, lay off: `a~`, `w~`, `l~`) and the discard step's (`P`) take rows from the cards.
    rows: 4 - JSON.stringify(body).split(/"custom_id":"st:g:[^:"]+:(?:[awl]~|P")/).length + 1,
  };
}

/** A card control of a hand: a button in a row, or an option of the overflow menu (Rommé: or of the discard step's menu). */
export interface CardControl {
  card: string;
  label: string;
  style?: number;
  disabled?: boolean;
  emoji?: { id?: string; name?: string };
}

const payloadOf = (customId: unknown) =>
  String(customId ?? '')
    .split(':')
    .slice(3)
    .join(':');

/** The card buttons of `body` by row (rows without a card left out) and the overflow menu's cards. */
export function cardControls(game: string, loc: Locale, view: unknown, body: unknown): { rows: CardControl[][]; menu: CardControl[] } {
  const spec = specOf(game, loc, view, body);
  const json = JSON.parse(JSON.stringify(body)) as Json;
  const rows: CardControl[][] = [];
  let menu: CardControl[] = [];
  for (const row of json.components ?? []) {
    const kids: Json[] = row.components ?? [];
    const overflow = kids.find((c) => c.type === 3 && payloadOf(c.custom_id) === 'o');
    if (overflow) menu = (overflow.options ?? []).map((o: Json) => ({ card: spec.cardOf(o.value) ?? `?${o.value}`, label: o.label, emoji: o.emoji }));
    // Rommé's discard step offers the cards with no button as "Discard …" in its one menu of melds and lay-offs.
    const shortcuts = game === 'romme' ? kids.find((c) => c.type === 3 && payloadOf(c.custom_id) === 'P') : undefined;
    if (shortcuts)
      menu = (shortcuts.options ?? [])
        .filter((o: Json) => /^x[0-9a-z]$/.test(o.value))
        .map((o: Json) => {
          const card = spec.cardOf(o.value) ?? `?${o.value}`;
          const discard = loc.t('romme:hand.discard', { card: spec.label(card) });
          return { card, label: o.label === discard ? spec.label(card) : `unlike "${discard}": ${o.label}`, emoji: o.emoji };
        });
    const cards = kids.flatMap((c) => {
      const card = c.type === 2 ? spec.cardOf(payloadOf(c.custom_id)) : null;
      return card ? [{ card, label: c.label, style: c.style, disabled: c.disabled, emoji: c.emoji }] : [];
    });
    if (cards.length) rows.push(cards);
  }
  return { rows, menu };
}

/** Rows the groups of `cards` need by the rule: each suit from a row of its own, five a row, jokers in free places first. */
function rowsNeeded(spec: Spec, cards: readonly string[]): number {
  const counts = new Map<string, number>();
  let wild = 0;
  for (const c of cards) {
    const g = spec.group(c);
    if (g === null) wild++;
    else counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  let rows = 0;
  let free = 0;
  for (const n of counts.values()) {
    rows += Math.ceil(n / 5);
    free += (5 - (n % 5)) % 5;
  }
  return rows + Math.ceil(Math.max(wild - free, 0) / 5);
}

/**
 * What breaks the card rule in `body`, the hand of `view` rendered for `loc` with `picked` cards picked (a discard
 * selection, Rommé's picked and set-aside cards); empty when nothing does.
 */
export function cardRuleProblems(game: string, loc: Locale, view: unknown, body: unknown, picked: readonly string[] = []): string[] {
  const spec = specOf(game, loc, view, body);
  const { rows, menu } = cardControls(game, loc, view, body);
  const out: string[] = messageProblems(JSON.parse(JSON.stringify(body))).map((p) => `${p.path}: ${p.message}`);
  const shown = rows.flat().map((c) => c.card);
  const hidden = spec.sorted.filter((c) => !shown.includes(c));
  if (new Set(shown).size !== shown.length) out.push(`a card twice: ${shown.join(' ')}`);
  for (const c of shown) if (!spec.sorted.includes(c)) out.push(`${c} is no card of the hand`);
  // Order: the suit cards follow the hand's display order; a group continues in the next row only from a full one.
  const suitCards = shown.filter((c) => spec.group(c) !== null);
  const order = spec.sorted.filter((c) => suitCards.includes(c));
  if (suitCards.join(' ') !== order.join(' ')) out.push(`order ${suitCards.join(' ')} is not ${order.join(' ')}`);
  const groupOfRow = (row: CardControl[]) => [...new Set(row.map((c) => spec.group(c.card)).filter((g) => g !== null))];
  const seen = new Set<string>();
  rows.forEach((row, r) => {
    const cards = row.map((c) => c.card).join(' ');
    if (row.length > 5) out.push(`row ${r} holds ${row.length} cards`);
    const groups = groupOfRow(row);
    if (groups.length > 1) out.push(`row ${r} mixes ${groups.join(' ')}: ${cards}`);
    const g = groups[0];
    const prev = r > 0 ? groupOfRow(rows[r - 1] as CardControl[])[0] : undefined;
    if (g !== undefined && g === prev && (rows[r - 1] as CardControl[]).filter((c) => spec.group(c.card) !== null).length < 5)
      out.push(`row ${r} goes on with ${g} after a row with room: ${cards}`);
    if (g !== undefined && g !== prev && seen.has(g)) out.push(`${g} comes back in row ${r}`);
    if (g !== undefined) seen.add(g);
    if (g === undefined && rows.some((other) => groupOfRow(other).length && other.length < 5)) out.push(`row ${r} of jokers while a row has room`);
    for (const c of row) {
      const style = spec.trump(c.card) ? 1 : /[♥♦]$/.test(c.card.replace(/\/\d+$/, '')) ? 4 : 2;
      if (c.style !== style) out.push(`${c.card} has style ${c.style}, not ${style}`);
    }
  });
  for (const c of [...rows.flat(), ...menu]) {
    const mark = picked.includes(c.card);
    if (c.label !== (mark ? `✓ ${spec.label(c.card)}` : spec.label(c.card))) out.push(`${c.card} labelled "${c.label}"${mark ? ' (picked)' : ''}`);
    const face = cardEmoji(loc, c.card);
    if ((c.emoji?.id ?? null) !== (face?.id ?? null)) out.push(`${c.card} has emoji ${JSON.stringify(c.emoji)}, not ${face?.id}`);
  }
  for (const c of menu) if (!hidden.includes(c.card)) out.push(`${c.card} is in the menu but also a button`);
  const menuRows = menu.length && !JSON.stringify(body).includes(':P"') ? 1 : 0;
  if (rows.length + menuRows > spec.rows) out.push(`${rows.length} card rows and ${menuRows} menu, only ${spec.rows} allowed`);
  if (hidden.length && rowsNeeded(spec, spec.sorted) <= spec.rows) out.push(`${hidden.join(' ')} hidden though every group fits`);
  if (hidden.length) {
    const groups: string[][] = [];
    for (const c of hidden) {
      const last = groups.at(-1);
      if (last && spec.group(hidden[hidden.indexOf(c) - 1] as string) === spec.group(c)) last.push(c);
      else groups.push([c]);
    }
    const labels = groups.map((g) => g.map((c) => (picked.includes(c) ? `✓ ${spec.label(c)}` : spec.label(c))).join(' ')).join(' · ');
    const line = loc.t('hand.moreCards', { cards: labels });
    if (!String((body as Json).content ?? '').includes(line)) out.push(`the text lacks "${line}"`);
  }
  return out;
}
