/**
 * The web table's HTTP and WebSocket server (fastify, on WEB_PORT in the bot process): the sign-in routes
 * (src/web/auth.ts), finished games' replays (src/web/replay.ts), the socket (`/ws`, src/web/socket.ts) with the hub
 * that pushes each change (src/web/hub.ts), and the client's files and card faces (src/web/pages.ts). /metrics is not here: it stays on METRICS_PORT. Started by src/bot.ts only when the web settings are set (src/config.ts).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { WebSettings } from '../config.ts';
import type { Locale } from '../i18n/index.ts';
import type { Logger } from '../logger.ts';
import type { TableService } from '../tables/service.ts';
import type { FinishedGame } from '../tables/types.ts';
import { authRoutes, SESSION_COOKIE } from './auth.ts';
import { TableHub } from './hub.ts';
import { type ChatScreens, Intents } from './intents.ts';
import { CLIENT_DIR, clientRoutes } from './pages.ts';
import { DiscordOAuth } from './oauth.ts';
import { MAX_FRAME_BYTES, SOCKET_PATH } from './protocol.ts';
import { replayRoutes } from './replay.ts';
import { Sessions } from './session.ts';
import { type ChannelAccess, serveSocket, socketLimiter } from './socket.ts';

/** What the web server needs from the bot. */
export interface WebServerDeps {
  settings: WebSettings;
  /** The application's id (OAuth2 client id; the Activity's origin `https://<id>.discordsays.com`). */
  clientId: string;
  /** Discord's API base (DISCORD_API_URL), default Discord's. */
  apiUrl?: string;
  tables: TableService;
  screens: ChatScreens;
  guildLocale(guildId: string): Promise<Locale>;
  access: ChannelAccess;
  finishedGame(guildId: string, id: string): Promise<FinishedGame | null>;
  /** Whether a finished game's deals must stay hidden for now (a duplicate weekly night still playing). */
  dealsSecret?(game: FinishedGame): Promise<boolean>;
  log: Logger;
  /** The sessions' clock (tests sign expired sessions with another); default `Date.now`. */
  now?: () => number;
  /** The client's files (default `CLIENT_DIR`). */
  clientDir?: string;
}

/** Replays (`GET /api/replay/…`) one user may fetch in a minute. */
export const REPLAY_PER_MINUTE = 30;

/** A running web server. */
export interface WebServer {
  /** Its base URL as bound (`http://host:port`). */
  url: string;
  hub: TableHub;
  /** Resolves once every frame being handled and every push is done. */
  idle(): Promise<void>;
  /** Close every socket and the server. */
  close(): Promise<void>;
}

/** The origins a socket may come from: PUBLIC_URL's, and Discord's Activity proxy for this application. */
export const allowedOrigins = (publicUrl: string, clientId: string): Set<string> =>
  new Set([new URL(publicUrl).origin, `https://${clientId}.discordsays.com`]);

/** Start the web server (see the file's comment). */
export async function startWebServer(deps: WebServerDeps): Promise<WebServer> {
  const { settings, log } = deps;
  const sessions = new Sessions(settings.sessionSecret, deps.now);
  const oauth = new DiscordOAuth({ clientId: deps.clientId, clientSecret: settings.clientSecret, ...(deps.apiUrl ? { apiUrl: deps.apiUrl } : {}) });
  const hub = new TableHub({ tables: deps.tables, finishedGame: deps.finishedGame, log });
  const intents = new Intents({ tables: deps.tables, screens: deps.screens, guildLocale: deps.guildLocale, log });
  const origins = allowedOrigins(settings.publicUrl, deps.clientId);
  const limiter = socketLimiter(settings.rateFrames);
  const working = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    working.add(work);
    void work.finally(() => working.delete(work)).catch(() => undefined);
    return work;
  };

  const app = Fastify({ logger: false, bodyLimit: 16 * 1024, trustProxy: true });
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * MAX_FRAME_BYTES } });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (req.url.startsWith('/auth') || req.url.startsWith('/api')) reply.header('cache-control', 'no-store');
  });
  authRoutes(app, { publicUrl: settings.publicUrl, clientId: deps.clientId, oauth, sessions, log, tokenPerMinute: settings.rateToken });
  replayRoutes(app, {
    sessions,
    access: deps.access,
    finishedGame: deps.finishedGame,
    ...(deps.dealsSecret ? { dealsSecret: deps.dealsSecret } : {}),
    perMinute: REPLAY_PER_MINUTE,
    log,
  });

  app.get(SOCKET_PATH, { websocket: true }, (socket, req) => {
    const origin = req.headers.origin;
    if (!origin || !origins.has(origin)) {
      socket.send(JSON.stringify({ type: 'error', code: 'bad_origin', key: 'web.error.bad_origin' }));
      socket.close(4003, 'bad_origin');
      return;
    }
    serveSocket(socket, req.cookies[SESSION_COOKIE], limiter, { hub, intents, sessions, access: deps.access, log, track });
  });

  const clientDir = deps.clientDir ?? CLIENT_DIR;
  await clientRoutes(app, clientDir);
  const built = existsSync(`${clientDir}/index.html`);

  await hub.start();
  try {
    await app.listen({ port: settings.port, host: settings.host });
  } catch (err) {
    hub.stop();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  const url = `http://${host}:${port}`;
  log.info({ url, publicUrl: settings.publicUrl, client: built }, 'web table at PUBLIC_URL/table/<channel>');
  return {
    url,
    hub,
    async idle() {
      while (working.size) await Promise.all(working);
      await hub.idle();
    },
    async close() {
      hub.stop();
      for (const ws of app.websocketServer.clients) ws.close(1001);
      await app.close();
    },
  };
}
