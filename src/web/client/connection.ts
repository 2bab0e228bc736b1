/**
 * The table's socket (src/web/protocol.ts is the contract): `hello` first (with the Activity's session, or none: the
 * browser's cookie went with the upgrade), then every `state` pushed by the server is kept, the newest version
 * winning. Intents and lobby actions go out with the version they were chosen at; a `refused` comes back with the
 * sentence's key. A lost connection is opened again (and gets the current state at once); an `error` that closes
 * the socket (no session, no access, …) ends it.
 */
import type {
  ClientFrame,
  ClosedFrame,
  ErrorFrame,
  HelloFrame,
  IntentFrame,
  LobbyAction,
  PingFrame,
  PongFrame,
  ReadyFrame,
  RefusedFrame,
  ResultFrame,
  ServerFrame,
  StateFrame,
} from '../protocol.ts';

/** Where the connection is. */
export type Phase = 'connecting' | 'open' | 'reconnecting' | 'failed';

/** What the client knows of its table. */
export interface Snapshot {
  phase: Phase;
  ready: ReadyFrame | null;
  state: StateFrame | null;
  result: ResultFrame | null;
  closed: ClosedFrame | null;
  /** The last refusal, with a counter so that the same one twice shows again. */
  refused: (RefusedFrame & { n: number }) | null;
  error: ErrorFrame | null;
}

/** The protocol's socket path and version (kept here as literals so the client does not bundle zod). */
const SOCKET_PATH = '/ws';
const PROTOCOL_VERSION = 1;

/** One table's socket with reconnects. */
export class TableSocket {
  private ws: WebSocket | null = null;
  private listeners = new Set<(s: Snapshot) => void>();
  private nextId = 1;
  private retries = 0;
  private stopped = false;
  private pinger: ReturnType<typeof setInterval> | null = null;
  /** The last keep-alive answer. */
  lastPong: PongFrame | null = null;
  snapshot: Snapshot = { phase: 'connecting', ready: null, state: null, result: null, closed: null, refused: null, error: null };

  constructor(
    readonly channel: string,
    private readonly session?: string,
  ) {
    this.open();
  }

  /** Be told of every change; returns the unsubscribe. */
  subscribe(fn: (s: Snapshot) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Send a game move (one of `state.legal`, or a move the player put together) at the shown version. */
  intent(move: unknown): void {
    const state = this.snapshot.state;
    if (state) this.send({ type: 'intent', id: this.nextId++, version: state.version, move: move as IntentFrame['move'] });
  }

  /** Send a lobby action at the shown version. */
  lobby(action: LobbyAction): void {
    const state = this.snapshot.state;
    if (state) this.send({ type: 'lobby', id: this.nextId++, version: state.version, action });
  }

  /** Close for good. */
  stop(): void {
    this.stopped = true;
    if (this.pinger) clearInterval(this.pinger);
    this.ws?.close(1000);
  }

  private send(frame: ClientFrame): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private update(patch: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const fn of this.listeners) fn(this.snapshot);
  }

  private open(): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      const hello: HelloFrame = {
        type: 'hello',
        channel: this.channel,
        protocol: PROTOCOL_VERSION,
        ...(this.session ? { session: this.session } : {}),
      };
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => this.receive(JSON.parse(String(ev.data)) as ServerFrame);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      if (this.pinger) clearInterval(this.pinger);
      if (this.stopped || this.snapshot.error) {
        this.update({ phase: 'failed' });
        return;
      }
      this.update({ phase: 'reconnecting' });
      const wait = Math.min(500 * 2 ** this.retries++, 8000);
      setTimeout(() => this.open(), wait);
    };
  }

  private receive(frame: ServerFrame): void {
    switch (frame.type) {
      case 'ready':
        this.retries = 0;
        if (this.pinger) clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ type: 'ping' } satisfies PingFrame), 25_000);
        this.update({ phase: 'open', ready: frame });
        return;
      case 'state': {
        const shown = this.snapshot.state;
        if (shown && shown.tableId === frame.tableId && shown.version > frame.version) return;
        this.update({ state: frame, closed: null, result: shown && shown.tableId !== frame.tableId ? null : this.snapshot.result });
        return;
      }
      case 'result':
        this.update({ result: frame });
        return;
      case 'closed':
        this.update({ closed: frame, state: null });
        return;
      case 'refused':
        this.update({ refused: { ...frame, n: (this.snapshot.refused?.n ?? 0) + 1 } });
        return;
      case 'error':
        if (frame.code !== 'internal') this.update({ error: frame });
        return;
      case 'pong':
        this.lastPong = frame;
        return;
    }
  }
}
