/**
 * Public narration of Dreierles events, in the server's language. The auction's words show in the table message;
 * narration covers the contract and the cards taken from the blind (public by rule), announcements, knocks, tricks
 * and scores (docs/rules/dreierles.md).
 */
import type { DreierlesEvent, DreierlesView } from '../../../games/dreierles/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { formatPlays, nameOf } from '../../kit/format.ts';
import type { Names } from '../types.ts';
import { cegoLabel, cegoLabels } from './cego-labels.ts';
import { contractName, formatDeal, withCents } from './format.ts';

/** Narrate the events of one move; empty for moves that only change the table message (a bid, a card). */
export function narrate(loc: Locale, events: readonly DreierlesEvent[], names: Names, view: DreierlesView): string[] {
  const lines: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'declarer':
        lines.push(
          loc.t(e.taken.length ? 'dreierles:narrate.declarer' : 'dreierles:narrate.declarerSolo', {
            name: nameOf(names, e.seat),
            contract: contractName(loc, e.contract),
            cards: cegoLabels(loc, e.taken),
          }),
        );
        break;
      case 'raeuber':
        lines.push(loc.t('dreierles:narrate.raeuber'));
        break;
      case 'discarded':
        lines.push(
          loc.t(e.shownTrumps.length ? 'dreierles:narrate.discardedTrumps' : 'dreierles:narrate.discarded', {
            name: nameOf(names, e.seat),
            count: e.count,
            cards: cegoLabels(loc, e.shownTrumps),
          }),
        );
        break;
      case 'zehnDruck':
        lines.push(loc.t('dreierles:narrate.zehnDruck', { name: nameOf(names, e.seat) }));
        break;
      case 'pfeifeRaus':
        lines.push(loc.t('dreierles:narrate.pfeifeRaus', { name: nameOf(names, e.seat) }));
        break;
      case 'knocked':
        lines.push(loc.t('dreierles:narrate.knocked', { name: nameOf(names, e.seat), count: e.knocks, factor: 2 ** e.knocks }));
        break;
      case 'trickWon':
        lines.push(
          loc.t('dreierles:narrate.trickWon', {
            no: e.trickNo,
            plays: formatPlays(e.plays, names, (c) => cegoLabel(loc, c)),
            winner: nameOf(names, e.winner),
          }),
        );
        break;
      case 'pfeifeForced':
        lines.push(loc.t('dreierles:narrate.pfeifeForced', { name: nameOf(names, e.seat) }));
        break;
      case 'dealScored':
        lines.push(formatDeal(loc, e.score, names, view.tariff), loc.t('dreierles:narrate.blind', { cards: cegoLabels(loc, e.score.blind) }));
        break;
      case 'dealt':
        lines.push(
          loc.t(e.lastRound ? 'dreierles:narrate.dealtLastRound' : 'dreierles:narrate.dealt', { no: e.dealNo + 1, dealer: nameOf(names, e.dealer) }),
        );
        break;
      case 'gameOver':
        lines.push(
          loc.t('dreierles:narrate.gameOver', {
            totals: e.result.totals.map((t, s) => `${nameOf(names, s)} ${withCents(loc, t, e.result.tariff)}`).join(' · '),
          }),
        );
        break;
      default:
        break;
    }
  }
  return lines;
}

/** The opening line of a session: how many deals, who deals first (and sits out, at four), who is forehand. */
export function opening(loc: Locale, view: DreierlesView, names: Names): string {
  return loc.t(view.active.includes(view.dealer) ? 'dreierles:narrate.opening' : 'dreierles:narrate.openingSitsOut', {
    count: view.totalDeals,
    dealer: nameOf(names, view.dealer),
    forehand: nameOf(names, view.active[0] ?? 0),
  });
}
