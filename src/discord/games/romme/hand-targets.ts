/**
 * The targets a Rommé hand offers in its menus, each named by the meld's cards ("6♦ on #2 7♥ 8♥ 9♥"), from what the
 * engine's view offers (`view.layOffs`, `swapChoices`): no rule logic here. Values are short codes the hand's
 * parser reads back (./hand.ts).
 */
import type { CardEmoji } from '../../../faces/emoji-ids.ts';
import type { Locale } from '../../../i18n/index.ts';
import type { CardId } from '../../../games/romme/pack.ts';
import { findMelds, type LayOffChoice, type RommeView, swapChoices } from '../../../games/romme/index.ts';
import { cardLabel, cardLabels, describeMeld } from './format.ts';
import { meldName } from './hand-table.ts';

export interface MenuOption {
  value: string;
  label: string;
  /** A card's face, for an option that is one card. */
  emoji?: CardEmoji;
}

/** `2`, `2L` or `2H`: a lay-off's meld number and, for a joker at a run's chosen end, `L`/`H`. */
const layOffCode = (l: LayOffChoice) => `${l.meld}${l.end === 'low' ? 'L' : l.end === 'high' ? 'H' : ''}`;

/** "#2 7♥ 8♥ 9♥", with the end named when a joker fits both ends of the run. */
function targetLabel(loc: Locale, view: RommeView, l: LayOffChoice, offered: readonly LayOffChoice[]): string {
  const meld = view.melds.find((m) => m.no === l.meld);
  const target = meld ? meldName(loc, meld) : `#${l.meld}`;
  const both = l.end !== undefined && offered.filter((o) => o.meld === l.meld && o.card === l.card).length > 1;
  return both ? loc.t(l.end === 'low' ? 'romme:hand.targetLow' : 'romme:hand.targetHigh', { target }) : target;
}

/** Lay-off targets for one selected card: value `<meld>[L|H]`, label the meld by its cards. At most 25. */
export function layOffTargets(loc: Locale, view: RommeView, card: CardId): MenuOption[] {
  const offered = view.layOffs.filter((l) => l.card === card);
  return offered.map((l) => ({ value: layOffCode(l), label: targetLabel(loc, view, l, offered).slice(0, 100) })).slice(0, 25);
}

/**
 * Every lay-off the seat may make now, card and target in one option ("6♦ on #2 7♥ 8♥ 9♥"): value
 * `<card index in the sorted hand, base 36>.<meld>[L|H]`. One option per label and target (the twin of a card is
 * the same choice). At most 25.
 */
export function allLayOffs(loc: Locale, view: RommeView, sorted: readonly CardId[]): MenuOption[] {
  const seen = new Set<string>();
  const out: MenuOption[] = [];
  for (const l of view.layOffs) {
    const label = loc.t('romme:hand.layOffOption', { card: cardLabel(loc, l.card), target: targetLabel(loc, view, l, view.layOffs) }).slice(0, 100);
    if (seen.has(label)) continue;
    seen.add(label);
    out.push({ value: `${sorted.indexOf(l.card).toString(36)}.${layOffCode(l)}`, label });
  }
  return out.slice(0, 25);
}

/**
 * The joker swaps the engine offers for the selection, one entry per way the new meld can be read.
 * Value: `<meld>.<natural indices>` plus `@<start>` for a run. At most 25.
 */
export function swapTargets(loc: Locale, view: RommeView, sel: readonly CardId[], sorted: readonly CardId[]): MenuOption[] {
  const idx = (cards: readonly CardId[]) => cards.map((c) => sorted.indexOf(c).toString(36)).join('');
  return swapChoices(view, sel)
    .map((c) => {
      const meld = view.melds.find((m) => m.no === c.meld);
      return {
        value: `${c.meld}.${idx(c.naturals)}${c.start !== undefined ? `@${c.start}` : ''}`,
        label: loc
          .t('romme:hand.swapOption', {
            count: c.freed.length,
            target: meld ? meldName(loc, meld) : `#${c.meld}`,
            cards: cardLabels(loc, c.naturals),
            result: describeMeld(loc, { no: 0, owner: 0, ...c.reading }),
          })
          .slice(0, 100),
      };
    })
    .slice(0, 25);
}

/**
 * The melds the hand can make now (the engine's finder), most valuable first, to pick in one choice: value the card
 * indices in the sorted hand (base 36), label the meld and its value ("7♥ 8♥ 9♥ (24)"). One option per label and card set;
 * at most 25. Picking only selects the cards: whether they may be melded now is the Meld button's (the engine's) word.
 */
export function meldPicks(loc: Locale, view: RommeView, sorted: readonly CardId[]): MenuOption[] {
  const seen = new Set<string>();
  const out: MenuOption[] = [];
  for (const f of findMelds(view.hand, view.options).sort((a, b) => b.value - a.value || b.cards.length - a.cards.length)) {
    const label = loc.t('romme:hand.meldOption', { meld: describeMeld(loc, { no: 0, owner: 0, ...f }), value: f.value }).slice(0, 100);
    const value = f.cards
      .map((c) => sorted.indexOf(c))
      .sort((a, b) => a - b)
      .map((i) => i.toString(36))
      .join('');
    if (seen.has(label) || seen.has(value)) continue;
    seen.add(label).add(value);
    out.push({ value, label });
  }
  return out.slice(0, 25);
}

/** Lay-offs kept in the discard step's menu when the melds alone would fill it. */
const LAY_OFFS_KEPT = 10;

/** The discard step's shortcuts: the melds the hand can make (`meldPicks`) and every lay-off (`allLayOffs`). */
export interface Shortcuts {
  melds: MenuOption[];
  layOffs: MenuOption[];
}

/** The discard step's shortcuts for the seat to play; null when it can neither meld nor lay off. */
export function shortcutsOf(loc: Locale, view: RommeView, sorted: readonly CardId[]): Shortcuts | null {
  const melds = meldPicks(loc, view, sorted);
  const layOffs = view.mayLayOff ? allLayOffs(loc, view, sorted) : [];
  return melds.length || layOffs.length ? { melds, layOffs } : null;
}

/**
 * The discard step's one menu: the melds (a value of card indices), the lay-offs (a value with a `.`), then `discards`
 * (the cards with no room for a button, as their discard buttons' payloads); at most 25, every discard and up to ten
 * lay-offs kept. Its placeholder names what it offers.
 */
export function discardMenu(
  loc: Locale,
  { melds, layOffs }: Shortcuts,
  discards: readonly MenuOption[],
): { placeholder: string; options: MenuOption[] } {
  const kept = layOffs.slice(0, Math.max(LAY_OFFS_KEPT, 25 - discards.length - melds.length));
  const options = [...melds.slice(0, Math.max(0, 25 - discards.length - kept.length)), ...kept, ...discards].slice(0, 25);
  const key = discards.length
    ? 'romme:hand.moreMoves'
    : melds.length && layOffs.length
      ? 'romme:hand.meldOrLayOff'
      : melds.length
        ? 'romme:hand.pickMeld'
        : 'romme:hand.layOffAny';
  return { placeholder: loc.t(key), options };
}
