/**
 * The public Réunion table message in the server's language: trump and turn-up, who sits the deal out, a Staubaus and
 * its announcements, the trick, whose turn, tricks and card points taken in tricks (public), each deal's score and, at
 * the end, the settlement. Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { leftBower, rightBower, type ReunionView } from '../../../games/reunion/index.ts';
import type { Names, Payload } from '../types.ts';
import { formatPlays, myHandRow, nameOf, signed } from '../../render/format.ts';
import { cardLabel, dealScores, signedUnits, suitName } from './format.ts';

/**
 * One embed field per finished deal: dealer and trump in its name; card points with the score-sheet marks and the
 * side payments in its value (a field per deal keeps every value far below Discord's 1,024 characters).
 */
function dealFields(loc: Locale, view: ReunionView, names: Names): { name: string; value: string }[] {
  return view.deals.map((d) => {
    const side = d.sidePayments.map((p) =>
      loc.t('reunion:table.payment', {
        from: nameOf(names, p.from),
        to: nameOf(names, p.to),
        units: loc.number(p.units),
        reason: loc.t(`reunion:table.reason.${p.reason}`),
      }),
    );
    const scores = dealScores(loc, d.cardPoints, d.marks, names);
    return {
      name: loc.t('reunion:table.deal', { deal: d.dealNo + 1, dealer: nameOf(names, d.dealer), trump: suitName(loc, d.trump) }),
      value: side.length ? `${scores}\n${loc.t('reunion:table.sidePayments', { payments: side.join(', ') })}` : scores,
    };
  });
}

/** Render the public table message. */
export function renderTable(loc: Locale, view: ReunionView, names: Names, mentions: readonly string[]): Payload {
  const label = cardLabel(loc);
  const embed = new EmbedBuilder().setColor(view.trump === '♥' || view.trump === '♦' ? 0xc0392b : 0x2c3e50);
  if (view.result) {
    const r = view.result;
    embed.setTitle(loc.t('reunion:table.overTitle'));
    const lines = r.totals.map((t, s) =>
      loc.t('reunion:table.result', {
        trophy: r.winners.includes(s) ? '🏆 ' : '',
        name: nameOf(names, s),
        points: loc.number(t),
        side: signed(r.sideUnits[s] ?? 0),
        settlement: signed(r.settlementUnits[s] ?? 0),
        net: signedUnits(loc, r.net[s] ?? 0),
      }),
    );
    embed.setDescription(lines.join('\n'));
    embed.addFields(dealFields(loc, view, names));
    const winners = loc.list(r.winners.map((s) => nameOf(names, s)));
    return {
      content: loc.t('reunion:table.winners', { count: r.winners.length, names: winners }),
      embeds: [embed],
      components: [],
      allowedMentions: { parse: [] },
    };
  }
  embed.setTitle(loc.t('reunion:table.title', { deal: view.dealNo + 1 }));
  const toAct = view.toAct[0];
  const desc = [
    loc.t('reunion:table.trump', {
      trump: suitName(loc, view.trump),
      turnUp: label(view.turnUp),
      right: label(rightBower(view.trump)),
      left: label(leftBower(view.trump)),
    }),
    loc.t('reunion:table.dealer', { name: nameOf(names, view.dealer) }),
  ];
  const out = names.flatMap((_, seat) => (view.active.includes(seat) ? [] : [nameOf(names, seat)]));
  if (out.length) desc.push(loc.t('reunion:table.sittingOut', { count: out.length, names: loc.list(out) }));
  if (view.staubaus)
    desc.push(loc.t('reunion:table.staubaus', { name: nameOf(names, view.staubaus.announcer), trump: suitName(loc, view.staubaus.suit) }));
  if (view.phase === 'discard') desc.push(loc.t('reunion:table.discarding', { name: nameOf(names, view.dealer) }));
  else if (view.phase === 'announce')
    desc.push(loc.t('reunion:table.announcing', { round: view.announcements.length < 3 ? 1 : 2, name: nameOf(names, toAct ?? view.dealer) }));
  else
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
  const players = names.map((n, s) =>
    loc.t('reunion:table.player', {
      marker: s === toAct ? '▶ ' : '',
      name: n,
      tricks: loc.t('reunion:tricks', { count: view.tricksWon[s] ?? 0 }),
      points: loc.number(view.trickPoints[s] ?? 0),
      cards: loc.t('reunion:cards', { count: view.handSizes[s] ?? 0 }),
    }),
  );
  embed.addFields({ name: loc.t('reunion:table.players'), value: players.join('\n') });
  embed.addFields(dealFields(loc, view, names));
  const who = toAct === undefined ? '' : `<@${mentions[0] ?? ''}>`;
  const content = loc.t(view.phase === 'discard' ? 'reunion:table.promptDiscard' : 'reunion:table.promptPlay', { who });
  return { content, embeds: [embed], components: [myHandRow(loc)], allowedMentions: { users: [...mentions] } };
}
