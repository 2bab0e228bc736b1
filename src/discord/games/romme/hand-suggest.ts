/**
 * The Rommé hand's Suggestions: the most valuable melds the hand can make (from the engine's finder), set aside
 * ready to meld, with a note — and, after a first meld, where a card could be laid off. Rule source:
 * docs/rules/romme.md § First meld, § A turn (the pick-up Decision).
 */
import type { Locale } from '../../../i18n/index.ts';
import type { CardId } from '../../../games/romme/pack.ts';
import { bestMelds, type Found, type Group, meldReadings, placeTakenInView, readingValue, type RommeView } from '../../../games/romme/index.ts';
import type { HandAction } from '../types.ts';
import { cardLabel, cardLabels } from './format.ts';
import { encodeSelection } from './selection.ts';

/** The melds of a meld move, read as the engine reads them, with their value. */
function placedMelds(groups: readonly Group[], view: RommeView): { melds: Found[]; value: number } {
  const melds = groups.flatMap((g) => {
    const rs = meldReadings(g.cards, view.options);
    const r = rs.find((x) => x.kind === 'run' && x.start === g.start) ?? rs[0];
    return r ? [{ ...r, value: readingValue(r) }] : [];
  });
  return { melds, value: melds.reduce((t, f) => t + f.value, 0) };
}

/**
 * Suggestions for the seat's hand in `view` (`sorted` its cards in display order): a selection with the melds set
 * aside (the hand's pick mode), or an empty selection (discard mode) with advice when there is nothing to set aside.
 */
export function suggest(loc: Locale, view: RommeView, sorted: readonly CardId[]): HandAction {
  // With the pick-up option, the card taken from the pile must be placed: suggest melds that place it.
  const placing = placeTakenInView(view);
  const taken = view.takenFromDiscard;
  const found = bestMelds(view.hand, view.options);
  const usePlacing = placing?.type === 'meld' && taken !== null && !found.melds.some((f) => f.cards.includes(taken));
  const best = usePlacing ? placedMelds(placing.groups, view) : found;
  const first = !view.hasMelded[view.seat ?? 0];
  const layOffs = [...new Set(view.layOffs.map((l) => loc.t('romme:hand.layOffItem', { card: cardLabel(loc, l.card), meld: l.meld })))].slice(0, 5);
  const withLayOffs = (note: string) => (layOffs.length ? `${note} ${loc.t('romme:hand.canLayOff', { list: layOffs.join(', ') })}` : note);
  const melds = best.melds.map((f) => `[${cardLabels(loc, f.cards)}]`).join(' ');
  if (!best.melds.length) return { kind: 'select', selection: [], note: withLayOffs(loc.t('romme:hand.noMeld')) };
  if (view.phase === 'draw') return { kind: 'select', selection: [], note: loc.t('romme:hand.afterDraw', { melds, value: best.value }) };
  const staged = best.melds.map((f): Group => (f.kind === 'run' ? { cards: f.cards, start: f.start } : { cards: f.cards }));
  // A placing meld is legal as it is (it may go out at once below the minimum).
  const short = first && !usePlacing && best.value < view.options.firstMeldMinimum;
  return {
    kind: 'select',
    selection: short ? [] : [encodeSelection({ staged, selected: [] }, sorted)],
    note: short
      ? loc.t('romme:hand.short', { value: best.value, minimum: view.options.firstMeldMinimum })
      : withLayOffs(loc.t('romme:hand.setAside', { melds, value: best.value })),
  };
}
