/**
 * Public narration of Rommé events in the table's language: melds, lay-offs, joker swaps, discards, going out and
 * the scores. A card drawn from the stock is never named, nor the last card a player goes out with.
 */
import type { Locale } from '../../../i18n/index.ts';
import type { RommeEvent, RommeView } from '../../../games/romme/index.ts';
import { nameOf } from '../../kit/format.ts';
import type { Names } from '../types.ts';
import { cardLabel, cardLabels, describeMeld } from './format.ts';

/** One line per event worth telling (a draw from the stock tells nothing). */
export function narrate(loc: Locale, events: readonly RommeEvent[], names: Names): string[] {
  const lines: string[] = [];
  const t = (key: string, vars: Record<string, unknown> = {}) => lines.push(loc.t(`romme:narrate.${key}`, vars));
  for (const e of events) {
    switch (e.type) {
      case 'drew':
        if (e.from === 'discard' && e.card) t('took', { name: nameOf(names, e.seat), card: cardLabel(loc, e.card) });
        break;
      case 'melded':
        t('melded', { name: nameOf(names, e.seat), melds: e.melds.map((m) => `#${m.no} ${describeMeld(loc, m)}`).join(', '), value: e.value });
        break;
      case 'laidOff':
        t('laidOff', { name: nameOf(names, e.seat), card: cardLabel(loc, e.card), meld: e.meld });
        break;
      case 'swapped':
        t('swapped', {
          name: nameOf(names, e.seat),
          cards: cardLabels(loc, e.naturals),
          meld: e.meld,
          no: e.newMeld.no,
          newMeld: describeMeld(loc, e.newMeld),
        });
        break;
      case 'discarded':
        // Going out, the last card is placed face down.
        if (events.some((x) => x.type === 'wentOut' && x.seat === e.seat)) t('lastCard', { name: nameOf(names, e.seat) });
        else t('discarded', { name: nameOf(names, e.seat), card: cardLabel(loc, e.card) });
        break;
      case 'restocked':
        t('restocked', { count: e.size });
        break;
      case 'stockExhausted':
        t('stockExhausted');
        break;
      case 'wentOut':
        t(e.handRomme ? 'wentOutHand' : 'wentOut', { name: nameOf(names, e.seat) });
        break;
      case 'dealScored':
        t('dealScored', { deal: e.score.dealNo + 1, list: e.score.penalties.map((p, s) => `${nameOf(names, s)} ${loc.number(p)}`).join(' · ') });
        break;
      case 'dealt':
        t(e.turnUp ? 'dealtTurnUp' : 'dealt', {
          deal: e.dealNo + 1,
          dealer: nameOf(names, e.dealer),
          card: e.turnUp ? cardLabel(loc, e.turnUp) : '',
        });
        break;
      case 'gameOver':
        t('gameOver', {
          list: e.result.totals
            .map((total, s) => loc.t('romme:narrate.gameOverSeat', { name: nameOf(names, s), total: loc.number(total), rank: e.result.ranks[s] }))
            .join(' · '),
        });
        break;
    }
  }
  return lines;
}

/**
 * The draw, round by round (ties draw again), and who deals; with seating by the draw (`seatByDraw`, every game
 * since it was built) also the seating it gave, seat by seat from the dealer — `names` are then in that order.
 */
export function opening(loc: Locale, view: RommeView, names: Names): string {
  const draw = view.draw
    .map((round) => round.map((d) => `${nameOf(names, d.seat)} ${cardLabel(loc, d.card)}`).join(' · '))
    .join(loc.t('romme:narrate.then'));
  const dealer = nameOf(names, view.dealer);
  if (!view.options.seatByDraw) return loc.t('romme:narrate.opening', { draw, dealer });
  const seating = Array.from({ length: view.seats }, (_, s) => nameOf(names, s)).join(' → ');
  return loc.t('romme:narrate.openingSeats', { draw, seating, dealer });
}
