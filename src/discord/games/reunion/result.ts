/**
 * The Réunion result message, posted anew when the game ends: the podium by card points (who won the game), each
 * seat's side payments, settlement and net units (side payments included; they sum to zero), what the units mean,
 * and each deal's score (docs/rules/reunion.md § Scoring). Built from the public view only.
 */
import { EmbedBuilder } from 'discord.js';
import type { Locale } from '../../../i18n/index.ts';
import type { ReunionView } from '../../../games/reunion/index.ts';
import type { Names, Payload } from '../types.ts';
import { nameOf, signed } from '../../kit/format.ts';
import { signedUnits } from './format.ts';
import { dealFields, satOut } from './table.ts';

/** The result message of a finished game; an empty payload while the game runs. */
export function renderResult(loc: Locale, view: ReunionView, names: Names): Payload {
  const r = view.result;
  if (!r) return { content: '' };
  // Places by card points, the measure the game is won on; equal totals share a place.
  const order = r.totals.map((t, s) => ({ t, s })).sort((a, b) => b.t - a.t || a.s - b.s);
  const lines = order.map(
    ({ t, s }) =>
      loc.t('reunion:table.result', {
        place: 1 + order.filter((o) => o.t > t).length,
        trophy: r.winners.includes(s) ? '🏆 ' : '',
        name: nameOf(names, s),
        points: loc.number(t),
        side: signed(r.sideUnits[s] ?? 0),
        settlement: signed(r.settlementUnits[s] ?? 0),
        net: signedUnits(loc, r.net[s] ?? 0),
      }) + satOut(loc, view.deals, s),
  );
  const embed = new EmbedBuilder()
    .setColor(0x2c3e50)
    .setTitle(loc.t('reunion:table.overTitle'))
    .setDescription([...lines, '', loc.t('reunion:table.unitsMean')].join('\n'))
    .addFields(dealFields(loc, view, names));
  const nets = order.map(({ s }) => `${nameOf(names, s)} ${signed(r.net[s] ?? 0)}`).join(' · ');
  const content = loc.t('reunion:table.winners', {
    count: r.winners.length,
    names: loc.list(r.winners.map((s) => nameOf(names, s))),
    points: loc.number(Math.max(...r.totals)),
    nets,
  });
  return { content, embeds: [embed], components: [], allowedMentions: { parse: [] } };
}
