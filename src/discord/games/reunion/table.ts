/**
 * The public Réunion table message: trump and turn-up, the trick, whose turn, tricks and card points
 * taken in tricks (public), each deal's score and, at the end, the settlement. Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { leftBower, rightBower, type ReunionView } from '../../../games/reunion/index.ts';
import type { Names, Payload } from '../types.ts';
import { formatPlays, myHandRow, nameOf, plural, signed } from '../../render/format.ts';
import { formatMark } from './format.ts';

function dealsField(view: ReunionView, names: Names): string {
  return view.deals
    .map((d) => {
      const scores = d.cardPoints.map((p, s) => `${nameOf(names, s)} ${formatMark(p, d.marks[s] ?? 'plain')}`).join(' · ');
      const side = d.sidePayments.map(
        (p) => `${nameOf(names, p.from)}→${nameOf(names, p.to)} ${p.units} (${p.reason === 'bower' ? 'bower' : 'no trick'})`,
      );
      return `**Deal ${d.dealNo + 1}** (${nameOf(names, d.dealer)} dealt, trump ${d.trump}): ${scores}${side.length ? `\n  side payments: ${side.join(', ')}` : ''}`;
    })
    .join('\n');
}

/** Render the public table message. */
export function renderTable(_loc: Locale, view: ReunionView, names: Names, mentions: readonly string[]): Payload {
  const embed = new EmbedBuilder().setColor(view.trump === '♥' || view.trump === '♦' ? 0xc0392b : 0x2c3e50);
  if (view.result) {
    const r = view.result;
    embed.setTitle('Réunion · game over');
    const lines = r.totals.map(
      (t, s) =>
        `${r.winners.includes(s) ? '🏆 ' : ''}**${nameOf(names, s)}**: ${t} card points · side ${signed(r.sideUnits[s] ?? 0)} · settlement ${signed(r.settlementUnits[s] ?? 0)} · **net ${signed(r.net[s] ?? 0)} ${Math.abs(r.net[s] ?? 0) === 1 ? 'unit' : 'units'}**`,
    );
    embed.setDescription(lines.join('\n'));
    embed.addFields({ name: 'Deals', value: dealsField(view, names) || '—' });
    const winners = r.winners.map((s) => nameOf(names, s)).join(' and ');
    return {
      content: `Game over: ${winners} ${r.winners.length > 1 ? 'share the win' : 'wins'}.`,
      embeds: [embed],
      components: [],
      allowedMentions: { parse: [] },
    };
  }
  embed.setTitle(`Réunion · deal ${view.dealNo + 1} of 3`);
  const toAct = view.toAct[0];
  const desc = [
    `Trump **${view.trump}** (turn-up ${view.turnUp}) · right bower ${rightBower(view.trump)}, left bower ${leftBower(view.trump)}`,
    `Dealer: ${nameOf(names, view.dealer)}`,
  ];
  if (view.phase === 'discard') desc.push(`${nameOf(names, view.dealer)} has taken the last two cards and is discarding two.`);
  else desc.push(`Trick ${view.tricksWon.reduce((a, b) => a + b, 0) + 1}: ${view.trick.length ? formatPlays(view.trick, names, String) : '—'}`);
  if (view.lastTrick) desc.push(`Last trick: ${formatPlays(view.lastTrick.plays, names, String)} → ${nameOf(names, view.lastTrick.winner)}`);
  embed.setDescription(desc.join('\n'));
  const players = names.map((n, s) => {
    const marker = s === toAct ? '▶ ' : '';
    return `${marker}**${n}**: ${plural(view.tricksWon[s] ?? 0, 'trick')} · ${view.trickPoints[s]} card points in tricks · ${view.handSizes[s]} cards`;
  });
  embed.addFields({ name: 'Players', value: players.join('\n') });
  if (view.deals.length) embed.addFields({ name: 'Deals so far', value: dealsField(view, names) });
  const who = toAct === undefined ? '' : `<@${mentions[0] ?? ''}>`;
  const content = view.phase === 'discard' ? `${who}, pick up and discard two cards — press **My hand**.` : `${who}, your turn — press **My hand**.`;
  return { content, embeds: [embed], components: [myHandRow(_loc)], allowedMentions: { users: [...mentions] } };
}
