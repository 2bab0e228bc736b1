/**
 * One web table socket, from its first frame to its close: the origin is checked at the upgrade; the first frame must
 * be `hello` (the channel, and the Activity's session — a browser's comes in its cookie); the session must be good and
 * its user able to view the channel in Discord; then the socket is a `Viewer` of the hub and its intents are applied
 * one after the other. Every frame is size-checked, rate-limited and validated (src/web/protocol.ts); a frame that is
 * not allowed ends the socket with an `error` frame and a close code that say why, and changes nothing.
 */
import type { WebSocket } from 'ws';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Logger } from '../logger.ts';
import type { TableHub, Viewer } from './hub.ts';
import type { Intents } from './intents.ts';
import {
  CLOSE_CODES,
  clientFrame,
  type ClientFrame,
  type ErrorCode,
  type HelloFrame,
  MAX_FRAME_BYTES,
  type PingFrame,
  type PongFrame,
  PROTOCOL_VERSION,
  type ReadyFrame,
  type ServerFrame,
} from './protocol.ts';
import type { Sessions, WebUser } from './session.ts';

/** Who may open a channel's table: the member's display name there, or null (not a member, or cannot view it). */
export type ChannelAccess = (channelId: string, userId: string) => Promise<{ name: string } | null>;

/** The window of the per-socket frame limit (WEB_RATE_FRAMES frames per window; more close the socket as a flood). */
export const RATE_WINDOW_S = 5;
/** A socket that has not said `hello` within this time is closed. */
const HELLO_WAIT_MS = 10_000;

/** What a socket needs. */
export interface SocketDeps {
  hub: TableHub;
  intents: Intents;
  sessions: Sessions;
  access: ChannelAccess;
  log: Logger;
  /** Told of each frame being handled, so shutdown and tests can wait for it. */
  track<T>(work: Promise<T>): Promise<T>;
}

/** The rate limiter of every socket (one key per socket): `frames` per `RATE_WINDOW_S`. */
export const socketLimiter = (frames: number): RateLimiterMemory => new RateLimiterMemory({ points: frames, duration: RATE_WINDOW_S });

let nextSocket = 0;

/** The answer to a ping. */
const pong = (ping: PingFrame): PongFrame => ({ type: 'pong', ...(ping.id === undefined ? {} : { id: ping.id }) });

/** Serve one socket (see the file's comment). `cookieSession`: the session cookie of the upgrade request, if any. */
export function serveSocket(ws: WebSocket, cookieSession: string | undefined, limiter: RateLimiterMemory, deps: SocketDeps): void {
  const key = String(nextSocket++);
  let viewer: Viewer | null = null;
  let closed = false;
  let queue: Promise<void> = Promise.resolve();
  const send = (frame: ServerFrame): void => {
    if (!closed) ws.send(JSON.stringify(frame));
  };
  const fail = (code: ErrorCode): void => {
    if (closed) return;
    send({ type: 'error', code, key: `web.error.${code}` });
    closed = true;
    ws.close(CLOSE_CODES[code], code);
  };
  const helloTimer = setTimeout(() => fail('hello_first'), HELLO_WAIT_MS);

  const hello = async (frame: HelloFrame): Promise<void> => {
    const user = await deps.sessions.verify(frame.session ?? cookieSession);
    if (!user) return fail('unauthorized');
    const member = await deps.access(frame.channel, user.id);
    if (!member) return fail('forbidden');
    if (closed) return;
    const named: WebUser = { ...user, name: member.name };
    const ready: ReadyFrame = {
      type: 'ready',
      protocol: PROTOCOL_VERSION,
      channel: frame.channel,
      user: { id: user.id, name: named.name },
      locale: user.lang,
    };
    send(ready);
    viewer = {
      channel: frame.channel,
      user: named,
      shown: null,
      send: (data) => {
        if (!closed) ws.send(data);
      },
    };
    deps.hub.add(viewer);
  };

  const handle = async (frame: ClientFrame): Promise<void> => {
    if (frame.type === 'ping') return send(pong(frame));
    if (frame.type === 'hello') {
      if (viewer) return fail('hello_first');
      clearTimeout(helloTimer);
      return hello(frame);
    }
    if (!viewer) return fail('hello_first');
    const refused = frame.type === 'intent' ? await deps.intents.move(viewer, frame) : await deps.intents.lobby(viewer, frame);
    if (refused) send(refused);
  };

  ws.on('message', (data, isBinary) => {
    if (closed) return;
    const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
    if (bytes > MAX_FRAME_BYTES) return fail('too_large');
    let frame: ClientFrame;
    try {
      if (isBinary) throw new Error('binary');
      const parsed = clientFrame.safeParse(JSON.parse(Buffer.from(data as Buffer).toString('utf8')));
      if (!parsed.success) throw parsed.error;
      frame = parsed.data;
    } catch {
      return fail('bad_frame');
    }
    // Waiting frames count too: a flood is closed however fast the frames before it are handled.
    limiter.consume(key).then(
      () => {
        queue = queue.then(() =>
          closed
            ? undefined
            : deps.track(handle(frame)).catch((err: unknown) => {
                deps.log.warn({ err, frame: frame.type }, 'a web table frame failed');
                send({ type: 'error', code: 'internal', key: 'web.error.internal' });
              }),
        );
      },
      () => fail('rate_limited'),
    );
  });
  ws.on('close', () => {
    closed = true;
    clearTimeout(helloTimer);
    if (viewer) deps.hub.remove(viewer);
    void limiter.delete(key);
  });
  ws.on('error', (err) => deps.log.debug({ err }, 'web table socket error'));
}
