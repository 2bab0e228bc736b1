/**
 * Who plays a Réunion deal. With 3 players everyone; with 4 or 5 the dealer and the next two seats in seat order,
 * while the others sit the deal out (docs/rules/reunion.md § Variants, 4 or 5 players). Play goes in seat order from
 * the seat after the dealer (forehand), skipping the seats that sit out.
 */
import type { Seat } from '../types.ts';

/** The seats that play the deal dealt by `dealer` at a table of `seats` (3 to 5), ascending. */
export function activeSeats(seats: number, dealer: Seat): Seat[] {
  return playOrder(seats, dealer).sort((a, b) => a - b);
}

/** The active seats in play order: forehand, the next player, the dealer. */
export function playOrder(seats: number, dealer: Seat): Seat[] {
  return [(dealer + 1) % seats, (dealer + 2) % seats, dealer];
}

/** True if `seat` plays the deal dealt by `dealer`. */
export function isActive(seats: number, dealer: Seat, seat: Seat): boolean {
  return playOrder(seats, dealer).includes(seat);
}

/** The active seat after `seat` (an active seat) in play order: forehand → next player → dealer → forehand. */
export function nextActive(seats: number, dealer: Seat, seat: Seat): Seat {
  return seat === (dealer + 2) % seats ? dealer : (seat + 1) % seats;
}
