/**
 * Public narration of Réunion events in the server's language: each finished trick, bower captures, each deal's
 * score, the draw for first dealer, who sits a deal out, the Staubaus calls, the named card handed over (public), the
 * card given back (never which) and how the Staubaus ended. Events carry no hidden card.
 */
import type { ReunionEvent, ReunionView } from '../../../games/reunion/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import type { Names } from '../types.ts';
import { formatPlays, nameOf, signed } from '../../render/format.ts';
import { cardLabel, dealScores, suitName } from './format.ts';

/** Narrate the events of one move; empty when nothing worth a line happened (a single card played). */
export function narrate(loc: Locale, events: readonly ReunionEvent[], names: Names): string[] {
  const lines: string[] = [];
  const label = cardLabel(loc);
  for (const e of events) {
    switch (e.type) {
      case 'discarded':
        lines.push(loc.t('reunion:narrate.discarded', { name: nameOf(names, e.seat) }));
        break;
      case 'announced':
        lines.push(
          loc.t(e.round === 2 ? 'reunion:narrate.announcedSuitGame' : 'reunion:narrate.announced', {
            name: nameOf(names, e.seat),
            trump: suitName(loc, e.suit),
          }),
        );
        break;
      case 'passed':
        lines.push(loc.t('reunion:narrate.passed', { name: nameOf(names, e.seat) }));
        break;
      case 'handedOver':
        lines.push(loc.t('reunion:narrate.handedOver', { from: nameOf(names, e.from), to: nameOf(names, e.to), card: label(e.card) }));
        break;
      case 'givenBack':
        lines.push(loc.t('reunion:narrate.givenBack', { from: nameOf(names, e.from), to: nameOf(names, e.to) }));
        break;
      case 'staubausOver':
        lines.push(loc.t(e.won ? 'reunion:narrate.staubausWon' : 'reunion:narrate.staubausLost', { name: nameOf(names, e.announcer) }));
        break;
      case 'trickWon':
        lines.push(
          loc.t(e.lastTrick ? 'reunion:narrate.trickWonLast' : 'reunion:narrate.trickWon', {
            no: e.trickNo,
            plays: formatPlays(e.plays, names, label),
            name: nameOf(names, e.winner),
            points: loc.number(e.cardPoints),
          }),
        );
        break;
      case 'bowerCaptured':
        lines.push(loc.t('reunion:narrate.bowerCaptured', { from: nameOf(names, e.from), to: nameOf(names, e.to) }));
        break;
      case 'dealScored': {
        const s = e.score;
        lines.push(
          loc.t('reunion:narrate.dealScored', {
            deal: s.dealNo + 1,
            scores: dealScores(loc, s.cardPoints, s.marks, names),
            discard: loc.number(s.discardPoints),
          }),
        );
        for (let seat = 0; seat < s.tricks.length; seat++)
          if (s.marks[seat] !== 'plain') lines.push(loc.t('reunion:narrate.stange', { name: nameOf(names, seat) }));
        break;
      }
      case 'dealt':
        lines.push(
          loc.t('reunion:narrate.dealt', {
            deal: e.dealNo + 1,
            dealer: nameOf(names, e.dealer),
            turnUp: label(e.turnUp),
            trump: suitName(loc, e.trump),
          }),
        );
        if (e.active.length < names.length) {
          const out = names.flatMap((_, seat) => (e.active.includes(seat) ? [] : [nameOf(names, seat)]));
          lines.push(loc.t('reunion:narrate.sittingOut', { count: out.length, names: loc.list(out) }));
        }
        break;
      case 'gameOver':
        lines.push(loc.t('reunion:narrate.gameOver', { nets: e.result.net.map((n, seat) => `${nameOf(names, seat)} ${signed(n)}`).join(' · ') }));
        break;
      case 'played':
        break;
    }
  }
  return lines;
}

/** The opening line: the public draw for first dealer and the first deal. */
export function opening(loc: Locale, view: ReunionView, names: Names): string {
  const label = cardLabel(loc);
  const rounds = view.draw.map((round) => round.map((d) => `${nameOf(names, d.seat)} ${label(d.card)}`).join(' · '));
  const draw = rounds.length > 1 ? rounds.map((cards, i) => loc.t('reunion:narrate.drawRound', { no: i + 1, cards })).join('; ') : rounds[0];
  return loc.t('reunion:narrate.opening', { draw, dealer: nameOf(names, view.dealer), turnUp: label(view.turnUp), trump: suitName(loc, view.trump) });
}
