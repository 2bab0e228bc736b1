/**
 * The record ledger on Redis (or a Redis Cluster), shared by every bot process. Layout: src/store/keys.ts —
 * all of a guild's keys share the hash tag `{<guildId>}`.
 *
 * Commit, under the guild's ledger lock (src/store/lock.ts, across processes): one round trip reads whether the
 * record is there, the commit count, the seats' statistics and their figures on the boards the game counts in;
 * src/records/update.ts derives the ratings, statistics and figures; then ONE MULTI/EXEC writes the record, its
 * place in the commit order and the history indexes, the statistics, names, rating points and every leaderboard.
 * Redis applies a MULTI/EXEC whole or not at all, so a crash (of the bot or of the connection) leaves the game
 * counted once or not at all; a repeated commit finds the record and changes nothing.
 *
 * Queries read a few keys each (one or two round trips): a board page is ZRANGE on the sort's sorted set plus
 * ZCARD, then HMGET of the page's figures and names; history is ZRANGE REV plus ZCARD, then MGET of the records.
 * History for one member (`visibleTo`) first reads the guild's distinct channels (SMEMBERS, with HLEN and ZCARD to
 * know the set is complete): a member who may see all of them gets the plain history. Otherwise it reads every id
 * of the index (ZRANGE REV), their channels (HMGET of the channels hash), for players-only channels whether the
 * member sat in them (ZMSCORE of their history index), then MGET of the page: ids only until the page is known.
 * A game committed between the two round trips can show its figures in a page ordered just before it.
 */
import type { GameId } from '../../tables/games.ts';
import { addToBoard, applyRecord, type BoardFigures, COMPUTER_IDS } from '../../records/update.ts';
import {
  BOARD_SORTS,
  type BoardQuery,
  type BoardRow,
  type ChannelAccess,
  type GameRecord,
  type HistoryQuery,
  PERIODS,
  type PlayerStats,
  type RatingPoint,
  type RecordLedger,
  type Visibility,
} from '../../records/types.ts';
import { boardKey, channelSetKey, channelsKey, historyKey, ledgerLock, namesKey, orderKey, ratingKey, recordKey, statsKey } from '../keys.ts';
import type { Locks } from '../lock.ts';
import type { NodeRedis } from '../redis/connect.ts';
import type { RedisClient } from '../redis/client.ts';
import { decodeRecord, encodeRecord } from '../schema.ts';
import { boardScore, ordinalOfMember, pageOf, ratingMember } from './order.ts';

type Client = NodeRedis;

/** `who` asking `access` at most once per channel. */
function askingOnce(who: Visibility): Visibility {
  const asked = new Map<string, Promise<ChannelAccess>>();
  return {
    userId: who.userId,
    access: (channelId) => {
      let access = asked.get(channelId);
      if (!access) asked.set(channelId, (access = who.access(channelId)));
      return access;
    },
  };
}

/** Largest MGET of `all()` (it reads a whole guild). */
const MGET_CHUNK = 500;

export class RedisLedger implements RecordLedger {
  constructor(
    private readonly redis: RedisClient,
    private readonly locks: Locks,
  ) {}

  private client(): Promise<Client> {
    return this.redis.commands();
  }

  /** A key in the namespace. */
  private k(name: string): string {
    return this.redis.key(name);
  }

  commit(input: GameRecord): Promise<{ committed: boolean; record: GameRecord }> {
    const g = input.guildId;
    return this.locks.with(ledgerLock(g), async () => {
      const c = await this.client();
      const ids = [...new Set(input.outcomes.map((o) => o.playerId))];
      // The boards this game counts on: its week, month, season and all time.
      const boards = PERIODS.map((period) => ({ periodId: input.periods[period], key: boardKey(g, input.game, input.periods[period]) }));
      const [stored, count, statsRaw, ...figuresRaw] = await Promise.all([
        c.get(this.k(recordKey(g, input.id))),
        c.zCard(this.k(orderKey(g))),
        c.hmGet(this.k(statsKey(g, input.game)), ids),
        ...boards.map((b) => c.hmGet(this.k(b.key), ids)),
      ]);
      if (stored !== null) return { committed: false, record: decodeRecord(stored) };

      const current = new Map<string, PlayerStats>();
      statsRaw.forEach((raw, i) => raw !== null && current.set(ids[i] as string, JSON.parse(raw) as PlayerStats));
      const { record, players } = applyRecord(input, current);
      const at = record.finishedAt;
      const m = c.multi();
      m.set(this.k(recordKey(g, record.id)), encodeRecord(record));
      m.zAdd(this.k(orderKey(g)), [{ score: count + 1, value: record.id }]);
      for (const key of [
        historyKey(g),
        historyKey(g, record.game),
        ...ids.flatMap((id) => [historyKey(g, undefined, id), historyKey(g, record.game, id)]),
      ])
        m.zAdd(this.k(key), [{ score: at, value: record.id }]);
      m.hSet(this.k(channelsKey(g)), { [record.id]: record.channelId });
      m.sAdd(this.k(channelSetKey(g)), [record.channelId]);
      m.hSet(this.k(statsKey(g, record.game)), Object.fromEntries(players.map((p) => [p.playerId, JSON.stringify(p.stats)])));
      m.hSet(this.k(namesKey(g)), Object.fromEntries(players.map((p) => [p.playerId, JSON.stringify({ name: p.stats.name, bot: p.stats.bot })])));
      for (const p of players)
        m.zAdd(this.k(ratingKey(g, record.game, p.playerId)), [{ score: at, value: ratingMember(record.id, p.stats.rating.ordinal) }]);
      boards.forEach((board, i) => {
        const prev = figuresRaw[i] ?? [];
        const figures = ids.map((id, j) => {
          const raw = prev[j];
          const player = players.find((p) => p.playerId === id);
          if (!player) throw new Error(`no update for ${id}`);
          return [id, addToBoard(raw ? (JSON.parse(raw) as BoardFigures) : null, player)] as const;
        });
        m.hSet(this.k(board.key), Object.fromEntries(figures.map(([id, f]) => [id, JSON.stringify(f)])));
        for (const sort of BOARD_SORTS)
          m.zAdd(
            this.k(boardKey(g, record.game, board.periodId, sort)),
            figures.map(([id, f]) => ({ score: boardScore(sort, f), value: id })),
          );
      });
      await m.exec();
      return { committed: true, record };
    });
  }

  async board(q: BoardQuery): Promise<{ rows: BoardRow[]; total: number }> {
    const c = await this.client();
    const figuresKey = this.k(boardKey(q.guildId, q.game, q.periodId));
    const sortedKey = this.k(boardKey(q.guildId, q.game, q.periodId, q.sort));
    const page = pageOf(q.offset, q.limit);
    const { ids, total } = await this.boardIds(c, sortedKey, page, q.includeBots);
    if (!page || !ids.length) return { rows: [], total };
    const [figures, names] = await Promise.all([c.hmGet(figuresKey, ids), c.hmGet(this.k(namesKey(q.guildId)), ids)]);
    const rows = ids.map((id, i) => {
      const who = JSON.parse(names[i] ?? 'null') as { name: string; bot: boolean } | null;
      const f = JSON.parse(figures[i] ?? 'null') as BoardFigures | null;
      if (!f) throw new Error(`board ${figuresKey} has no figures for ${id}`);
      return {
        position: page.start + i + 1,
        playerId: id,
        name: who?.name ?? id,
        bot: who?.bot ?? false,
        games: f.games,
        wins: f.wins,
        net: f.net,
        rating: f.rating,
      };
    });
    return { rows, total };
  }

  /**
   * The player ids at board positions `page` (null: none), and the board's size. Without computer players, one
   * round trip reads their ranks and the page widened by their number, and positions are counted past them.
   */
  private async boardIds(
    c: Client,
    sortedKey: string,
    page: { start: number; stop: number } | null,
    includeBots: boolean,
  ): Promise<{ ids: string[]; total: number }> {
    if (includeBots) {
      const [ids, total] = await Promise.all([page ? c.zRange(sortedKey, page.start, page.stop) : Promise.resolve([]), c.zCard(sortedKey)]);
      return { ids, total };
    }
    const widen = COMPUTER_IDS.length;
    const [window, size, ...ranks] = await Promise.all([
      page ? c.zRange(sortedKey, page.start, page.stop + widen) : Promise.resolve([]),
      c.zCard(sortedKey),
      ...COMPUTER_IDS.map((id) => c.zRank(sortedKey, id)),
    ]);
    const botRanks = ranks.filter((r): r is number => r !== null).sort((a, b) => a - b);
    const total = size - botRanks.length;
    if (!page) return { ids: [], total };
    // A position among the people → its position on the whole board (each computer player at or before it shifts it by one).
    const onBoard = (position: number) => botRanks.reduce((at, rank) => (rank <= at ? at + 1 : at), position);
    const ids = window.slice(onBoard(page.start) - page.start, onBoard(page.stop) - page.start + 1).filter((id) => !COMPUTER_IDS.includes(id));
    return { ids, total };
  }

  async stats(guildId: string, game: GameId, playerId: string): Promise<PlayerStats | null> {
    const raw = await (await this.client()).hGet(this.k(statsKey(guildId, game)), playerId);
    return raw === null ? null : (JSON.parse(raw) as PlayerStats);
  }

  async ratingHistory(guildId: string, game: GameId, playerId: string, since: number, last?: number): Promise<RatingPoint[]> {
    const key = this.k(ratingKey(guildId, game, playerId));
    const c = await this.client();
    const points =
      last === undefined
        ? await c.zRangeWithScores(key, since, '+inf', { BY: 'SCORE' })
        : (await c.zRangeWithScores(key, '+inf', since, { BY: 'SCORE', REV: true, LIMIT: { offset: 0, count: last } })).reverse();
    return points.map(({ value, score }) => ({ at: score, ordinal: ordinalOfMember(value) }));
  }

  async history(q: HistoryQuery): Promise<{ records: GameRecord[]; total: number }> {
    const c = await this.client();
    const key = this.k(historyKey(q.guildId, q.game, q.playerId));
    const page = pageOf(q.offset, q.limit);
    const who = q.visibleTo && askingOnce(q.visibleTo);
    if (who && !(await this.seesEveryChannel(c, q.guildId, who))) {
      const visible = await this.visibleIds(c, q.guildId, await c.zRange(key, 0, -1, { REV: true }), who);
      return { records: page ? await this.records(c, q.guildId, visible.slice(page.start, page.stop + 1)) : [], total: visible.length };
    }
    const [ids, total] = await Promise.all([page ? c.zRange(key, page.start, page.stop, { REV: true }) : Promise.resolve([]), c.zCard(key)]);
    return { records: await this.records(c, q.guildId, ids), total };
  }

  async record(guildId: string, id: string): Promise<GameRecord | null> {
    const raw = await (await this.client()).get(this.k(recordKey(guildId, id)));
    return raw === null ? null : decodeRecord(raw);
  }

  async all(guildId: string): Promise<GameRecord[]> {
    const c = await this.client();
    return this.records(c, guildId, await c.zRange(this.k(orderKey(guildId)), 0, -1));
  }

  /**
   * Whether `who` may see every game of the guild: every record's channel is known (the channels hash covers the
   * commit order) and each distinct channel is `all` to them. Then history needs no per-game check.
   */
  private async seesEveryChannel(c: Client, guildId: string, who: Visibility): Promise<boolean> {
    const [channels, indexed, total] = await Promise.all([
      c.sMembers(this.k(channelSetKey(guildId))),
      c.hLen(this.k(channelsKey(guildId))),
      c.zCard(this.k(orderKey(guildId))),
    ]);
    if (indexed < total) return false;
    for (const ch of channels) if ((await who.access(ch)) !== 'all') return false;
    return true;
  }

  /**
   * The ids of `ids` (in that order) that `who` may see: the channel of each from the channels hash (a record
   * committed before the hash existed is read once and added to it), each channel's access asked once, and for
   * channels of `players` access whether `who` sat in the game (their history index).
   */
  private async visibleIds(c: Client, guildId: string, ids: string[], who: Visibility): Promise<string[]> {
    if (!ids.length) return [];
    const channels = await c.hmGet(this.k(channelsKey(guildId)), ids);
    const missing = ids.filter((_, i) => channels[i] === null);
    if (missing.length) {
      const found = await this.records(c, guildId, missing);
      // The set first: once the hash is complete, the set must hold every channel (`seesEveryChannel`).
      await c.sAdd(this.k(channelSetKey(guildId)), [...new Set(found.map((r) => r.channelId))]);
      await c.hSet(this.k(channelsKey(guildId)), Object.fromEntries(found.map((r) => [r.id, r.channelId])));
      const byId = new Map(found.map((r) => [r.id, r.channelId]));
      ids.forEach((id, i) => channels[i] === null && (channels[i] = byId.get(id) ?? null));
    }
    const access = new Map<string, ChannelAccess>();
    for (const ch of new Set(channels)) if (ch !== null) access.set(ch, await who.access(ch));
    const asPlayer = ids.filter((_, i) => access.get(channels[i] as string) === 'players');
    const scores = asPlayer.length ? await c.zmScore(this.k(historyKey(guildId, undefined, who.userId)), asPlayer) : [];
    const played = new Set(asPlayer.filter((_, i) => scores[i] !== null));
    return ids.filter((id, i) => {
      const a = access.get(channels[i] as string);
      return a === 'all' || (a === 'players' && played.has(id));
    });
  }

  /** The records of `ids`, in that order (each must be there: the indexes are written with them). */
  private async records(c: Client, guildId: string, ids: string[]): Promise<GameRecord[]> {
    const out: GameRecord[] = [];
    for (let i = 0; i < ids.length; i += MGET_CHUNK) {
      const chunk = ids.slice(i, i + MGET_CHUNK);
      const raws = await c.mGet(chunk.map((id) => this.k(recordKey(guildId, id))));
      raws.forEach((raw, j) => {
        if (raw === null) throw new Error(`record ${chunk[j]} of guild ${guildId} is indexed but missing`);
        out.push(decodeRecord(raw));
      });
    }
    return out;
  }
}
