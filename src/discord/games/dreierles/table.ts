/**
 * The public Dreierles table message: the auction, the contract and the cards taken from the blind,
 * announcements and knocks, the trick, whose turn, and the session's scores. Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { CONTRACT_INFO, type DreierlesView } from '../../../games/dreierles/index.ts';
import type { Names, Payload } from '../types.ts';
import { formatPlays, myHandRow, nameOf, plural } from '../../render/format.ts';
import { formatDeal, withCents } from './format.ts';

const PROMPT: Record<string, string> = {
  auction: 'your turn to bid or pass',
  discard: 'discard from your hand',
  declare: 'announce if you wish, then say Fertig',
  knock: 'knock or not',
  raeuberKnock: 'knock or not (Räuber)',
  play: 'your turn to play',
};

/** The last `max` characters' worth of deal scores, newest last (an embed field holds 1024). */
function recentDeals(view: DreierlesView, names: Names): string {
  const out: string[] = [];
  let length = 0;
  for (const d of [...view.deals].reverse()) {
    const text = formatDeal(d, names, view.tariff);
    if (length + text.length > 1000) break;
    out.unshift(text);
    length += text.length + 1;
  }
  return out.join('\n');
}

/** Render the public table message. */
export function renderTable(_loc: Locale, view: DreierlesView, names: Names, mentions: readonly string[]): Payload {
  const embed = new EmbedBuilder().setColor(0x7d5a2c);
  const totals = names.map((n, s) => `**${n}**: ${withCents(view.totals[s] ?? 0, view.tariff)}`).join('\n');
  if (view.result) {
    embed.setTitle('Dreierles · session over').setDescription(`Game points${view.tariff ? ` (tariff ${view.tariff}¢)` : ''}:\n${totals}`);
    const deals = recentDeals(view, names);
    if (deals) embed.addFields({ name: 'Last deals', value: deals });
    const best = Math.max(...view.totals);
    const winners = names.filter((_, s) => view.totals[s] === best).join(' and ');
    return { content: `Session over: ${winners} on top.`, embeds: [embed], components: [], allowedMentions: { parse: [] } };
  }
  embed.setTitle(`Dreierles · deal ${view.dealNo + 1} of ${view.totalDeals}${view.lastRound ? ' · last round: Räuber or Solo' : ''}`);
  const lines = [
    `Dealer: ${nameOf(names, view.dealer)}${view.active.includes(view.dealer) ? '' : ' (sits out)'} · forehand: ${nameOf(names, view.active[0] ?? 0)}`,
  ];
  const words = view.bids
    .map((b, pos) => (b === null ? null : `${nameOf(names, view.active[pos] ?? 0)} ${b === 'pass' ? 'passes' : CONTRACT_INFO[b].name}`))
    .filter(Boolean);
  if (words.length) lines.push(`Auction: ${words.join(' · ')}`);
  if (view.contract && view.declarer !== null) {
    const taken = view.taken.length ? `; took ${view.taken.join(' ')} from the blind` : '';
    lines.push(
      `**${nameOf(names, view.declarer)}** plays **${CONTRACT_INFO[view.contract].name}** (×${CONTRACT_INFO[view.contract].factor})${taken}`,
    );
    if (view.discard.length) lines.push(`Trumps discarded (shown): ${view.discard.join(' ')}`);
    const said = [view.zehnDruck ? 'Zehn Druck' : '', view.pfeifeRaus ? 'Pfeife raus (the 1 lies face up)' : ''].filter(Boolean);
    if (said.length) lines.push(`Announced: ${said.join(', ')}`);
  } else if (view.phase === 'raeuberKnock' || (view.phase === 'play' && !view.contract))
    lines.push('**Räuber**: everyone passed; the most card points pays.');
  if (view.knocks) lines.push(`Knocks: ${view.knocks} (value ×${2 ** view.knocks})`);
  if (view.phase === 'play') lines.push(`Trick ${view.tricksPlayed + 1}: ${view.trick.length ? formatPlays(view.trick, names, String) : '—'}`);
  if (view.lastTrick) lines.push(`Last trick: ${formatPlays(view.lastTrick.plays, names, String)} → ${nameOf(names, view.lastTrick.winner)}`);
  embed.setDescription(lines.join('\n'));
  const toAct = view.toAct[0];
  const players = names.map((n, s) => {
    const role = s === view.declarer ? ' (declarer)' : view.active.includes(s) ? '' : ' (sits out)';
    return `${s === toAct ? '▶ ' : ''}**${n}**${role}: ${plural(view.handSizes[s] ?? 0, 'card')} · ${plural(view.tricksWon[s] ?? 0, 'trick')}`;
  });
  embed.addFields({ name: 'Players', value: players.join('\n') }, { name: 'Session (game points)', value: totals });
  const deals = recentDeals(view, names);
  if (deals) embed.addFields({ name: 'Deals', value: deals });
  const content = toAct === undefined ? '' : `<@${mentions[0] ?? ''}>, ${PROMPT[view.phase] ?? 'your turn'} — press **My hand**.`;
  return { content, embeds: [embed], components: [myHandRow(_loc)], allowedMentions: { users: [...mentions] } };
}
