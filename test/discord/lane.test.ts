/**
 * The background lane (src/discord/lane.ts): urgent places first, every fourth turn to a waiting non-urgent one, a
 * place hurried on moves to the urgent queue, and one turn per turn of the event loop.
 */
import { describe, expect, it } from 'vitest';
import { BackgroundLane } from '../../src/discord/lane.ts';

describe('the background lane', () => {
  it('takes boards first, then hands to act, and a waiting following hand every fourth turn', async () => {
    const lane = new BackgroundLane();
    const order: string[] = [];
    const places = [
      ...['F1', 'F2'].map((name) => [name, lane.turn('following')] as const),
      ...['A1', 'A2', 'A3'].map((name) => [name, lane.turn('to-act')] as const),
      ...['B1', 'B2'].map((name) => [name, lane.turn('board')] as const),
    ];
    await Promise.all(places.map(([name, ticket]) => ticket.ready.then(() => order.push(name))));
    expect(order).toEqual(['B1', 'B2', 'A1', 'F1', 'A2', 'A3', 'F2']);
    expect(lane.length).toBe(0);
  });

  it('moves a hurried following hand to the end of the hands to act; hurrying a place that had its turn does nothing', async () => {
    const lane = new BackgroundLane();
    const order: string[] = [];
    const l1 = lane.turn('following');
    const l2 = lane.turn('following');
    const u1 = lane.turn('to-act');
    l2.hurry();
    await Promise.all([l1.ready.then(() => order.push('L1')), l2.ready.then(() => order.push('L2')), u1.ready.then(() => order.push('U1'))]);
    expect(order).toEqual(['U1', 'L2', 'L1']);
    l2.hurry();
    expect(lane.length).toBe(0);
  });

  it('gives one turn per turn of the event loop', async () => {
    const lane = new BackgroundLane();
    let loops = 0;
    let counting = true;
    const count = () => {
      loops++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const seen: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => lane.turn('board').ready.then(() => seen.push(loops))));
    counting = false;
    expect(new Set(seen).size).toBe(5); // no two turns in the same loop
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
