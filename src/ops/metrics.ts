/**
 * Prometheus metrics of one bot (prom-client), in a registry of its own so several bots can run in one process
 * (the tests do). Names and labels are listed in the README's Operations section.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What kind of interaction was handled. */
export type InteractionKind = 'command' | 'button' | 'select' | 'other';
/** Who made a move: a person's click, a computer seat, or the computer for a player out of time or away. */
export type MoveBy = 'person' | 'computer' | 'auto';
/**
 * How an interaction ended badly: `refused` — an expected refusal (bad input, not your turn…);
 * `failed` — unexpected (storage down, a bug); `discord` — a Discord API error.
 */
export type ErrorKind = 'refused' | 'failed' | 'discord';

/** The bot's metrics and the registry that exposes them. */
export class BotMetrics {
  readonly registry = new Registry();
  private readonly latency = new Histogram({
    name: 'stammtisch_interaction_duration_seconds',
    help: 'Time from an interaction arriving to the bot having handled it, in seconds',
    labelNames: ['kind'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly moves = new Counter({
    name: 'stammtisch_moves_total',
    help: 'Moves stored, by game and by who made them (person, computer, auto)',
    labelNames: ['game', 'by'] as const,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'stammtisch_interaction_errors_total',
    help: 'Interactions answered with an error: refused (expected), failed (unexpected), discord (Discord API error)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  /** `openTables` is asked at scrape time for the number of tables in this bot's store. */
  constructor(openTables: () => Promise<number>) {
    let last = 0;
    new Gauge({
      name: 'stammtisch_open_tables',
      help: "Tables (lobby or playing) in this bot's store, counted at scrape time",
      registers: [this.registry],
      async collect() {
        // When the store does not answer, the last count stays (and /health says the storage is down).
        last = await openTables().catch(() => last);
        this.set(last);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** One interaction handled in `seconds`. */
  interaction(kind: InteractionKind, seconds: number): void {
    this.latency.observe({ kind }, seconds);
  }

  /** `count` moves of `game` stored, made by `by`. */
  move(game: string, by: MoveBy, count = 1): void {
    this.moves.inc({ game, by }, count);
  }

  /** One interaction ended in an error of `kind`. */
  error(kind: ErrorKind): void {
    this.errors.inc({ kind });
  }

  /** The Prometheus text exposition of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** The content type of `text()`. */
  get contentType(): string {
    return this.registry.contentType;
  }
}
