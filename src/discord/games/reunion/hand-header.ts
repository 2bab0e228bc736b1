/**
 * The top of a Réunion hand: what a player needs to decide without scrolling, from the seat's own view only (every
 * part is public: trump, the turn-up, cards played face up, card points taken in tricks). In the reader's language.
 */
import type { Card } from '../../../cards/french.ts';
import { leftBower, type ReunionView, rightBower, sortHand } from '../../../games/reunion/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { formatPlays, nameOf } from '../../kit/format.ts';
import type { Names } from '../types.ts';
import { cardLabel, cardList, suitName } from './format.ts';

const JACKS: readonly Card[] = ['J♣', 'J♠', 'J♥', 'J♦'];

/**
 * The trump line: the trump suit and the turn-up, and the bowers; in the Große Ekart suit game (a round-2 Staubaus)
 * every jack, highest first (docs/rules/reunion.md § The trumps, § Große Ekart).
 */
function trumpLine(loc: Locale, view: ReunionView): string {
  const label = cardLabel(loc);
  const vars = { trump: suitName(loc, view.trump), turnUp: label(view.turnUp) };
  if (view.staubaus?.round === 2)
    return loc.t('reunion:hand.header.trumpSuitGame', { ...vars, jacks: cardList(loc, sortHand(JACKS, view.trump, true)) });
  return loc.t('reunion:hand.header.trump', { ...vars, right: label(rightBower(view.trump)), left: label(leftBower(view.trump)) });
}

/**
 * The lines of the trick being played (its number, who led, each card by its player), the last trick with its winner,
 * and this deal's card points in tricks of each seat playing it (tricks taken instead in a Staubaus deal, which scores
 * no card points: docs/rules/reunion.md § Kleine Ekart). Only while the cards are played.
 */
function playLines(loc: Locale, view: ReunionView, names: Names): string[] {
  if (view.phase !== 'play') return [];
  const label = cardLabel(loc);
  const lines: string[] = [];
  const no = view.tricks.length + 1;
  if (view.trick.length)
    lines.push(loc.t('reunion:hand.header.trick', { no, leader: nameOf(names, view.trick[0]!.seat), plays: formatPlays(view.trick, names, label) }));
  else lines.push(loc.t('reunion:hand.header.trickToLead', { no, leader: nameOf(names, view.leader) }));
  if (view.lastTrick)
    lines.push(
      loc.t('reunion:hand.header.lastTrick', { plays: formatPlays(view.lastTrick.plays, names, label), name: nameOf(names, view.lastTrick.winner) }),
    );
  const staubaus = view.staubaus !== null;
  const scores = view.active.map((s) => `${nameOf(names, s)} ${loc.number((staubaus ? view.tricksWon[s] : view.trickPoints[s]) ?? 0)}`);
  lines.push(loc.t(staubaus ? 'reunion:hand.header.tricks' : 'reunion:hand.header.points', { scores: scores.join(' · ') }));
  return lines;
}

/**
 * The header lines of the hand of `view.seat`: "Your hand · deal 2 of 3 · dealer …", the trump line, and while
 * playing the trick so far, the last trick and the card points (see `playLines`). Only the head line once the game is over.
 */
export function handHeader(loc: Locale, view: ReunionView, names: Names): string[] {
  const head = loc.t('reunion:hand.head', { deal: view.dealNo + 1, deals: view.seats, dealer: nameOf(names, view.dealer) });
  if (view.result) return [head];
  return [head, trumpLine(loc, view), ...playLines(loc, view, names)];
}
