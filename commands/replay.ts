/**
 * `/replay id` — a finished game of this server deal by deal, in public, with its move log attached as
 * `replay-<id>.json`. Only finished games have records, so the seed and the moves reveal nothing still in play;
 * a game of a duplicate weekly night is refused until every table of the night is over (they share the deals).
 * A game from a channel the asker cannot see (src/discord/visibility.ts) is answered as if there were none.
 * With the web table on, the answer has a link button to the game's replay there (`PUBLIC_URL/replay/<guild>/<id>`).
 * `/replay id practice_from:k` opens a practice table of that game in this channel instead (src/tables/practice.ts):
 * the asker plays it again against the computer from after move k; it is never recorded.
 */
import { SlashCommandBuilder } from 'discord.js';
import type { Command } from '../src/discord/context.ts';
import { localized } from '../src/discord/localize.ts';
import { guildOf } from '../src/discord/record-options.ts';
import { renderReplay } from '../src/discord/render/records/replay.ts';
import { replyPublicly } from '../src/discord/respond.ts';
import { actorOf, channelOf, replyWithBoard } from '../src/discord/actions.ts';
import { afterChange } from '../src/discord/errors.ts';
import type { BotContext } from '../src/discord/context.ts';
import type { GameRecord } from '../src/records/types.ts';
import type { ChatInputCommandInteraction } from 'discord.js';
import { maySee, visibilityFor } from '../src/discord/visibility.ts';
import { Refusal } from '../src/refusal.ts';
import { privateLocale } from '../src/discord/language.ts';
import { replayPath } from '../src/web/protocol.ts';

/** A record id: a table id (short lowercase letters and digits). */
const RECORD_ID = /^[a-z0-9]{1,16}$/;

export const replay: Command = {
  data: localized(new SlashCommandBuilder(), 'commands:replay')
    .setDMPermission(false)
    .addStringOption((o) => localized(o, 'commands:replay.id').setRequired(true).setMaxLength(16))
    .addIntegerOption((o) => localized(o, 'commands:replay.practice_from').setMinValue(0)),
  async execute(interaction, ctx) {
    const guildId = guildOf(interaction);
    const id = interaction.options.getString('id', true).trim().toLowerCase();
    const found = RECORD_ID.test(id) ? await ctx.records.ledger.record(guildId, id) : null;
    const record = found && (await maySee(visibilityFor(interaction), found)) ? found : null;
    if (!record) throw new Refusal('bad_input', 'records:refusal.no_record', { id: id.slice(0, 16).replace(/`/g, '') });
    // A duplicate night's other tables may still be dealt these cards: no seed or moves until the night is over.
    if (await ctx.weekly?.dealsSecret(record)) throw new Refusal('bad_input', 'records:refusal.duplicate_secret', { id: record.id });
    const practiceFrom = interaction.options.getInteger('practice_from');
    if (practiceFrom !== null) return openPractice(interaction, ctx, record, practiceFrom);
    const loc = await ctx.languages.forInteraction(interaction);
    await replyPublicly(
      interaction,
      renderReplay(loc, record, await ctx.settings.timeZone(guildId), ctx.web ? `${ctx.web.publicUrl}${replayPath(guildId, record.id)}` : undefined),
      privateLocale(interaction).t('records:note.replay'),
    );
  },
};

/** Open a practice table of `record` from after move `fromMove` in this channel, post its board and note what it is. */
async function openPractice(interaction: ChatInputCommandInteraction, ctx: BotContext, record: GameRecord, fromMove: number): Promise<void> {
  const table = await ctx.tables.practice(channelOf(interaction), actorOf(interaction), record, fromMove);
  await afterChange({ key: 'done.table_open' }, async () => {
    const loc = await ctx.languages.forInteraction(interaction);
    const shown = await replyWithBoard(interaction, ctx, table, privateLocale(interaction).t('answer.practice_open'));
    if (shown) await ctx.views.noted(shown, [loc.t('practice.opened', { id: record.id, move: fromMove, player: actorOf(interaction).name })]);
  });
}
