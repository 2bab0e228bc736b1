/**
 * The replay file `/replay` attaches: everything needed to rebuild a finished game with our engines, as one JSON
 * document, and the check that rebuilds it. A finished game is deterministic from its options, number of seats,
 * seed and move log (every engine is a pure `GameDefinition`, src/games/types.ts), so the file carries exactly
 * those, plus the names and the recorded result to compare with.
 *
 * The seed is kept secret while a table is playing (it determines every hand); once the game is over it reveals
 * nothing that the move log does not, and each table has its own seed.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import { BOT_LEVELS, type BotLevel } from '../bots/types.ts';
import { GAME_IDS, type GameId, gameById } from '../tables/games.ts';
import { IllegalMoveError } from '../games/types.ts';
import { resolveStoredOptions } from '../tables/options.ts';
import type { LoggedMove } from '../tables/types.ts';
import type { GameRecord } from './types.ts';
import { ENGLISH, type Text, type Vars } from '../i18n/index.ts';
import { Refusal } from '../refusal.ts';

/** The format tag of version 1 of the replay file. */
export const REPLAY_FORMAT = 'stammtisch-replay/1';

/**
 * A replay file (JSON):
 * - `format`: always `stammtisch-replay/1`;
 * - `id`: the table id of the game (the record's id);
 * - `game`: the game's id (`GameDefinition.id`, e.g. `reunion`);
 * - `options`: the table options the game was played with (every option of the game, by key, e.g. `piererTiers`; and
 *   the game's fixed options if the game was played since they came, e.g. Rommé's `seatByDraw`: `GameDefinition.fixedOptions`);
 * - `players`: in seat order (seat 0 first; moves refer to seats by this index): the display name, and `bot` the
 *   computer player's level (`easy` or `strong`) or null for a person. No Discord ids;
 * - `startedAt`, `finishedAt`: ISO 8601 times in UTC, e.g. `2026-11-30T20:14:05.120Z`;
 * - `seed`: the game's seed (the engines shuffle every deal from it with ChaCha20);
 * - `moves`: the move log in order, `{ seat, move }` with the engine's move (e.g. Réunion
 *   `{ type: 'play', card: '10♥' }`);
 * - `result`: the engine's result as recorded (Réunion `ReunionResult`: units; Dreierles `DreierlesResult`: game
 *   points; Rommé `RommeResult`: penalty points).
 */
export interface ReplayFile {
  format: typeof REPLAY_FORMAT;
  id: string;
  game: GameId;
  options: Record<string, unknown>;
  players: { name: string; bot: BotLevel | null }[];
  startedAt: string;
  finishedAt: string;
  seed: string;
  moves: LoggedMove[];
  result: unknown;
}

/**
 * A replay file that cannot be read or rebuilt (not a replay, wrong shape, bad options or players, unfinished game).
 * `text` is the sentence as a key (`records:replayFile.*`) with its variables, for a reader in any language; the
 * Error's own message is the English sentence.
 */
export class ReplayFileError extends Error {
  readonly text: Text;
  constructor(key: string, vars?: Vars) {
    const text: Text = { key, ...(vars ? { vars } : {}) };
    super(ENGLISH.say(text));
    this.text = text;
    this.name = 'ReplayFileError';
  }
}

const fileSchema = z.object({
  format: z.literal(REPLAY_FORMAT),
  id: z.string(),
  game: z.enum(GAME_IDS),
  options: z.record(z.string(), z.unknown()),
  players: z.array(z.object({ name: z.string(), bot: z.enum(BOT_LEVELS).nullable() })),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  seed: z.string().min(1),
  moves: z.array(z.object({ seat: z.number().int().min(0), move: z.record(z.string(), z.unknown()) })),
  result: z.unknown(),
});

const isoUtc = (ms: number): string => DateTime.fromMillis(ms, { zone: 'utc' }).toISO() as string;

/** The replay file of a recorded game (pure; see `ReplayFile` for the fields). */
export function replayFile(record: GameRecord): ReplayFile {
  return {
    format: REPLAY_FORMAT,
    id: record.id,
    game: record.game,
    options: record.options,
    players: record.seats.map((s) => ({ name: s.name, bot: s.bot ?? null })),
    startedAt: isoUtc(record.startedAt),
    finishedAt: isoUtc(record.finishedAt),
    seed: record.seed,
    moves: record.moves,
    result: record.result,
  };
}

/** Check a parsed JSON value is a replay file; throws `ReplayFileError` naming the first problems. */
export function parseReplayFile(value: unknown): ReplayFile {
  const parsed = fileSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((i) => `${i.path.length ? i.path.join('.') : 'file'}: ${i.message}`);
    throw new ReplayFileError('records:replayFile.shape', { format: REPLAY_FORMAT, problems: problems.join('; ') });
  }
  return parsed.data as ReplayFile;
}

/**
 * Rebuild the game of a replay file with our engine (options + number of players + seed + moves) and return the
 * engine's result at the end. `file` is the parsed JSON (validated here). Throws `ReplayFileError` for a value that
 * is not a replay file, options the game does not have or out of their limits, a wrong number of players, a move
 * by a seat that does not exist, or a move log that ends before the game does; throws `IllegalMoveError` (message
 * "Move n (seat s): …", the engine's reason) when the engine refuses a move — against the rules, out of turn, after
 * the game is over, or not a move of the game at all (its `reason` the engine's, its message prefixed with the move).
 */
export function replayResult(file: unknown): unknown {
  const f = parseReplayFile(file);
  const game = gameById(f.game);
  if (!game) throw new ReplayFileError('records:replayFile.game', { game: f.game });
  const seats = f.players.length;
  if (seats < game.minSeats || seats > game.maxSeats)
    throw game.minSeats === game.maxSeats
      ? new ReplayFileError('records:replayFile.seats', { game: game.name, count: game.minSeats, seats })
      : new ReplayFileError('records:replayFile.seatsRange', { game: game.name, min: game.minSeats, max: game.maxSeats, seats });
  let options: Record<string, unknown>;
  try {
    options = resolveStoredOptions(game, f.options);
  } catch (e) {
    throw new ReplayFileError('records:replayFile.options', { reason: e instanceof Refusal ? e.text : (e as Error).message });
  }
  let state: unknown = game.setup(options, seats, f.seed);
  f.moves.forEach(({ seat, move }, i) => {
    const where = { move: i + 1, seat: seat + 1 };
    if (seat >= seats) throw new ReplayFileError('records:replayFile.noSeat', { ...where, count: seats });
    const applied = game.apply(state, seat, move);
    if (!applied.ok) {
      const refused = new IllegalMoveError(applied.reason, game.id);
      refused.message = ENGLISH.t('records:replayFile.move', { ...where, reason: refused.message });
      throw refused;
    }
    state = applied.state;
  });
  const result = game.result(state);
  if (result === null) throw new ReplayFileError('records:replayFile.short', { count: f.moves.length });
  return result;
}
