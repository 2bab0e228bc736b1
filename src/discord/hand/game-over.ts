/** What a hand says after its game ended: where the result is. */
import type { Locale } from '../../i18n/index.ts';
import { gameById } from '../../tables/games.ts';
import type { TableService } from '../../tables/service.ts';

/**
 * "This game of … is over" for a reader in `loc` at the channel `channelId` of `guildId`, with a link to the message
 * showing the result of the channel's last finished game (`TableService.lastFinished`) and its `/replay` id; null when
 * the channel's last finished game is not `recordId` or none is remembered.
 */
export async function gameOverLine(loc: Locale, tables: TableService, guildId: string, channelId: string, recordId?: string): Promise<string | null> {
  const note = await tables.lastFinished(channelId);
  if (!note || (recordId !== undefined && note.recordId !== recordId)) return null;
  const link = `https://discord.com/channels/${guildId}/${channelId}${note.messageId ? `/${note.messageId}` : ''}`;
  return loc.t('hand.game_over', {
    game: gameById(note.game)?.name ?? note.game,
    at: Math.floor(note.finishedAt / 1000),
    link,
    id: note.recordId,
  });
}
