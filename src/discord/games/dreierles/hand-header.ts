/**
 * The top of a Dreierles hand: what a player needs to decide without scrolling, from the seat's own view only. Every
 * part is public (the bids, the contract and declarer, the announcements, knocks, the cards the declarer took from
 * the blind — the defenders turn them face up: docs/rules/dreierles.md § The blind —, cards played face up, the
 * session's game points), in the reader's language. The rest of the blind and the declarer's own discard stay with
 * the lines hand.ts adds for the seats that may see them.
 */
import type { DreierlesView } from '../../../games/dreierles/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { formatPlays, nameOf } from '../../kit/format.ts';
import type { Names } from '../types.ts';
import { cegoLabel, cegoLabels } from './cego-labels.ts';
import { contractName, signedNumber } from './format.ts';

/** "Bids: Anna Dreier · Bernd passes": the auction so far, while it runs; null before the first word. */
function bidsLine(loc: Locale, view: DreierlesView, names: Names): string | null {
  const words = view.bids.flatMap((b, pos) => {
    if (b === null) return [];
    const name = nameOf(names, view.active[pos] ?? 0);
    return [b === 'pass' ? loc.t('dreierles:hand.header.passes', { name }) : `${name} ${contractName(loc, b)}`];
  });
  return words.length ? loc.t('dreierles:hand.header.bids', { words: words.join(' · ') }) : null;
}

/**
 * The game line once the auction is over: the contract and its declarer with the announcements (Zehn Druck, Pfeife
 * raus), or Räuber; and the knocks so far (from the knocking on). During the auction the bids instead; null before the first bid.
 */
function gameLine(loc: Locale, view: DreierlesView, names: Names): string | null {
  if (view.phase === 'auction') return bidsLine(loc, view, names);
  const parts: string[] = [];
  if (view.contract && view.declarer !== null) {
    parts.push(loc.t('dreierles:hand.header.contract', { contract: contractName(loc, view.contract), name: nameOf(names, view.declarer) }));
    if (view.zehnDruck) parts.push(loc.t('dreierles:hand.header.zehnDruck'));
    if (view.pfeifeRaus) parts.push(loc.t('dreierles:hand.header.pfeifeRaus'));
  } else parts.push(loc.t('dreierles:hand.header.raeuber'));
  if (view.phase !== 'discard' && view.phase !== 'declare') parts.push(loc.t('dreierles:hand.header.knocks', { n: view.knocks }));
  return parts.join(' · ');
}

/** The cards the declarer took from the blind: for the declarer "marked ★ in your hand", for the others who took them. */
function blindLine(loc: Locale, view: DreierlesView, names: Names): string | null {
  if (!view.taken.length || view.declarer === null) return null;
  const cards = cegoLabels(loc, view.taken);
  if (view.seat === view.declarer) return loc.t('dreierles:hand.header.takenMine', { cards, mark: loc.t('dreierles:hand.header.mark') });
  return loc.t('dreierles:hand.header.taken', { cards, name: nameOf(names, view.declarer) });
}

/** The trick being played (its number, who led, each card by its player) and the last trick with its winner. */
function trickLines(loc: Locale, view: DreierlesView, names: Names): string[] {
  if (view.phase !== 'play') return [];
  const label = (c: string) => cegoLabel(loc, c);
  const no = view.tricksPlayed + 1;
  const lines = [
    view.trick.length
      ? loc.t('dreierles:hand.header.trick', { no, leader: nameOf(names, view.trick[0]!.seat), plays: formatPlays(view.trick, names, label) })
      : loc.t('dreierles:hand.header.trickToLead', { no, leader: nameOf(names, view.leader) }),
  ];
  if (view.lastTrick)
    lines.push(
      loc.t('dreierles:hand.header.lastTrick', {
        plays: formatPlays(view.lastTrick.plays, names, label),
        name: nameOf(names, view.lastTrick.winner),
      }),
    );
  return lines;
}

/**
 * A card's button label in the hand of `view.seat`: the declarer's cards that came from the blind carry the mark
 * (`dreierles:hand.header.mark`) that the blind line explains; every other card, and every other seat's, is just its label.
 */
export function handCardLabel(loc: Locale, view: DreierlesView, card: string): string {
  const fromBlind = view.seat !== null && view.seat === view.declarer && view.taken.includes(card);
  return fromBlind
    ? loc.t('dreierles:hand.header.marked', { card: cegoLabel(loc, card), mark: loc.t('dreierles:hand.header.mark') })
    : cegoLabel(loc, card);
}

/**
 * The header lines of the hand of `view.seat`: "Your hand · Dreierles deal 2 of 6", the bids or the contract with
 * declarer and knocks, the cards from the blind, while playing the trick so far and the last trick, and the
 * session's game points per seat. Only the head line once the session is over.
 */
export function handHeader(loc: Locale, view: DreierlesView, names: Names): string[] {
  const head = loc.t('dreierles:hand.head', { no: view.dealNo + 1, total: view.totalDeals });
  if (view.result) return [head];
  const points = loc.t('dreierles:hand.header.points', {
    points: view.totals.map((p, s) => `${nameOf(names, s)} ${signedNumber(loc, p)}`).join(' · '),
  });
  return [head, gameLine(loc, view, names), blindLine(loc, view, names), ...trickLines(loc, view, names), points].filter(
    (l): l is string => l !== null,
  );
}
