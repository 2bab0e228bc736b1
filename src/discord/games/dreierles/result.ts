/**
 * The Dreierles result message, posted anew when the session ends: the podium by game points (net over the deals,
 * summing to zero; with a tariff, their worth in euros), what game points mean, and the last deals
 * (docs/rules/dreierles.md § Scoring). Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import type { DreierlesView } from '../../../games/dreierles/index.ts';
import type { Names, Payload } from '../types.ts';
import { withCents } from './format.ts';
import { recentDeals } from './table.ts';

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
  const deals = recentDeals(loc, view, names);
  if (deals) embed.addFields({ name: loc.t('dreierles:table.lastDeals'), value: deals });
  const best = Math.max(...view.totals);
  const winners = loc.list(names.filter((_, s) => view.totals[s] === best));
  return {
    content: loc.t('dreierles:table.over', { winners, points: loc.number(best) }),
    embeds: [embed],
    components: [],
    allowedMentions: { parse: [] },
  };
}
