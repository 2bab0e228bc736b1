/**
 * Answers to **Review** and **Hint** (docs/playing.md § Review, § Practice), privately and in the presser's language.
 * A review is of a deal that is over, for a player of that deal: the live table's deals before the current one, or
 * any deal of a finished game of this server the presser may see. A deal still in play, a deal the presser did not
 * play, or a duplicate night's deal other tables may still be dealt is refused privately and nothing is shown. A hint
 * is only for a practice table's player (src/tables/practice.ts): a game that counts never gets one.
 */
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { Seat } from '../../games/types.ts';
import type { ReviewSource } from '../../review/core.ts';
import { reviewFor, type ReviewHandle } from '../../review/index.ts';
import { Refusal } from '../../refusal.ts';
import { gameById, type GameId } from '../../tables/games.ts';
import type { SeatInfo } from '../../tables/types.ts';
import { channelOf } from '../actions.ts';
import type { BotContext } from '../context.ts';
import { privateLocale } from '../language.ts';
import { seatName } from '../render/index.ts';
import { replyPrivately } from '../respond.ts';
import { maySee, visibilityFor } from '../visibility.ts';
import { moveWords, reviewContent } from './text.ts';

/** Give the event loop a turn between two scored decisions (each is bounded by its fixed number of samples). */
const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What a review is made from: the game, its move log, the presser's seat and the seats' names. */
interface Reviewed {
  game: GameId;
  handle: ReviewHandle;
  source: ReviewSource<unknown>;
  seat: Seat;
  seats: SeatInfo[];
  /** Deals of the log that are over. */
  dealsOver: number;
}

const handleOf = (game: GameId): ReviewHandle => {
  const handle = reviewFor(game);
  if (!handle) throw new Refusal('bad_input', 'review.noReview');
  return handle;
};

/** The seat `userId` played (the seat's starter counts), or −1. */
const seatOfUser = (seats: Reviewed['seats'], userId: string): Seat => seats.findIndex((s) => s.userId === userId || s.startedBy?.userId === userId);

/** The game table `tableId` names for the presser: the channel's live table, or a finished game they may see. */
async function reviewed(interaction: ButtonInteraction | StringSelectMenuInteraction, ctx: BotContext, tableId: string): Promise<Reviewed> {
  const { guildId, channelId } = channelOf(interaction);
  const live = await ctx.tables.get(channelId);
  if (live && live.id === tableId && live.status === 'playing') {
    if (live.nightId && (await ctx.weekly?.dealsSecret({ guildId, nightId: live.nightId })))
      throw new Refusal('bad_input', 'records:refusal.duplicate_secret', { id: live.id });
    const handle = handleOf(live.game);
    const source = { options: live.options, seats: live.seats.length, seed: live.seed, moves: live.moves };
    const seat = seatOfUser(live.seats, interaction.user.id);
    return { game: live.game, handle, source, seat, seats: live.seats, dealsOver: handle.dealsOver(live.state) };
  }
  const found = await ctx.records.ledger.record(guildId, tableId);
  const record = found && (await maySee(visibilityFor(interaction), found)) ? found : null;
  if (!record) throw new Refusal('bad_input', 'records:refusal.no_record', { id: tableId });
  if (await ctx.weekly?.dealsSecret(record)) throw new Refusal('bad_input', 'records:refusal.duplicate_secret', { id: record.id });
  const handle = handleOf(record.game);
  const source = { options: record.options, seats: record.seats.length, seed: record.seed, moves: record.moves };
  return {
    game: record.game,
    handle,
    source,
    seat: seatOfUser(record.seats, interaction.user.id),
    seats: record.seats,
    dealsOver: Number.MAX_SAFE_INTEGER,
  };
}

/** Answer **Review deal n** (`deal`) or the review menu (`deal` null: the chosen value) for table or game `tableId`. */
export async function answerReview(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  ctx: BotContext,
  tableId: string,
  deal: number | null,
): Promise<void> {
  const dealNo = deal ?? (interaction.isStringSelectMenu() && /^\d{1,3}$/.test(interaction.values[0] ?? '') ? Number(interaction.values[0]) : -1);
  if (dealNo < 0) throw new Refusal('bad_input', 'refusal.bad_choice');
  const r = await reviewed(interaction, ctx, tableId);
  if (dealNo >= r.dealsOver) throw new Refusal('bad_input', 'review.notOver');
  if (r.seat < 0) throw new Refusal('bad_input', 'review.notPlayed');
  const review = await r.handle.review(r.source, dealNo, r.seat, tableId, pause);
  if (!review) throw new Refusal('bad_input', 'review.notPlayed'); // the deal is over (checked above): the seat sat it out
  const loc = privateLocale(interaction);
  const names = r.seats.map((s) => seatName(loc, s));
  await replyPrivately(interaction, {
    content: reviewContent(loc, r.game, gameById(r.game)?.name ?? r.game, review, names),
    allowedMentions: { parse: [] },
  });
}

/** Answer **Hint** on a practice hand (`stamp`: `<tableId>.<version>.<seat>`): the best move from the presser's view. */
export async function answerHint(interaction: ButtonInteraction, ctx: BotContext, stamp: string): Promise<void> {
  const { channelId } = channelOf(interaction);
  const table = await ctx.tables.get(channelId);
  const [tableId] = stamp.split('.');
  if (!table || table.id !== tableId || table.status !== 'playing') throw new Refusal('bad_input', 'hand.closed');
  if (!table.practice) throw new Refusal('bad_input', 'review.hintPracticeOnly');
  const seat = ctx.tables.seatOf(table, interaction.user.id);
  if (seat < 0) throw new Refusal('not_seated', 'refusal.not_playing_here');
  const loc = privateLocale(interaction);
  const move = handleOf(table.game).hint(ctx.tables.view(table, seat), `hint:${table.id}:${table.version}`);
  await replyPrivately(interaction, move === null ? loc.t('review.hintNone') : loc.t('review.hint', { move: moveWords(loc, table.game, move) }));
}
