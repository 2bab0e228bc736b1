/**
 * Public narration of Réunion events: each finished trick, bower captures, each deal's score, the draw
 * for first dealer. Events carry no hidden card.
 */
import type { ReunionEvent, ReunionView } from '../../../games/reunion/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import type { Names } from '../types.ts';
import { formatPlays, nameOf, units } from '../../render/format.ts';
import { formatMark } from './format.ts';

/** Narrate the events of one move; empty when nothing worth a line happened (a single card played). */
export function narrate(_loc: Locale, events: readonly ReunionEvent[], names: Names): string[] {
  const lines: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'discarded':
        lines.push(`${nameOf(names, e.seat)} has discarded two cards face down.`);
        break;
      case 'trickWon':
        lines.push(
          `Trick ${e.trickNo}: ${formatPlays(e.plays, names, String)} → **${nameOf(names, e.winner)}** takes ${e.cardPoints} card points${e.lastTrick ? ' and 10 for the last trick' : ''}.`,
        );
        break;
      case 'bowerCaptured':
        lines.push(`The left bower is captured by the right bower: ${nameOf(names, e.from)} pays ${nameOf(names, e.to)} 1 unit.`);
        break;
      case 'dealScored': {
        const s = e.score;
        const pts = s.cardPoints.map((p, seat) => `${nameOf(names, seat)} ${formatMark(p, s.marks[seat] ?? 'plain')}`).join(' · ');
        lines.push(`**Deal ${s.dealNo + 1} scored**: ${pts} (the dealer's discard held ${s.discardPoints}).`);
        for (let seat = 0; seat < s.tricks.length; seat++)
          if (!s.tricks[seat]) lines.push(`${nameOf(names, seat)} took no trick (Stange) and pays ${units(1)} to each opponent.`);
        break;
      }
      case 'dealt':
        lines.push(`**Deal ${e.dealNo + 1}**: ${nameOf(names, e.dealer)} deals; the turn-up is ${e.turnUp}, so ${e.trump} is trump.`);
        break;
      case 'gameOver':
        lines.push(`**Game over.** Net units: ${e.result.net.map((n, seat) => `${nameOf(names, seat)} ${n > 0 ? '+' : ''}${n}`).join(' · ')}.`);
        break;
      case 'played':
        break;
    }
  }
  return lines;
}

/** The opening line: the public draw for first dealer and the first deal. */
export function opening(_loc: Locale, view: ReunionView, names: Names): string {
  const rounds = view.draw.map((round) => round.map((d) => `${nameOf(names, d.seat)} ${d.card}`).join(' · '));
  const draw = rounds.length > 1 ? rounds.map((r, i) => `draw ${i + 1}: ${r}`).join('; ') : rounds[0];
  return `Drawing for first dealer (lowest deals): ${draw}. **${nameOf(names, view.dealer)}** deals first; the turn-up is ${view.turnUp}, so ${view.trump} is trump.`;
}
