/**
 * Computer players at a table: their seats, names and the one-way seed of each decision.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { BotLevel } from '../bots/types.ts';
import type { SeatInfo, TableRecord } from './types.ts';

/** Names of computer players, by bot number (1-based). */
export const BOT_NAMES = ['Kurt', 'Liesl', 'Fritz', 'Grete', 'Hansi', 'Resi'] as const;

/** A new computer seat for `table`: the lowest free bot number, named from `BOT_NAMES`. */
export function newBotSeat(table: TableRecord, level: BotLevel): SeatInfo {
  const taken = new Set(table.seats.filter((s) => s.bot).map((s) => s.userId));
  let n = 1;
  while (taken.has(`bot:${n}`)) n++;
  return { userId: `bot:${n}`, name: BOT_NAMES[(n - 1) % BOT_NAMES.length] as string, bot: level };
}

/**
 * The seed of the computer decision made at move number `moveNo` of `table`: SHA-256 of the table's secret
 * seed and the move number, so decisions replay exactly yet reveal nothing about the deal.
 */
export const decisionSeed = (table: TableRecord, moveNo: number): string => bytesToHex(sha256(utf8ToBytes(`${table.seed}:decision:${moveNo}`)));

/** Human seats (people, not computer players). */
export const humanSeats = (table: TableRecord): SeatInfo[] => table.seats.filter((s) => !s.bot);
