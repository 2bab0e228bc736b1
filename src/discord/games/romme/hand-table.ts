/**
 * The top of a Rommé hand: what the player needs to decide without scrolling up the channel — the stock size and
 * the discard pile's top card, the melds on the table by number with their cards and owner, and each player's card
 * count and penalty total with whose turn it is (▶). Only public facts: no other player's cards.
 */
import type { Locale } from '../../../i18n/index.ts';
import type { Meld, RommeView } from '../../../games/romme/index.ts';
import { nameOf } from '../../kit/format.ts';
import type { Names } from '../types.ts';
import { cardLabel, describeMeld } from './format.ts';

/** Characters the meld lines may take in the hand's content (which holds at most 2000); the oldest melds go first. */
const MELD_BUDGET = 1000;

/** A meld named by its number and cards: "#2 7♥ 8♥ Joker(9♥)" (jokers as the card they stand for). */
export const meldName = (loc: Locale, meld: Meld): string => `#${meld.no} ${describeMeld(loc, meld)}`;

/** The melds, one a line with the owner, cut from the oldest to fit `MELD_BUDGET`; empty when none. */
function meldLines(loc: Locale, view: RommeView, names: Names): string[] {
  const lines = view.melds.map((m) => `**#${m.no}** ${describeMeld(loc, m)} · ${nameOf(names, m.owner)}`);
  let dropped = 0;
  while (lines.join('\n').length > MELD_BUDGET && lines.length) {
    lines.shift();
    dropped++;
  }
  return dropped ? [loc.t('romme:hand.earlierMelds', { count: dropped }), ...lines] : lines;
}

/** The table as the hand shows it: pile and stock, melds (or "no melds yet"), players with cards and penalty totals. */
export function tableLines(loc: Locale, view: RommeView, names: Names): string[] {
  const melds = meldLines(loc, view, names);
  const players = Array.from({ length: view.seats }, (_, s) =>
    loc.t('romme:hand.playerItem', {
      turn: s === view.turn && !view.result ? '▶ ' : '',
      name: nameOf(names, s),
      count: view.handSizes[s] ?? 0,
      total: loc.number(view.totals[s] ?? 0),
    }),
  );
  return [
    loc.t('romme:hand.pile', {
      stock: loc.t('romme:table.cards', { count: view.stockSize }),
      top: view.discardTop ? cardLabel(loc, view.discardTop) : '—',
    }),
    ...(melds.length ? melds : [loc.t('romme:table.noMelds')]),
    loc.t('romme:hand.players', { list: players.join(' · ') }),
  ];
}
