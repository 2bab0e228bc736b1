/**
 * The public Réunion table message in the server's language: trump and turn-up, the trick, whose turn, tricks and
 * card points taken in tricks (public), each deal's score and, at the end, the settlement. With 4 or 5 players it
 * names who sits the deal out; with Kleine or Große Ekart the Staubaus calls, the Staubaus with the named card (the
 * card given back stays hidden) and its outcome (docs/rules/reunion.md § Variants). Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { type DealScore, leftBower, rightBower, type ReunionView } from '../../../games/reunion/index.ts';
import type { Names, Payload } from '../types.ts';
import { isPublicView, type TablePicture, trickPicture } from '../../../faces/table-picture.ts';
import { formatPlays, myHandRow, nameOf, signed } from '../../kit/format.ts';
import { activeOf, cardLabel, dealScores, sitOutText, sittingOut, suitName } from './format.ts';

/** The deal's Staubaus line of a finished deal's field: who, the named card, won or lost; null for an ordinary deal. */
function staubausLine(loc: Locale, d: DealScore, names: Names): string | null {
  const s = d.staubaus;
  if (!s) return null;
  return loc.t(s.won ? 'reunion:table.staubausWon' : 'reunion:table.staubausLost', {
    name: nameOf(names, s.announcer),
    named: cardLabel(loc)(s.named),
  });
}

/**
 * One embed field per finished deal: dealer and trump in its name; card points with the score-sheet marks (and who
 * sat out), the Staubaus and the side payments in its value (a field per deal keeps every value far below Discord's
 * 1,024 characters).
 */
export function dealFields(loc: Locale, view: ReunionView, names: Names): { name: string; value: string }[] {
  return view.deals.map((d) => {
    const side = d.sidePayments.map((p) =>
      loc.t('reunion:table.payment', {
        from: nameOf(names, p.from),
        to: nameOf(names, p.to),
        units: loc.number(p.units),
        reason: loc.t(`reunion:table.reason.${p.reason}`),
      }),
    );
    const lines = [staubausLine(loc, d, names), dealScores(loc, d, names)];
    if (side.length) lines.push(loc.t('reunion:table.sidePayments', { payments: side.join(', ') }));
    return {
      name: loc.t('reunion:table.deal', { deal: d.dealNo + 1, dealer: nameOf(names, d.dealer), trump: suitName(loc, d.trump) }),
      value: lines.filter((l): l is string => l !== null).join('\n'),
    };
  });
}

/** " · sat out deals 2, 4" after a seat's result, for the deals it did not play (4 or 5 players); "" otherwise. */
export function satOut(loc: Locale, deals: readonly DealScore[], seat: number): string {
  const out = deals.filter((d) => !activeOf(d).includes(seat)).map((d) => d.dealNo + 1);
  return out.length ? loc.t('reunion:table.satOut', { count: out.length, deals: loc.list(out.map((n) => loc.number(n))) }) : '';
}

/**
 * The game's standing in one line, from the public view (`totals`, `sideUnits`): each seat's card points over the
 * finished deals, and the units of its side payments so far when any were paid, e.g. "**Standing** — card points
 * (units so far): Anna 82 (+1) · Bernd 40 (−1) · Carl 28 (0)"; null before the first deal is scored.
 */
function standingLine(loc: Locale, view: ReunionView, names: Names): string | null {
  if (!view.deals.length) return null;
  const units = view.sideUnits.some((u) => u !== 0);
  const list = names
    .map((n, s) => {
      const points = loc.number(view.totals[s] ?? 0);
      return units ? `${n} ${points} (${signed(view.sideUnits[s] ?? 0)})` : `${n} ${points}`;
    })
    .join(' · ');
  return loc.t(units ? 'reunion:table.standingUnits' : 'reunion:table.standing', { list });
}

/** The trump line: the bowers; in the Große Ekart suit game (a round-2 Staubaus) the other two jacks too. */
function trumpLine(loc: Locale, view: ReunionView): string {
  const label = cardLabel(loc);
  const vars = {
    trump: suitName(loc, view.trump),
    turnUp: label(view.turnUp),
    right: label(rightBower(view.trump)),
    left: label(leftBower(view.trump)),
  };
  return loc.t(view.staubaus?.round === 2 ? 'reunion:table.trumpSuitGame' : 'reunion:table.trump', vars);
}

/** The lines on the Staubaus calls and the exchange (phases announce, name, giveBack) or the Staubaus in play. */
function staubausLines(loc: Locale, view: ReunionView, names: Names): string[] {
  const lines: string[] = [];
  const calls = view.announcements.map((a) =>
    a.call === 'pass'
      ? loc.t('reunion:table.callPass', { name: nameOf(names, a.seat) })
      : loc.t('reunion:table.callStaubaus', { name: nameOf(names, a.seat), suit: a.suit ?? '' }),
  );
  if (view.phase === 'announce') {
    const name = nameOf(names, view.toAct[0] ?? view.dealer);
    lines.push(loc.t(view.announcements.length < 3 ? 'reunion:table.announcing' : 'reunion:table.announcingOther', { name }));
  }
  if (calls.length && view.phase !== 'play') lines.push(loc.t('reunion:table.calls', { calls: calls.join(' · ') }));
  const s = view.staubaus;
  if (s) {
    const vars = { name: nameOf(names, s.announcer), holder: nameOf(names, s.holder ?? 0), named: s.named ? cardLabel(loc)(s.named) : '' };
    if (view.phase === 'name') lines.push(loc.t('reunion:table.staubausNaming', vars));
    else if (view.phase === 'giveBack') lines.push(loc.t('reunion:table.staubausGiving', vars));
    else lines.push(loc.t('reunion:table.staubausPlay', vars));
  }
  return lines;
}

/** The content line mentioning who is to act, by phase. */
function prompt(loc: Locale, view: ReunionView, who: string): string {
  if (view.phase === 'discard') return loc.t('reunion:table.promptDiscard', { who });
  if (view.phase === 'announce') return loc.t('reunion:table.promptAnnounce', { who });
  if (view.phase === 'name' || view.phase === 'giveBack') return loc.t('reunion:table.promptExchange', { who });
  return loc.t('reunion:table.promptPlay', { who });
}

/** Render the public table message while the game runs (the end is `renderResult`, result.ts). */
export function renderTable(loc: Locale, view: ReunionView, names: Names, mentions: readonly string[]): Payload {
  const label = cardLabel(loc);
  const embed = new EmbedBuilder().setColor(view.trump === '♥' || view.trump === '♦' ? 0xc0392b : 0x2c3e50);
  embed.setTitle(loc.t('reunion:table.title', { deal: view.dealNo + 1, deals: view.seats }));
  const toAct = view.toAct[0];
  const out = sittingOut(view.seats, view.active);
  const dealer = loc.t('reunion:table.dealer', { name: nameOf(names, view.dealer) });
  const desc = [trumpLine(loc, view), out.length ? `${dealer} · ${sitOutText(loc, out, names)}` : dealer];
  if (view.phase === 'discard') desc.push(loc.t('reunion:table.discarding', { name: nameOf(names, view.dealer) }));
  desc.push(...staubausLines(loc, view, names));
  if (view.phase === 'play')
    desc.push(
      loc.t('reunion:table.trick', {
        no: view.tricksWon.reduce((a, b) => a + b, 0) + 1,
        plays: view.trick.length ? formatPlays(view.trick, names, label) : '—',
      }),
    );
  if (view.lastTrick)
    desc.push(
      loc.t('reunion:table.lastTrick', { plays: formatPlays(view.lastTrick.plays, names, label), name: nameOf(names, view.lastTrick.winner) }),
    );
  embed.setDescription(desc.join('\n'));
  // In a Staubaus deal card points are not scored: a player's line shows tricks and cards only.
  const players = names.map((n, s) =>
    view.active.includes(s)
      ? loc.t(view.staubaus ? 'reunion:table.playerStaubaus' : 'reunion:table.player', {
          marker: s === toAct ? '▶ ' : '',
          name: n,
          tricks: loc.t('reunion:tricks', { count: view.tricksWon[s] ?? 0 }),
          points: loc.number(view.trickPoints[s] ?? 0),
          cards: loc.t('reunion:cards', { count: view.handSizes[s] ?? 0 }),
        })
      : loc.t('reunion:table.playerOut', { name: n }),
  );
  const standing = standingLine(loc, view, names);
  embed.addFields({ name: loc.t('reunion:table.players'), value: [...players, ...(standing ? [standing] : [])].join('\n') });
  embed.addFields(dealFields(loc, view, names));
  const who = toAct === undefined ? '' : `<@${mentions[0] ?? ''}>`;
  return { content: prompt(loc, view, who), embeds: [embed], components: [myHandRow(loc)], allowedMentions: { users: [...mentions] } };
}

/** The board's picture: the trick in play, or the last one with its winner; from the public view only (else null). */
export const tablePicture = (view: ReunionView, names: Names): TablePicture | null => (isPublicView(view) ? trickPicture(view, names) : null);
