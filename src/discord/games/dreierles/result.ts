/**
 * The Dreierles result message, posted anew when the session ends: the podium by game points (net over the deals,
 * summing to zero; with a tariff, their worth in euros), what game points mean, and the score sheet: a line per deal
 * (as /history writes it: contract or Räuber, each player's game points) and the totals (docs/rules/dreierles.md
 * § Scoring). Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import type { DreierlesView } from '../../../games/dreierles/index.ts';
import type { Names, Payload } from '../types.ts';
import { perSeat } from '../../kit/format.ts';
import { sheetFields } from '../../kit/sheet.ts';
import { signedNumber, withCents } from './format.ts';
import { dreierlesRecordUi } from './record-lines.ts';

/** The result message of a finished session; an empty payload while it runs. */
export function renderResult(loc: Locale, view: DreierlesView, names: Names): Payload {
  if (!view.result) return { content: '' };
  const order = view.totals.map((t, s) => ({ t, s })).sort((a, b) => b.t - a.t || a.s - b.s);
  const podium = order.map(({ t, s }) =>
    loc.t('dreierles:table.place', { place: 1 + order.filter((o) => o.t > t).length, name: names[s] ?? '', points: withCents(loc, t, view.tariff) }),
  );
  const embed = new EmbedBuilder()
    .setColor(0x7d5a2c)
    .setTitle(loc.t('dreierles:table.overTitle'))
    .setDescription(
      [
        ...podium,
        '',
        loc.t(view.tariff ? 'dreierles:table.pointsMeanTariff' : 'dreierles:table.pointsMean', { tariff: loc.money(view.tariff) }),
      ].join('\n'),
    );
  const deals = view.deals.map((d) => dreierlesRecordUi.dealLine(loc, d, names));
  const total = loc.t('dreierles:table.total', { list: perSeat(view.totals, names, (n) => signedNumber(loc, n)) });
  embed.addFields(sheetFields(loc, loc.t('dreierles:table.deals'), deals, total));
  const best = Math.max(...view.totals);
  const winners = loc.list(names.filter((_, s) => view.totals[s] === best));
  return {
    content: loc.t('dreierles:table.over', { winners, points: loc.number(best) }),
    embeds: [embed],
    components: [],
    allowedMentions: { parse: [] },
  };
}
