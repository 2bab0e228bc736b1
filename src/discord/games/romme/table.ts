/**
 * The public Rommé table message in the table's language: the discard pile's top card, the stock size, every meld
 * on the table (numbered, jokers shown with the card they stand for), each player's card count and penalty total.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import type { RommeView } from '../../../games/romme/index.ts';
import { myHandRow, nameOf } from '../../kit/format.ts';
import type { Names, Payload } from '../types.ts';
import { isPublicView, type TablePicture } from '../../../faces/table-picture.ts';
import { rommePicture } from './picture.ts';
import { cardLabel, describeMeld } from './format.ts';

/** The melds, one per line, cut from the oldest to fit an embed description. */
function meldLines(loc: Locale, view: RommeView, names: Names): string {
  const lines = view.melds.map((m) => `**#${m.no}** ${describeMeld(loc, m)} · ${nameOf(names, m.owner)}`);
  let text = lines.join('\n');
  while (text.length > 3500 && lines.length) {
    lines.shift();
    text = ['…', ...lines].join('\n');
  }
  return text || loc.t('romme:table.noMelds');
}

/** The table while playing (the turn's player named); the end is `renderResult` (result.ts). */
export function renderTable(loc: Locale, view: RommeView, names: Names, mentions: readonly string[]): Payload {
  const embed = new EmbedBuilder().setColor(0x1e8449);
  embed.setTitle(
    view.totalDeals
      ? loc.t('romme:table.titleOf', { deal: view.dealNo + 1, total: view.totalDeals })
      : loc.t('romme:table.titleTo', { deal: view.dealNo + 1, limit: view.options.penaltyLimit }),
  );
  embed.setDescription(
    [
      loc.t('romme:table.pile', {
        top: view.discardTop ? cardLabel(loc, view.discardTop) : '—',
        stock: loc.t('romme:table.cards', { count: view.stockSize }),
        dealer: nameOf(names, view.dealer),
      }),
      '',
      meldLines(loc, view, names),
    ].join('\n'),
  );
  const players = names.map(
    (n, s) =>
      `${s === view.turn ? '▶ ' : ''}${loc.t(view.hasMelded[s] ? 'romme:table.player' : 'romme:table.playerNotMelded', {
        name: n,
        cards: loc.t('romme:table.cards', { count: view.handSizes[s] ?? 0 }),
        total: loc.number(view.totals[s] ?? 0),
      })}`,
  );
  embed.addFields({ name: loc.t('romme:table.players'), value: players.join('\n') });
  return {
    content: loc.t(view.phase === 'draw' ? 'romme:table.turnDraw' : 'romme:table.turnPlay', { user: mentions[0] ?? '', hand: loc.t('button.hand') }),
    embeds: [embed],
    components: [myHandRow(loc)],
    allowedMentions: { users: [...mentions] },
  };
}

/**
 * The board's picture: the discard pile's top card and the melds on the table; null before anything is on the table
 * (no discard, no meld) and for a seat's view.
 */
export function tablePicture(view: RommeView): TablePicture | null {
  if (!isPublicView(view) || (!view.discardTop && !view.melds.length)) return null;
  return rommePicture(view);
}
