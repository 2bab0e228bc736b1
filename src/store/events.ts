/**
 * Table change events (src/tables/events.ts) over the store:
 * - **Redis (one server or a Cluster): plain pub/sub** on the channel `<namespace>::events:tables`
 *   (src/store/keys.ts `TABLE_EVENTS`), so two namespaces (e.g. two tests) never hear each other. A table change is
 *   published by the same Lua script that writes the table and frees its lock (src/store/redis/scripts.ts
 *   `WRITE_AND_UNLOCK`): it goes out only when the write happened, atomically with it, and costs no extra command or
 *   round trip. Events of one table are published under its lock, by one server, so they arrive in version order.
 *   Why pub/sub: every process wants every table's events (one channel per namespace), the events are hints that the
 *   stored table backs (a missed one is caught up from the table, src/tables/events.ts), and PUBLISH stores nothing.
 *   Sharded pub/sub (SPUBLISH) would only pay with one channel per slot that every process must subscribe to, and
 *   Streams would keep a log that needs trimming and a read position per process for what the stored table's
 *   version already gives. On a Cluster a PUBLISH reaches every node, so one connection to any node hears all.
 * - **Embedded store (one process): an in-process emitter** with the same interface, told after the SQLite
 *   transaction committed.
 *
 * On the wire an event carries the publishing process's random `origin` id, so each listener is told whether its own
 * process published it (`EventSource.own`; every event of the embedded store is its own).
 *
 * Each process has one subscription connection (a `duplicate()` of the store's client, named
 * `<namespace>:events` in CLIENT LIST; on a Cluster a connection to its first seed node) opened on the first
 * `subscribe` and closed after the last listener left; every listener hears each event once. When that
 * connection is lost, node-redis reconnects and subscribes again; once it has, listeners are told `onGap`.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import type { SubscribeOptions, TableEvent, TableEventListener, TableEvents } from '../tables/events.ts';
import { TABLE_CHANGE_KINDS } from '../tables/events.ts';
import type { Logger } from '../logger.ts';
import type { RedisClient } from './redis/client.ts';
import type { NodeRedis } from './redis/connect.ts';

/** An event as it travels (JSON), checked when it arrives from another process. */
const wireEvent = z.object({
  channelId: z.string(),
  tableId: z.string(),
  version: z.number().int(),
  kind: z.enum(TABLE_CHANGE_KINDS as [TableEvent['kind'], ...TableEvent['kind'][]]),
  /** The publishing process's `origin` (absent from an older version's events: heard as another process's). */
  origin: z.string().optional(),
});

/**
 * An event's wire form (small JSON; no hidden information is ever in an event), with `origin`: the random id of the
 * publishing process's `TableEvents` (tells a process its own events apart; no meaning beyond that).
 */
export const encodeEvent = (event: TableEvent, origin?: string): string =>
  JSON.stringify({ channelId: event.channelId, tableId: event.tableId, version: event.version, kind: event.kind, origin });

/** The event in a received message with its origin (null: none), or null when it is not one (another version's format). */
export function decodeEvent(message: string): { event: TableEvent; origin: string | null } | null {
  try {
    const parsed = wireEvent.safeParse(JSON.parse(message));
    if (!parsed.success) return null;
    const { origin, ...event } = parsed.data;
    return { event, origin: origin ?? null };
  } catch {
    return null;
  }
}

/** A listener with its options. */
interface Subscription {
  listener: TableEventListener;
  options: SubscribeOptions;
}

/** The listeners of one process, each told every event once; a throwing listener is logged and the others go on. */
class Listeners {
  private readonly subs = new Set<Subscription>();

  constructor(private readonly log?: Logger) {}

  get size(): number {
    return this.subs.size;
  }

  add(sub: Subscription): void {
    this.subs.add(sub);
  }

  delete(sub: Subscription): void {
    this.subs.delete(sub);
  }

  event(event: TableEvent, own: boolean): void {
    for (const { listener } of this.subs)
      try {
        listener({ ...event }, { own });
      } catch (err) {
        this.log?.error({ err, channelId: event.channelId, kind: event.kind }, 'a table event listener failed');
      }
  }

  gap(): void {
    for (const { options } of this.subs)
      try {
        options.onGap?.();
      } catch (err) {
        this.log?.error({ err }, 'a table event gap listener failed');
      }
  }
}

/** The embedded store's events: an in-process emitter (one process holds the SQLite file). */
export class LocalTableEvents implements TableEvents {
  private readonly emitter = new EventEmitter();
  private readonly listeners: Listeners;

  constructor(log?: Logger) {
    this.listeners = new Listeners(log);
    this.emitter.on('event', (event: TableEvent) => this.listeners.event(event, true));
  }

  /** Tell every listener, on the next microtask (never inside the writer's lock), in the order published. */
  async publish(event: TableEvent): Promise<void> {
    const copy = { ...event };
    queueMicrotask(() => this.emitter.emit('event', copy));
  }

  async subscribe(listener: TableEventListener, options: SubscribeOptions = {}): Promise<() => void> {
    const sub = { listener, options };
    this.listeners.add(sub);
    return () => this.listeners.delete(sub);
  }
}

/** The Redis store's events: pub/sub on the namespace's channel (see the file's comment). */
export class RedisTableEvents implements TableEvents {
  /** The pub/sub channel (with the namespace). */
  readonly channel: string;
  /** This process's id in the events it publishes (random; see `encodeEvent`). */
  readonly origin = randomUUID();
  private readonly listeners: Listeners;
  /** The subscription connection while anyone listens (opening or open), and its client. */
  private connection: Promise<NodeRedis> | null = null;
  private client: NodeRedis | null = null;
  /** Rejects the subscription being opened (`close` while it connects: node-redis leaves its connect pending). */
  private abandon: ((err: Error) => void) | null = null;

  /**
   * `redis`: the store's client (for PUBLISH); `connect`: a new, unconnected client for the subscription (see
   * src/store/redis/connect.ts `subscriberFor`).
   */
  constructor(
    private readonly redis: RedisClient,
    channelName: string,
    private readonly connect: () => NodeRedis,
    private readonly log?: Logger,
  ) {
    this.channel = redis.key(channelName);
    this.listeners = new Listeners(log);
  }

  async publish(event: TableEvent): Promise<void> {
    await (await this.redis.commands()).publish(this.channel, this.encode(event));
  }

  /** `event` as published by this process (the wire form with its origin). */
  encode(event: TableEvent): string {
    return encodeEvent(event, this.origin);
  }

  async subscribe(listener: TableEventListener, options: SubscribeOptions = {}): Promise<() => void> {
    const sub = { listener, options };
    this.listeners.add(sub);
    try {
      await (this.connection ??= this.open());
    } catch (err) {
      this.listeners.delete(sub);
      if (this.listeners.size === 0) await this.close();
      throw err;
    }
    return () => {
      this.listeners.delete(sub);
      if (this.listeners.size === 0) void this.close();
    };
  }

  /** Open the subscription connection and subscribe (resolves once SUBSCRIBE was answered). */
  private async open(): Promise<NodeRedis> {
    const client = this.connect();
    this.client = client;
    let ready = 0;
    client.on('error', (err: unknown) => this.log?.warn({ err }, 'table events: the subscription connection failed; reconnecting'));
    // node-redis subscribes again before 'ready' on a reconnect: from then on nothing is missed, so catch up now.
    client.on('ready', () => {
      if (ready++ > 0) this.listeners.gap();
    });
    const abandoned = new Promise<never>((_, reject) => (this.abandon = reject));
    await Promise.race([client.connect(), abandoned]);
    this.abandon = null;
    await client.subscribe(this.channel, (message: string) => {
      const heard = decodeEvent(message);
      if (heard) this.listeners.event(heard.event, heard.origin === this.origin);
    });
    return client;
  }

  /**
   * End the subscription (when the last listener left, or the store closes), at once: also while it is still
   * connecting or reconnecting (Redis down), so a shutdown never waits for it.
   */
  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.connection = null;
    this.abandon?.(new Error('the table events subscription was closed before it connected'));
    this.abandon = null;
    if (client?.isOpen) client.destroy();
  }
}
