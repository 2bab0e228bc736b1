/**
 * The `/replay` message: a finished game deal by deal (`dealLines`, src/discord/render/deals.ts), its result, and
 * the move log attached as `replay-<id>.json`, and for a game with a review the **Review a deal…** menu (src/discord/review) (`replayFile`, src/records/replay.ts). Only finished games have
 * records, so showing the seed and every move reveals nothing still hidden at a table (the seed is each table's own).
 * Pure: record in, message body out.
 */
import { ActionRowBuilder, type AttachmentPayload, ButtonBuilder, ButtonStyle } from 'discord.js';
import { plainText } from '../../kit/format.ts';
import type { GameRecord } from '../../../records/types.ts';
import { replayFile } from '../../../records/replay.ts';
import type { Payload } from '../../games/types.ts';
import { dealLines, resultLine } from '../deals.ts';
import { dateTime, gameName } from './measure.ts';
import type { Locale } from '../../../i18n/index.ts';
import { reviewFor } from '../../../review/index.ts';
import { reviewMenuRow } from '../../kit/review-components.ts';

/** Room kept for the "more deals" line within Discord's 2,000 characters of content. */
const CONTENT_BUDGET = 1900;

/** A message body with attached files. */
export type PayloadWithFiles = Payload & { files: AttachmentPayload[] };

/** The attachment's file name: `replay-<id>.json`. */
export const replayFileName = (id: string): string => `replay-${id}.json`;

/**
 * The message in `loc`'s language: header (game, id, when it finished in `timeZone`, players with 🤖 for computer
 * players), one line per deal (as many as fit; the rest are counted), the result line, and the JSON replay file.
 * With `watchUrl` (the web table's replay page, when the web table is on) a link button "Watch on the web table".
 * Mentions nobody.
 */
export function renderReplay(loc: Locale, record: GameRecord, timeZone: string, watchUrl?: string): PayloadWithFiles {
  const players = record.seats.map((s) => (s.bot ? `🤖 ${s.name}` : s.name)).join(', ');
  const header = loc.t('records:replay.header', {
    game: gameName(record.game),
    id: record.id,
    when: dateTime(loc, record.finishedAt, timeZone),
    players: plainText(players),
  });
  const result = loc.t('records:replay.result', { result: plainText(resultLine(loc, record)) });
  const footnote = loc.t('records:replay.footnote', { file: replayFileName(record.id) });
  const deals = dealLines(loc, record); // markdown on purpose: a trickless dealer's points are underlined (score sheet)
  let budget = CONTENT_BUDGET - header.length - result.length - footnote.length - 3;
  const shown: string[] = [];
  for (const line of deals) {
    if (line.length + 1 > budget) break;
    shown.push(line);
    budget -= line.length + 1;
  }
  const more = deals.length > shown.length ? [loc.t('records:replay.more', { count: deals.length - shown.length })] : [];
  const file = Buffer.from(`${JSON.stringify(replayFile(record), null, 2)}\n`, 'utf8');
  return {
    content: [header, ...shown, ...more, result, footnote].join('\n'),
    files: [{ attachment: file, name: replayFileName(record.id) }],
    components: [
      ...(reviewFor(record.game) && record.deals.length ? [reviewMenuRow(loc, record.id, record.deals.length)] : []),
      ...(watchUrl
        ? [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(watchUrl).setLabel(loc.t('records:replay.watch')),
            ),
          ]
        : []),
    ],
    allowedMentions: { parse: [] },
  };
}
