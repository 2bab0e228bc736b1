/**
 * The background lane (docs/scale.md § Clicks first): renders that only keep other messages up to date — the boards,
 * the other players' live hands — wait their turn here, one per turn of Node's event loop, so the work of a click
 * (its table read, its move, the presser's own hand and the callback) never queues behind them. When the bot is
 * busy, a waiting board or hand then renders the newest table when its turn comes (their own queues keep only the
 * newest), so work that fell behind shrinks instead of piling up.
 */
export class BackgroundLane {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves when it is this caller's turn: after every earlier caller's, and after the I/O that arrived meanwhile. */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** How many callers wait for their turn. */
  get length(): number {
    return this.waiting.length;
  }

  // setImmediate runs after the poll phase, so the I/O that arrived (clicks, Redis answers) is handled before each turn;
  // the resolved caller's synchronous work runs in the microtasks right after it, before the next turn is taken.
  private schedule(): void {
    if (this.scheduled || !this.waiting.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      this.schedule();
    });
  }
}
