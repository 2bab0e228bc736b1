/**
 * The background lane (docs/scale.md § Clicks first): renders that only keep other messages up to date — the boards,
 * the live hands — wait their turn here, one per turn of Node's event loop, so the work of a click (its table read,
 * its move, the presser's own hand and the callback) never queues behind them. When the bot is busy, a waiting board
 * or hand renders the newest table when its turn comes (their own queues keep only the newest), so work that fell
 * behind shrinks instead of piling up.
 *
 * Boards go first (every player reads them; one edit at most per table waits, holding the newest table), then the
 * hand of a player whose turn it is (the game waits for it), then the hands that only follow the play, which take
 * every fourth turn while other work waits: under load they fall behind (and merge several moves into one edit)
 * without ever standing still.
 */

import { performance } from 'node:perf_hooks';

/** What waits: a board, the hand of a player to act, or a hand that only follows the play. */
export type LaneWork = 'board' | 'to-act' | 'following';

/** A place in the lane. */
export interface LaneTicket {
  /** Resolves when it is this place's turn. */
  readonly ready: Promise<void>;
  /** A following hand's player is now to act: move its place to that queue, if it still waits. */
  hurry(): void;
}

/** How many turns in a row boards and hands to act may take before a waiting following hand gets one. */
const URGENT_RUN = 3;
/** Above this share of time busy (the event loop's utilization over the last `MEASURE_MS`), turns are paced. */
const BUSY = 0.6;
/** How often the event loop's utilization is measured (ms). */
const MEASURE_MS = 100;
/** The pause before a turn while the event loop is busy (ms): time left for clicks. */
const PACE_MS = 2;

export class BackgroundLane {
  private readonly queues: Record<LaneWork, (() => void)[]> = { board: [], 'to-act': [], following: [] };
  private urgentRun = 0;
  private scheduled = false;
  private measured = performance.eventLoopUtilization();
  private measuredAt = performance.now();
  private busy = false;

  /** A place after every earlier place of its kind; its turn comes after the I/O that arrived meanwhile. */
  turn(work: LaneWork): LaneTicket {
    let resolve!: () => void;
    const ready = new Promise<void>((r) => (resolve = r));
    this.queues[work].push(resolve);
    this.schedule();
    return {
      ready,
      hurry: () => {
        const waiting = this.queues.following;
        const at = waiting.indexOf(resolve);
        if (at < 0) return;
        waiting.splice(at, 1);
        this.queues['to-act'].push(resolve);
      },
    };
  }

  /** How many places wait. */
  get length(): number {
    return this.queues.board.length + this.queues['to-act'].length + this.queues.following.length;
  }

  /** The next place to take its turn. */
  private next(): (() => void) | undefined {
    const { board, following } = this.queues;
    const toAct = this.queues['to-act'];
    if ((board.length || toAct.length) && (this.urgentRun < URGENT_RUN || !following.length)) {
      this.urgentRun++;
      return board.shift() ?? toAct.shift();
    }
    this.urgentRun = 0;
    return following.shift();
  }

  /** Whether the event loop was busy more than `BUSY` of the time lately (measured every `MEASURE_MS`). */
  private loopBusy(): boolean {
    const now = performance.now();
    if (now - this.measuredAt >= MEASURE_MS) {
      const current = performance.eventLoopUtilization();
      this.busy = performance.eventLoopUtilization(current, this.measured).utilization > BUSY;
      this.measured = current;
      this.measuredAt = now;
    }
    return this.busy;
  }

  // setImmediate runs after the poll phase, so the I/O that arrived (clicks, Redis answers) is handled before each turn;
  // the resolved place's synchronous work runs in the microtasks right after it, before the next turn is taken. While
  // the loop is busy, a short pause before each turn keeps time free for clicks (the work waiting merges meanwhile).
  private schedule(): void {
    if (this.scheduled || !this.length) return;
    this.scheduled = true;
    const take = () => {
      this.scheduled = false;
      this.next()?.();
      this.schedule();
    };
    if (this.loopBusy()) setTimeout(take, PACE_MS);
    else setImmediate(take);
  }
}
