/**
 * The Rommé result message, posted anew when the game ends: the podium by penalty points (fewest first, equal
 * totals share a place), what penalty points are, and the score sheet: a line per deal (as /history writes it: who
 * went out, each player's penalty points) and the totals (docs/rules/romme.md § Scoring). Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import type { RommeView } from '../../../games/romme/index.ts';
import type { Names, Payload } from '../types.ts';
import { perSeat } from '../../kit/format.ts';
import { sheetFields } from '../../kit/sheet.ts';
import { rommeRecordUi } from './record-lines.ts';

/** The result message of a finished game; an empty payload while it runs. */
export function renderResult(loc: Locale, view: RommeView, names: Names): Payload {
  const r = view.result;
  if (!r) return { content: '' };
  const order = names.map((n, s) => ({ n, s, t: r.totals[s] ?? 0 })).sort((a, b) => a.t - b.t || a.s - b.s);
  const podium = order.map(({ n, s, t }) =>
    loc.t('romme:table.standingRanked', { name: n, count: t, points: loc.number(t), rank: r.ranks[s] ?? order.length }),
  );
  const embed = new EmbedBuilder()
    .setColor(0x1e8449)
    .setTitle(loc.t('romme:table.overTitle'))
    .setDescription([...podium, '', loc.t('romme:table.pointsMean')].join('\n'))
    .addFields(
      sheetFields(
        loc,
        loc.t('romme:table.deals'),
        r.deals.map((d) => rommeRecordUi.dealLine(loc, d, names)),
        loc.t('romme:table.total', { list: perSeat(r.totals, names, (n) => loc.number(n)) }),
      ),
    );
  const best = order.filter(({ s }) => r.ranks[s] === 1).map(({ n }) => n);
  const points = loc.number(order[0]?.t ?? 0);
  return {
    content:
      best.length > 1
        ? loc.t('romme:table.winners', { names: loc.list(best), points })
        : loc.t('romme:table.winner', { name: best[0] ?? '', points }),
    embeds: [embed],
    components: [],
    allowedMentions: { parse: [] },
  };
}
