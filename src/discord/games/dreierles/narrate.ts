/**
 * Public narration of Dreierles events. The auction's words show in the table message; narration covers
 * the contract and the cards taken from the blind (public by rule), announcements, knocks, tricks and scores.
 */
import { CONTRACT_INFO, type DreierlesEvent, type DreierlesView } from '../../../games/dreierles/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { formatPlays, nameOf } from '../../render/format.ts';
import type { Names } from '../types.ts';
import { formatDeal, withCents } from './format.ts';

/** Narrate the events of one move; empty for moves that only change the table message (a bid, a card). */
export function narrate(_loc: Locale, events: readonly DreierlesEvent[], names: Names, view: DreierlesView): string[] {
  const lines: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'declarer':
        lines.push(
          `**${nameOf(names, e.seat)}** plays **${CONTRACT_INFO[e.contract].name}**${e.taken.length ? ` and takes ${e.taken.join(' ')} from the blind` : ' (Solo: no cards from the blind)'}.`,
        );
        break;
      case 'raeuber':
        lines.push('Everyone passed: **Räuber** — the player with the most card points pays. Each may knock once.');
        break;
      case 'discarded':
        lines.push(
          `${nameOf(names, e.seat)} has discarded ${e.count}${e.shownTrumps.length ? `, including the trumps ${e.shownTrumps.join(' ')}` : ''}.`,
        );
        break;
      case 'zehnDruck':
        lines.push(`${nameOf(names, e.seat)} announces **Zehn Druck**.`);
        break;
      case 'pfeifeRaus':
        lines.push(`${nameOf(names, e.seat)} lays out the **Pfeife** (trump 1): it must win the last trick.`);
        break;
      case 'knocked':
        lines.push(`${nameOf(names, e.seat)} **knocks** (${e.knocks}: the game counts ×${2 ** e.knocks}).`);
        break;
      case 'trickWon':
        lines.push(`Trick ${e.trickNo}: ${formatPlays(e.plays, names, String)} → **${nameOf(names, e.winner)}**.`);
        break;
      case 'pfeifeForced':
        lines.push(`${nameOf(names, e.seat)} is forced to play the announced Pfeife early: play stops, the rest goes to the defenders.`);
        break;
      case 'dealScored':
        lines.push(formatDeal(e.score, names, view.tariff), `The blind was: ${e.score.blind.join(' ')}`);
        break;
      case 'dealt':
        lines.push(
          `**Deal ${e.dealNo + 1}**: ${nameOf(names, e.dealer)} deals${e.lastRound ? ' — last round: only Solo may be bid, else Räuber' : ''}.`,
        );
        break;
      case 'gameOver':
        lines.push(`**Session over.** ${e.result.totals.map((t, s) => `${nameOf(names, s)} ${withCents(t, e.result.tariff)}`).join(' · ')}`);
        break;
      default:
        break;
    }
  }
  return lines;
}

/** The opening line of a session. */
export function opening(_loc: Locale, view: DreierlesView, names: Names): string {
  const out = view.active.includes(view.dealer) ? '' : ` and sits out this deal`;
  return `Dreierles, ${view.totalDeals} deals. **${nameOf(names, view.dealer)}** deals first${out}; ${nameOf(names, view.active[0] ?? 0)} is forehand and bids first.`;
}
