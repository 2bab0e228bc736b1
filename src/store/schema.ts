/**
 * Stored tables and records carry a schema version (`schema`) and are checked with zod when loaded (src/store/tables.ts):
 *
 * | schema | what it is |
 * |---|---|
 * | absent (1) | tables stored before the version existed: `turnTimer`, `deadline` and a turn deadline's `turn` may be missing, and the engine state may lack fields added since (e.g. Réunion's and Dreierles' `tricks`) |
 * | 2 | `TableRecord` as in src/tables/types.ts, every field present |
 *
 * An older table is migrated when loaded: its engine state is rebuilt by replaying its seed and move log through
 * today's engine (src/games/replay.ts), so the state has every field the engine writes now, and the missing table
 * fields get the value they always meant (no timer, no deadline, the current turn). It is stored in the current
 * version with its next change. A table of a newer version, or one that does not pass the check, is refused with
 * `StoredDataError` (nothing is changed). Fields the check does not name are kept as they are.
 */
import { z } from 'zod';
import { BOT_LEVELS } from '../bots/types.ts';
import { replayWith } from '../games/replay.ts';
import { gameById, type GameId } from '../tables/games.ts';
import type { GameRecord } from '../records/types.ts';
import type { TableRecord } from '../tables/types.ts';

/** The schema version tables are stored in now. */
export const TABLE_SCHEMA = 2;

/** Thrown when a stored value is not what its key should hold (nothing is changed). */
export class StoredDataError extends Error {
  constructor(what: string, detail: string) {
    super(`The stored ${what} cannot be read: ${detail}`);
    this.name = 'StoredDataError';
  }
}

const seat = z.number().int().min(0);
const epochMs = z.number().int();
const loggedMove = z.looseObject({ seat, move: z.unknown(), by: z.literal('computer').optional(), timeout: z.enum(['auto', 'away']).optional() });
const gameId = z.custom<GameId>((v) => typeof v === 'string' && gameById(v) !== undefined, 'a game this bot runs');

const seatInfo = z.looseObject({
  userId: z.string(),
  name: z.string(),
  bot: z.enum(BOT_LEVELS).optional(),
  away: z.boolean().optional(),
  autoTurns: z.number().int().min(0).optional(),
  left: z.boolean().optional(),
  startedBy: z.looseObject({ userId: z.string(), name: z.string(), at: z.number().int().min(0).optional() }).optional(),
});

const lobbyDeadline = z.looseObject({ kind: z.literal('lobby'), at: epochMs });
const botDeadline = z.looseObject({ kind: z.literal('bot'), seat, at: epochMs });
const turnDeadline = z.looseObject({ kind: z.literal('turn'), seat, at: epochMs, remindAt: epochMs.nullable(), turn: z.string() });
const deadline = z.discriminatedUnion('kind', [lobbyDeadline, botDeadline, turnDeadline]);
/** Schema 1: a turn deadline may lack `turn`. */
const deadlineV1 = z.discriminatedUnion('kind', [lobbyDeadline, botDeadline, turnDeadline.extend({ turn: z.string().optional() })]);

const common = {
  id: z.string().min(1),
  channelId: z.string().min(1),
  guildId: z.string().min(1),
  game: gameId,
  options: z.record(z.string(), z.unknown()),
  seats: z.array(seatInfo),
  hostId: z.string(),
  status: z.enum(['lobby', 'playing', 'finished']),
  version: z.number().int().min(1),
  seed: z.string(),
  moves: z.array(loggedMove),
  state: z.unknown(),
  messageId: z.string().nullable(),
  createdAt: epochMs,
  startedAt: epochMs.nullable(),
  updatedAt: epochMs,
  nightId: z.string().optional(),
  practice: z
    .looseObject({
      recordId: z.string(),
      fromMove: z.number().int().min(0),
      seats: z.array(seatInfo),
      moves: z.array(loggedMove),
      result: z.unknown(),
    })
    .optional(),
  botSeatTaken: z.looseObject({ userId: z.string(), bot: z.string() }).optional(),
};

/** Schema 2: every field present. */
const tableV2 = z.looseObject({ schema: z.literal(2), ...common, turnTimer: z.number().int().min(0), deadline: deadline.nullable() });

/** Schema 1 (no `schema` field): the timer fields may be missing. */
const tableV1 = z.looseObject({
  ...common,
  turnTimer: z.number().int().min(0).optional(),
  deadline: deadlineV1.nullable().optional(),
});

/** The engine state of `t` rebuilt from its seed and moves (null in the lobby). Throws `StoredDataError`. */
function replayed(t: z.infer<typeof tableV1>): unknown {
  if (t.status === 'lobby') return null;
  const game = gameById(t.game);
  if (!game) throw new StoredDataError('table', `this bot does not run ${t.game}`);
  try {
    return replayWith(game.apply, game.setup(t.options, t.seats.length, t.seed), t.moves);
  } catch (err) {
    throw new StoredDataError('table', `its moves do not replay (${(err as Error).message})`);
  }
}

/** A schema 1 table in today's shape. */
function migrateV1(t: z.infer<typeof tableV1>): TableRecord {
  const state = replayed(t);
  const d = t.deadline ?? null;
  const turnOf = () => (t.status === 'playing' ? (gameById(t.game)?.turnKey(state) ?? '') : '');
  return { ...t, state, turnTimer: t.turnTimer ?? 0, deadline: d?.kind === 'turn' ? { ...d, turn: d.turn ?? turnOf() } : d };
}

/** A stored table (Keyv's `value`) as a `TableRecord`, migrated from an older schema. Throws `StoredDataError`. */
export function decodeTable(value: unknown): TableRecord {
  const version = typeof value === 'object' && value !== null ? (value as { schema?: unknown }).schema : undefined;
  if (typeof version === 'number' && version > TABLE_SCHEMA)
    throw new StoredDataError('table', `it has schema ${version}, written by a newer version of the bot (this one reads up to ${TABLE_SCHEMA})`);
  if (version === undefined) {
    const old = tableV1.safeParse(value);
    if (!old.success) throw new StoredDataError('table', z.prettifyError(old.error));
    return migrateV1(old.data);
  }
  const parsed = tableV2.safeParse(value);
  if (!parsed.success) throw new StoredDataError('table', z.prettifyError(parsed.error));
  const { schema: _schema, ...table } = parsed.data;
  return table;
}

/** A table as stored: with its schema version. */
export function encodeTable(table: TableRecord): unknown {
  return { schema: TABLE_SCHEMA, ...table };
}

/**
 * The schema version finished-game records are stored in (src/store/records/): 1, the `GameRecord` of
 * src/records/types.ts. Records stored before the version existed have that shape and no `schema` field.
 */
export const RECORD_SCHEMA = 1;

const rating = z.looseObject({ mu: z.number(), sigma: z.number(), ordinal: z.number() });
const recordV1 = z.looseObject({
  schema: z.literal(1).optional(),
  id: z.string().min(1),
  guildId: z.string().min(1),
  channelId: z.string(),
  game: gameId,
  options: z.record(z.string(), z.unknown()),
  seats: z.array(seatInfo),
  startedAt: epochMs,
  finishedAt: epochMs,
  seed: z.string(),
  moves: z.array(loggedMove),
  result: z.unknown(),
  nightId: z.string().optional(),
  deals: z.array(z.unknown()),
  outcomes: z.array(
    z.looseObject({
      playerId: z.string(),
      name: z.string(),
      bot: z.boolean(),
      measure: z.number(),
      rank: z.number().int().min(1),
      win: z.boolean(),
      counts: z.record(z.string(), z.number()),
      rating: z.looseObject({ before: rating, after: rating }).optional(),
    }),
  ),
  periods: z.looseObject({ week: z.string(), month: z.string(), season: z.string(), all: z.string() }),
  timeZone: z.string(),
});

/** A stored record's JSON as a `GameRecord`. Throws `StoredDataError` when it is not one (or of a newer schema). */
export function decodeRecord(json: string): GameRecord {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new StoredDataError('record', 'not JSON');
  }
  const version = typeof value === 'object' && value !== null ? (value as { schema?: unknown }).schema : undefined;
  if (typeof version === 'number' && version > RECORD_SCHEMA)
    throw new StoredDataError('record', `it has schema ${version}, written by a newer version of the bot (this one reads up to ${RECORD_SCHEMA})`);
  const parsed = recordV1.safeParse(value);
  if (!parsed.success) throw new StoredDataError('record', z.prettifyError(parsed.error));
  const { schema: _schema, ...record } = parsed.data;
  return record;
}

/** A record's JSON as stored: with its schema version. */
export function encodeRecord(record: GameRecord): string {
  return JSON.stringify({ schema: RECORD_SCHEMA, ...record });
}
