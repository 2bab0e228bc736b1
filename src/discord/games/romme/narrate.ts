/**
 * Public narration of Rommé events: melds, lay-offs, joker swaps, discards, going out and the scores.
 * A card drawn from the stock is never named.
 */
import { labelOf } from '../../../games/romme/cards.ts';
import type { Locale } from '../../../i18n/index.ts';
import type { RommeEvent, RommeView } from '../../../games/romme/index.ts';
import { nameOf } from '../../render/format.ts';
import type { Names } from '../types.ts';
import { describeMeld } from './format.ts';

export function narrate(_loc: Locale, events: readonly RommeEvent[], names: Names): string[] {
  const lines: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'drew':
        if (e.from === 'discard' && e.card) lines.push(`${nameOf(names, e.seat)} takes ${labelOf(e.card)} from the discard pile.`);
        break;
      case 'melded':
        lines.push(`${nameOf(names, e.seat)} melds ${e.melds.map((m) => `#${m.no} ${describeMeld(m)}`).join(', ')} (worth ${e.value}).`);
        break;
      case 'laidOff':
        lines.push(`${nameOf(names, e.seat)} lays off ${labelOf(e.card)} on #${e.meld}.`);
        break;
      case 'swapped':
        lines.push(
          `${nameOf(names, e.seat)} swaps ${e.naturals.map(labelOf).join(' ')} for the joker in #${e.meld} and melds #${e.newMeld.no} ${describeMeld(e.newMeld)}.`,
        );
        break;
      case 'discarded':
        // Going out, the last card is placed face down.
        lines.push(
          events.some((x) => x.type === 'wentOut' && x.seat === e.seat)
            ? `${nameOf(names, e.seat)} places the last card face down.`
            : `${nameOf(names, e.seat)} discards ${labelOf(e.card)}.`,
        );
        break;
      case 'restocked':
        lines.push(`The stock is empty: the discard pile is shuffled into a new stock (${e.size} cards).`);
        break;
      case 'stockExhausted':
        lines.push('The stock ran out a second time: the deal ends without a winner.');
        break;
      case 'wentOut':
        lines.push(`**${nameOf(names, e.seat)}** goes out — Rommé!${e.handRomme ? ' Hand-Rommé: the others’ penalties are doubled.' : ''}`);
        break;
      case 'dealScored':
        lines.push(`**Deal ${e.score.dealNo + 1}** penalties: ${e.score.penalties.map((p, s) => `${nameOf(names, s)} ${p}`).join(' · ')}`);
        break;
      case 'dealt':
        lines.push(`**Deal ${e.dealNo + 1}**: ${nameOf(names, e.dealer)} deals${e.turnUp ? `; the turn-up is ${labelOf(e.turnUp)}` : ''}.`);
        break;
      case 'gameOver':
        lines.push(`**Game over.** ${e.result.totals.map((t, s) => `${nameOf(names, s)} ${t} (rank ${e.result.ranks[s]})`).join(' · ')}`);
        break;
    }
  }
  return lines;
}

export function opening(_loc: Locale, view: RommeView, names: Names): string {
  const draw = view.draw.map((round) => round.map((d) => `${nameOf(names, d.seat)} ${d.card}`).join(' · ')).join('; then ');
  return `Drawing for first dealer (highest deals): ${draw}. **${nameOf(names, view.dealer)}** deals and takes the first turn.`;
}
