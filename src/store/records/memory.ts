/**
 * The record ledger of the embedded store (one process owns the store, src/store/keyv.ts). Only the records are
 * stored, in `RecordRows` (src/store/records/rows.ts: the SQLite file beside the store's file, or nothing beyond
 * this process), each with its place in the guild's commit order (`seq`) and inserted whole or not at all.
 * Leaderboards, statistics and the history indexes are built in memory from the guild's records, in commit order,
 * the first time the guild is asked for, and kept up to date by each commit; there is no separate index that could
 * disagree with the records.
 *
 * It answers every query exactly as the Redis ledger does from the same records (same derivation,
 * src/records/update.ts; same order, `boardScore` and the history's (finishedAt, id) order).
 */
import type { GameId } from '../../tables/games.ts';
import { addToBoard, applyRecord, type BoardFigures, COMPUTER_IDS, type PlayerUpdate } from '../../records/update.ts';
import {
  type BoardQuery,
  type BoardRow,
  type ChannelAccess,
  type GameRecord,
  type HistoryQuery,
  PERIODS,
  type PlayerStats,
  type RatingPoint,
  type RecordLedger,
} from '../../records/types.ts';
import type { Locks } from '../lock.ts';
import { boardKey, historyKey, ledgerLock, ratingKey } from '../keys.ts';
import { boardScore, pageOf, ratingMember } from './order.ts';
import type { RecordRows, StoredRecord } from './rows.ts';

/** Byte order of ASCII ids, as Redis orders equal scores. */
const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Insert `item` into `list`, kept ascending by `compare`. */
function insertSorted<T>(list: T[], item: T, compare: (a: T, b: T) => number): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compare(list[mid] as T, item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, item);
}

type Point = { at: number; member: string; ordinal: number };

/** Everything derived from one guild's records, in memory. */
export class GuildRecords {
  private readonly records = new Map<string, StoredRecord>();
  private readonly stats = new Map<GameId, Map<string, PlayerStats>>();
  private readonly names = new Map<string, { name: string; bot: boolean }>();
  /** `boardKey` without sort → player id → figures. */
  private readonly boards = new Map<string, Map<string, BoardFigures>>();
  /** `historyKey` → ids ascending by (finishedAt, id). */
  private readonly history = new Map<string, { at: number; id: string }[]>();
  /** `ratingKey` → points ascending by (finishedAt, member). */
  private readonly ratings = new Map<string, Point[]>();

  constructor(readonly guildId: string) {}

  get size(): number {
    return this.records.size;
  }

  record(id: string): GameRecord | null {
    return this.records.get(id)?.record ?? null;
  }

  /** The record with ratings and each player's new statistics (changes nothing). */
  prepare(record: GameRecord): { record: GameRecord; players: PlayerUpdate[] } {
    return applyRecord(record, this.stats.get(record.game) ?? new Map());
  }

  /** Take in a prepared record as the next one in commit order. */
  add({ record, players }: { record: GameRecord; players: PlayerUpdate[] }): void {
    const g = this.guildId;
    this.records.set(record.id, { seq: this.records.size + 1, record });
    const at = record.finishedAt;
    const entry = { at, id: record.id };
    const byTime = (a: { at: number; id: string }, b: { at: number; id: string }) => a.at - b.at || byId(a.id, b.id);
    const indexes = [
      historyKey(g),
      historyKey(g, record.game),
      ...players.flatMap((p) => [historyKey(g, undefined, p.playerId), historyKey(g, record.game, p.playerId)]),
    ];
    for (const key of indexes) insertSorted(this.listOf(this.history, key), entry, byTime);
    let stats = this.stats.get(record.game);
    if (!stats) this.stats.set(record.game, (stats = new Map()));
    for (const p of players) {
      stats.set(p.playerId, p.stats);
      this.names.set(p.playerId, { name: p.stats.name, bot: p.stats.bot });
      const ordinal = p.stats.rating.ordinal;
      insertSorted(
        this.listOf(this.ratings, ratingKey(g, record.game, p.playerId)),
        { at, member: ratingMember(record.id, ordinal), ordinal },
        (a, b) => a.at - b.at || byId(a.member, b.member),
      );
      for (const period of PERIODS) {
        const key = boardKey(g, record.game, record.periods[period]);
        let board = this.boards.get(key);
        if (!board) this.boards.set(key, (board = new Map()));
        board.set(p.playerId, addToBoard(board.get(p.playerId) ?? null, p));
      }
    }
  }

  private listOf<T>(lists: Map<string, T[]>, key: string): T[] {
    let list = lists.get(key);
    if (!list) lists.set(key, (list = []));
    return list;
  }

  board(q: BoardQuery): { rows: BoardRow[]; total: number } {
    const board = this.boards.get(boardKey(q.guildId, q.game, q.periodId));
    if (!board) return { rows: [], total: 0 };
    const page = pageOf(q.offset, q.limit);
    const ordered = [...board]
      .filter(([id]) => q.includeBots || !COMPUTER_IDS.includes(id))
      .map(([id, figures]) => ({ id, figures, score: boardScore(q.sort, figures) }))
      .sort((a, b) => a.score - b.score || byId(a.id, b.id));
    const rows = page
      ? ordered.slice(page.start, page.stop + 1).map(({ id, figures }, i) => {
          const who = this.names.get(id) ?? { name: id, bot: false };
          return { position: page.start + i + 1, playerId: id, name: who.name, bot: who.bot, ...figures };
        })
      : [];
    return { rows, total: ordered.length };
  }

  playerStats(game: GameId, playerId: string): PlayerStats | null {
    return this.stats.get(game)?.get(playerId) ?? null;
  }

  ratingHistory(game: GameId, playerId: string, since: number, last?: number): RatingPoint[] {
    const points = (this.ratings.get(ratingKey(this.guildId, game, playerId)) ?? []).filter((p) => p.at >= since);
    return (last === undefined ? points : points.slice(-last)).map((p) => ({ at: p.at, ordinal: p.ordinal }));
  }

  historyPage(q: HistoryQuery): { records: GameRecord[]; total: number } {
    const list = this.history.get(historyKey(q.guildId, q.game, q.playerId)) ?? [];
    const page = pageOf(q.offset, q.limit);
    const newest = page ? list.slice(Math.max(0, list.length - 1 - page.stop), Math.max(0, list.length - page.start)).reverse() : [];
    return { records: newest.map(({ id }) => this.record(id) as GameRecord), total: list.length };
  }

  /** Every record, in commit order. */
  all(): GameRecord[] {
    return [...this.records.values()].map((s) => s.record);
  }
}

/**
 * The embedded ledger over `rows` (SqliteRecordRows on the embedded store; MemoryRecordRows keeps them in this process
 * only, e.g. in tests). Commits of a guild run one at a time under `locks` (in-process).
 */
export class MemoryLedger implements RecordLedger {
  private readonly guilds = new Map<string, Promise<GuildRecords>>();

  constructor(
    private readonly rows: RecordRows,
    private readonly locks: Locks,
  ) {}

  /** The guild's derived state, built from its stored records on first use. */
  private guild(guildId: string): Promise<GuildRecords> {
    let loaded = this.guilds.get(guildId);
    if (!loaded) {
      loaded = this.load(guildId);
      this.guilds.set(guildId, loaded);
      loaded.catch(() => this.guilds.delete(guildId));
    }
    return loaded;
  }

  private async load(guildId: string): Promise<GuildRecords> {
    const guild = new GuildRecords(guildId);
    for (const { record } of this.rows.rows(guildId)) guild.add(guild.prepare(record));
    return guild;
  }

  commit(input: GameRecord): Promise<{ committed: boolean; record: GameRecord }> {
    return this.locks.with(ledgerLock(input.guildId), async () => {
      const guild = await this.guild(input.guildId);
      const existing = guild.record(input.id);
      if (existing) return { committed: false, record: existing };
      const update = guild.prepare(input);
      if (!this.rows.insert(input.guildId, guild.size + 1, update.record))
        throw new Error(`record ${input.guildId}/${input.id} is stored but not loaded: another process writes the records`);
      guild.add(update);
      return { committed: true, record: update.record };
    });
  }

  async board(q: BoardQuery): Promise<{ rows: BoardRow[]; total: number }> {
    return (await this.guild(q.guildId)).board(q);
  }

  async stats(guildId: string, game: GameId, playerId: string): Promise<PlayerStats | null> {
    return (await this.guild(guildId)).playerStats(game, playerId);
  }

  async ratingHistory(guildId: string, game: GameId, playerId: string, since: number, last?: number): Promise<RatingPoint[]> {
    return (await this.guild(guildId)).ratingHistory(game, playerId, since, last);
  }

  async history(q: HistoryQuery): Promise<{ records: GameRecord[]; total: number }> {
    const guild = await this.guild(q.guildId);
    if (!q.visibleTo) return guild.historyPage(q);
    // Newest first, filtered by each channel's access (asked once per channel), then paged.
    const all = guild.historyPage({ ...q, offset: 0, limit: guild.size }).records;
    const access = new Map<string, ChannelAccess>();
    for (const ch of new Set(all.map((r) => r.channelId))) access.set(ch, await q.visibleTo.access(ch));
    const userId = q.visibleTo.userId;
    const visible = all.filter((r) => {
      const a = access.get(r.channelId);
      return a === 'all' || (a === 'players' && r.seats.some((s) => s.userId === userId));
    });
    const page = pageOf(q.offset, q.limit);
    return { records: page ? visible.slice(page.start, page.stop + 1) : [], total: visible.length };
  }

  async record(guildId: string, id: string): Promise<GameRecord | null> {
    return (await this.guild(guildId)).record(id);
  }

  async all(guildId: string): Promise<GameRecord[]> {
    return (await this.guild(guildId)).all();
  }
}
