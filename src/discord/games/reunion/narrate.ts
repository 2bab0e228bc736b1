/**
 * Public narration of Réunion events in the server's language: each finished trick, bower captures, each deal's
 * score, the draw for first dealer; with 4 or 5 players who sits each deal out; with Kleine or Große Ekart each
 * Staubaus call, the named card handed over, the card given back (never which one) and how the Staubaus ended
 * (docs/rules/reunion.md § Variants). Events carry no hidden card.
 */
import { suitOf } from '../../../cards/french.ts';
import { type ReunionEvent, type ReunionView, STAUBAUS_UNITS } from '../../../games/reunion/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import type { Names } from '../types.ts';
import { formatPlays, nameOf, signed } from '../../kit/format.ts';
import { activeOf, cardLabel, dealScores, sittingOut, suitName, unitsText } from './format.ts';

/** " Dora sits out this deal." after a deal's first line when `active` leaves seats out (4 or 5 players); "" otherwise. */
function sitsOut(loc: Locale, seats: number, active: readonly number[], names: Names): string {
  const out = sittingOut(seats, active);
  return out.length ? ` ${loc.t('reunion:narrate.sitsOut', { count: out.length, names: loc.list(out.map((s) => nameOf(names, s))) })}` : '';
}

/**
 * After a pass: the line when it closed a round of calls, read from the view after the move (the round's third
 * call): a second round in another suit (Große Ekart), or nobody announced and play starts; null otherwise.
 */
function afterPass(loc: Locale, e: Extract<ReunionEvent, { type: 'passed' }>, view: ReunionView | undefined, names: Names): string | null {
  const last = view?.announcements.at(-1);
  if (!view || !last || last.seat !== e.seat || last.round !== e.round || view.announcements.length !== 3 * e.round) return null;
  if (view.phase === 'announce') return loc.t('reunion:narrate.secondRound', { trump: suitName(loc, suitOf(view.turnUp)) });
  if (view.phase === 'play' && !view.staubaus) return loc.t('reunion:narrate.nobody', { name: nameOf(names, view.toAct[0] ?? view.leader) });
  return null;
}

/**
 * Narrate the events of one move; empty when nothing worth a line happened (a single card played). `view` is the
 * public view after the move (to tell when a pass closed a round of Staubaus calls).
 */
export function narrate(loc: Locale, events: readonly ReunionEvent[], names: Names, view?: ReunionView): string[] {
  const lines: string[] = [];
  const label = cardLabel(loc);
  const seats = names.length; // one name per seat
  // In a Staubaus deal a trick's card points are not scored: the trick is narrated without them.
  const staubaus = !!view?.staubaus?.named || events.some((e) => e.type === 'staubausOver');
  for (const e of events) {
    switch (e.type) {
      case 'discarded':
        lines.push(loc.t('reunion:narrate.discarded', { name: nameOf(names, e.seat) }));
        break;
      case 'announced': {
        const name = nameOf(names, e.seat);
        lines.push(loc.t(e.round === 1 ? 'reunion:narrate.announced' : 'reunion:narrate.announcedSuit', { name, trump: suitName(loc, e.suit) }));
        break;
      }
      case 'passed': {
        lines.push(loc.t('reunion:narrate.passed', { name: nameOf(names, e.seat) }));
        const closing = afterPass(loc, e, view, names);
        if (closing) lines.push(closing);
        break;
      }
      case 'handedOver':
        lines.push(loc.t('reunion:narrate.handedOver', { to: nameOf(names, e.to), from: nameOf(names, e.from), card: label(e.card) }));
        break;
      case 'givenBack':
        lines.push(loc.t('reunion:narrate.givenBack', { from: nameOf(names, e.from), to: nameOf(names, e.to) }));
        break;
      case 'staubausOver': {
        const vars = { name: nameOf(names, e.announcer), units: unitsText(loc, STAUBAUS_UNITS), no: e.tricks + 1 };
        lines.push(loc.t(e.won ? 'reunion:narrate.staubausWon' : 'reunion:narrate.staubausLost', vars));
        break;
      }
      case 'trickWon':
        lines.push(
          loc.t(e.lastTrick ? 'reunion:narrate.trickWonLast' : staubaus ? 'reunion:narrate.trickWonStaubaus' : 'reunion:narrate.trickWon', {
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
        const scores = dealScores(loc, s, names);
        if (s.staubaus) {
          lines.push(loc.t('reunion:narrate.dealScoredStaubaus', { deal: s.dealNo + 1, scores }));
          break;
        }
        lines.push(loc.t('reunion:narrate.dealScored', { deal: s.dealNo + 1, scores, discard: loc.number(s.discardPoints) }));
        for (const seat of activeOf(s)) if (!s.tricks[seat]) lines.push(loc.t('reunion:narrate.stange', { name: nameOf(names, seat) }));
        break;
      }
      case 'dealt':
        lines.push(
          loc.t('reunion:narrate.dealt', {
            deal: e.dealNo + 1,
            dealer: nameOf(names, e.dealer),
            turnUp: label(e.turnUp),
            trump: suitName(loc, e.trump),
          }) + sitsOut(loc, seats, e.active, names),
        );
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

/** The opening line: the public draw for first dealer and the first deal (and who sits it out, with 4 or 5 players). */
export function opening(loc: Locale, view: ReunionView, names: Names): string {
  const label = cardLabel(loc);
  const rounds = view.draw.map((round) => round.map((d) => `${nameOf(names, d.seat)} ${label(d.card)}`).join(' · '));
  const draw = rounds.length > 1 ? rounds.map((cards, i) => loc.t('reunion:narrate.drawRound', { no: i + 1, cards })).join('; ') : rounds[0];
  const line = loc.t('reunion:narrate.opening', {
    draw,
    dealer: nameOf(names, view.dealer),
    turnUp: label(view.turnUp),
    trump: suitName(loc, view.trump),
  });
  return line + sitsOut(loc, view.seats, view.active, names);
}
