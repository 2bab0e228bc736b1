/**
 * `/history [game] [user] [page]` — the latest finished games in this server, newest first, 10 to a page, in public:
 * when (in the server's time zone), which game, the players and their result, and each game's id for `/replay`.
 * Only games from channels the asker can see are listed (src/discord/visibility.ts); pages count those only.
 */
import { SlashCommandBuilder } from 'discord.js';
import type { Command } from '../src/discord/context.ts';
import { gameChoices, localized } from '../src/discord/localize.ts';
import { guildOf, memberName, readGame, readPage } from '../src/discord/record-options.ts';
import { HISTORY_PAGE_SIZE, historyPages, renderHistory } from '../src/discord/render/records/history.ts';
import { replyPublicly } from '../src/discord/respond.ts';
import { visibilityFor } from '../src/discord/visibility.ts';
import { gameById } from '../src/tables/games.ts';
import { Refusal } from '../src/refusal.ts';
import { privateLocale } from '../src/discord/language.ts';

export const history: Command = {
  data: localized(new SlashCommandBuilder(), 'commands:history')
    .setDMPermission(false)
    .addStringOption((o) => localized(o, 'commands:history.game').addChoices(...gameChoices()))
    .addUserOption((o) => localized(o, 'commands:history.user'))
    .addIntegerOption((o) => localized(o, 'commands:history.page').setMinValue(1).setMaxValue(9999)),
  async execute(interaction, ctx) {
    const guildId = guildOf(interaction);
    const game = readGame(interaction) ?? undefined;
    const user = interaction.options.getUser('user');
    const page = readPage(interaction);
    const name = user ? memberName(interaction, user) : null;
    const { records, total } = await ctx.records.ledger.history({
      guildId,
      ...(game ? { game } : {}),
      ...(user ? { playerId: user.id } : {}),
      visibleTo: visibilityFor(interaction),
      offset: (page - 1) * HISTORY_PAGE_SIZE,
      limit: HISTORY_PAGE_SIZE,
    });
    if (total === 0) {
      const which = game ? (gameById(game)?.name ?? game) : null;
      if (name)
        throw which
          ? new Refusal('bad_input', 'records:refusal.player_never_game', { name, game: which })
          : new Refusal('bad_input', 'records:refusal.player_never', { name });
      throw which ? new Refusal('bad_input', 'records:refusal.game_never', { game: which }) : new Refusal('bad_input', 'records:refusal.never');
    }
    const pages = historyPages(total);
    if (page > pages) throw new Refusal('bad_input', 'records:refusal.history_pages', { count: pages });
    const timeZone = await ctx.settings.timeZone(guildId);
    const loc = await ctx.languages.forInteraction(interaction);
    const body = renderHistory(loc, { records, total, page, ...(game ? { game } : {}), ...(name ? { playerName: name } : {}), timeZone });
    await replyPublicly(interaction, body, privateLocale(interaction).t('records:note.history'));
  },
};
