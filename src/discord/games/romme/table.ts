/**
 * The public Rommé table message: the discard pile's top card, the stock size, every meld on the table
 * (numbered, jokers shown with the card they stand for), each player's card count and penalty total.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import { labelOf } from '../../../games/romme/cards.ts';
import type { RommeView } from '../../../games/romme/index.ts';
import { myHandRow, nameOf, plural } from '../../render/format.ts';
import type { Names, Payload } from '../types.ts';
import { describeMeld } from './format.ts';

/** The melds, one per line, cut to fit an embed description. */
function meldLines(view: RommeView, names: Names): string {
  const lines = view.melds.map((m) => `**#${m.no}** ${describeMeld(m)} · ${nameOf(names, m.owner)}`);
  let text = lines.join('\n');
  while (text.length > 3500 && lines.length) {
    lines.shift();
    text = ['…', ...lines].join('\n');
  }
  return text || 'No melds yet.';
}

export function renderTable(_loc: Locale, view: RommeView, names: Names, mentions: readonly string[]): Payload {
  const embed = new EmbedBuilder().setColor(0x1e8449);
  const standings = names
    .map((n, s) => ({ n, s, t: view.totals[s] ?? 0 }))
    .sort((a, b) => a.t - b.t)
    .map(({ n, s, t }) => `**${n}**: ${t} penalty points${view.result ? ` — rank ${view.result.ranks[s]}` : ''}`)
    .join('\n');
  if (view.result) {
    embed.setTitle('Rommé · game over').setDescription(standings);
    const best = names.filter((_, s) => view.result?.ranks[s] === 1).join(' and ');
    return {
      content: `Game over: ${best} ${best.includes(' and ') ? 'share first place' : 'wins'}.`,
      embeds: [embed],
      components: [],
      allowedMentions: { parse: [] },
    };
  }
  embed.setTitle(`Rommé · deal ${view.dealNo + 1}${view.totalDeals ? ` of ${view.totalDeals}` : ` (to ${view.options.penaltyLimit})`}`);
  embed.setDescription(
    [
      `Discard pile: **${view.discardTop ? labelOf(view.discardTop) : '—'}** · stock: ${plural(view.stockSize, 'card')} · dealer: ${nameOf(names, view.dealer)}`,
      '',
      meldLines(view, names),
    ].join('\n'),
  );
  const players = names.map(
    (n, s) =>
      `${s === view.turn ? '▶ ' : ''}**${n}**: ${plural(view.handSizes[s] ?? 0, 'card')}${view.hasMelded[s] ? '' : ' · not melded yet'} · ${view.totals[s] ?? 0} penalty`,
  );
  embed.addFields({ name: 'Players', value: players.join('\n') });
  const what = view.phase === 'draw' ? 'draw a card' : 'meld or discard';
  return {
    content: `<@${mentions[0] ?? ''}>, your turn: ${what} — press **My hand**.`,
    embeds: [embed],
    components: [myHandRow(_loc)],
    allowedMentions: { users: [...mentions] },
  };
}
