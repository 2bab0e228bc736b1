/**
 * Where the board stands among its channel's newest messages (src/discord/board/bottom.ts): buried when two or more
 * messages heard of are newer than it; due to move after a move at most once per turn; moves are followed.
 */
import { describe, expect, it } from 'vitest';
import { BoardBottom, CHANNELS_KEPT } from '../../src/discord/board/bottom.ts';
import type { TableRecord } from '../../src/tables/types.ts';

const table = (messageId: string, status: TableRecord['status'] = 'playing'): TableRecord => ({
  id: 't1',
  channelId: 'c1',
  guildId: 'g1',
  game: 'reunion',
  options: {},
  seats: [],
  hostId: 'u1',
  status,
  version: 5,
  seed: 's',
  moves: [],
  state: {},
  turnTimer: 0,
  deadline: null,
  messageId,
  createdAt: 0,
  startedAt: 0,
  updatedAt: 0,
});

describe('the board at the bottom', () => {
  it('is buried by two newer messages, not by one, and not by older ones', () => {
    const bottom = new BoardBottom();
    bottom.watch('c1');
    bottom.arrived('c1', '90');
    bottom.arrived('c1', '100'); // the board
    expect(bottom.buried('c1', '100')).toBe(false);
    bottom.arrived('c1', '101');
    expect(bottom.buried('c1', '100')).toBe(false); // next to last
    bottom.arrived('c1', '1000'); // a longer snowflake is newer
    expect(bottom.buried('c1', '100')).toBe(true);
    bottom.deleted('c1', '1000');
    expect(bottom.buried('c1', '100')).toBe(false);
  });

  it('hears nothing of a channel it does not watch', () => {
    const bottom = new BoardBottom();
    bottom.arrived('c1', '101');
    bottom.arrived('c1', '102');
    expect(bottom.buried('c1', '100')).toBe(false);
  });

  it('is due to move once per turn, only while playing, and follows the move', () => {
    const bottom = new BoardBottom();
    bottom.watch('c1');
    for (const id of ['101', '102', '103']) bottom.arrived('c1', id);
    expect(bottom.due(table('100', 'lobby'), 'turn-1')).toBe(false);
    expect(bottom.due(table('100'), 'turn-1')).toBe(true);
    bottom.moving('c1', 'turn-1');
    expect(bottom.due(table('100'), 'turn-1')).toBe(false);
    expect(bottom.due(table('100'), 'turn-2')).toBe(true);
    bottom.moved('100', '104');
    bottom.arrived('c1', '104');
    expect(bottom.current('100')).toBe('104');
    expect(bottom.due(table('100'), 'turn-2')).toBe(false); // the stored id may still be the old one: the new board is last
    bottom.moved('104', '200');
    expect(bottom.current('100')).toBe('200');
    bottom.notMoved('c1');
    expect(bottom.due(table('99'), 'turn-1')).toBe(true);
  });

  it('watches at most CHANNELS_KEPT channels', () => {
    const bottom = new BoardBottom();
    for (let i = 0; i <= CHANNELS_KEPT; i++) bottom.watch(`c${i}`);
    bottom.arrived('c0', '101');
    bottom.arrived('c0', '102');
    expect(bottom.buried('c0', '100')).toBe(false); // the first channel was dropped
    bottom.arrived(`c${CHANNELS_KEPT}`, '101');
    bottom.arrived(`c${CHANNELS_KEPT}`, '102');
    expect(bottom.buried(`c${CHANNELS_KEPT}`, '100')).toBe(true);
  });
});
