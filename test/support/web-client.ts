/**
 * A web table client for tests: signs a fake Discord user in through the browser path (`/auth/login` → the fake's
 * consent → `/auth/callback`) or the Activity path (`POST /api/activity/token`), and opens sockets with the `ws`
 * client, keeping every frame each socket received.
 */
import WebSocket from 'ws';
import type { RunningBot } from '../../src/bot.ts';
import { type ClientFrame, type ServerFrame, serverFrame, SOCKET_PATH, type StateFrame } from '../../src/web/protocol.ts';
import type { FakeDiscord, FakeUser } from './fake-discord.ts';

/** The PUBLIC_URL of test bots with the web table. */
export const PUBLIC_URL = 'https://cards.example.test';
/** A 32-character test session secret. */
export const SESSION_SECRET = 'test-session-secret-0123456789abcdef';

/** The environment that turns the web table on for `startTestBot`. */
export const webEnv = (fake: FakeDiscord): Record<string, string> => ({
  PUBLIC_URL,
  WEB_PORT: '0',
  WEB_HOST: '127.0.0.1',
  DISCORD_CLIENT_SECRET: fake.oauth.clientSecret,
  WEB_SESSION_SECRET: SESSION_SECRET,
  DISCORD_CLIENT_ID: fake.applicationId,
});

/** The base URL of a bot's web server (a bot in another process: its URL as given). */
export const webUrl = (bot: RunningBot | string): string => {
  if (typeof bot === 'string') return bot;
  if (!bot.web) throw new Error('the bot runs no web table');
  return bot.web.url;
};

/** The `name=value` of a Set-Cookie header named `name`, or null. */
export function cookieOf(res: Response, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/** Sign `user` in through the browser path; resolves to the session cookie (`stammtisch_session=…`). */
export async function browserSignIn(bot: RunningBot | string, fake: FakeDiscord, user: FakeUser, channel: string): Promise<string> {
  const base = webUrl(bot);
  const login = await fetch(`${base}/auth/login?next=/table/${channel}`, { redirect: 'manual' });
  const to = new URL(login.headers.get('location') ?? '');
  const stateCookie = cookieOf(login, 'stammtisch_oauth');
  const code = fake.oauth.authorize(user.id, { redirectUri: to.searchParams.get('redirect_uri') ?? '' });
  const back = await fetch(`${base}/auth/callback?code=${code}&state=${to.searchParams.get('state')}`, {
    redirect: 'manual',
    headers: { cookie: stateCookie ?? '' },
  });
  const session = cookieOf(back, 'stammtisch_session');
  if (back.status !== 302 || !session) throw new Error(`sign-in failed: ${back.status} ${await back.text()}`);
  return session;
}

/** Sign `user` in through the Activity path; resolves to the session for `hello`. */
export async function activitySignIn(bot: RunningBot, fake: FakeDiscord, user: FakeUser): Promise<string> {
  const res = await fetch(`${webUrl(bot)}/api/activity/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: fake.oauth.authorize(user.id) }),
  });
  const body = (await res.json()) as { session?: string };
  if (!res.ok || !body.session) throw new Error(`activity sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.session;
}

/** An open test socket. */
export interface TestSocket {
  ws: WebSocket;
  /** Every frame received, parsed and checked against `serverFrame`. */
  frames: ServerFrame[];
  /** Frames that failed the protocol's schema (a test expects none). */
  invalid: unknown[];
  /** Every raw frame received (the leak checks read them as sent). */
  raw: string[];
  send(frame: ClientFrame | Record<string, unknown>): void;
  /** Resolves with the first frame received (from now or already) after `from` matching `match`. */
  next<T extends ServerFrame>(match: (f: ServerFrame) => f is T, from?: number): Promise<T>;
  /** The newest `state` frame. */
  state(): StateFrame | undefined;
  /** Resolves with the close code and reason once the server closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Open a socket to the bot's web server from `origin` (default PUBLIC_URL's), with a cookie when given. */
export async function openSocket(bot: RunningBot, opts: { cookie?: string; origin?: string } = {}): Promise<TestSocket> {
  const url = `${webUrl(bot).replace(/^http/, 'ws')}${SOCKET_PATH}`;
  const headers: Record<string, string> = { origin: opts.origin ?? PUBLIC_URL, ...(opts.cookie ? { cookie: opts.cookie } : {}) };
  const ws = new WebSocket(url, { headers });
  const frames: ServerFrame[] = [];
  const invalid: unknown[] = [];
  const raw: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const text = String(data);
    raw.push(text);
    const parsed = serverFrame.safeParse(JSON.parse(text));
    if (parsed.success) frames.push(parsed.data);
    else invalid.push({ text: text.slice(0, 300), issues: parsed.error.issues.slice(0, 3) });
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    invalid,
    raw,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next<T extends ServerFrame>(match: (f: ServerFrame) => f is T, from = 0): Promise<T> {
      return new Promise((resolve, reject) => {
        const look = (): boolean => {
          const found = frames.slice(from).find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
          return Boolean(found);
        };
        const check = (): void => void look();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame; got ${frames.map((f) => f.type).join(',')}`));
        }, 10_000);
        if (!look()) waiters.add(check);
      });
    },
    state: () => frames.filter((f): f is StateFrame => f.type === 'state').at(-1),
    closed,
    close: () => ws.close(),
  };
}

/** Frame matchers. */
export const isType =
  <K extends ServerFrame['type']>(type: K) =>
  (f: ServerFrame): f is Extract<ServerFrame, { type: K }> =>
    f.type === type;

/** A `state` frame at `version` or later. */
export const stateAt =
  (version: number) =>
  (f: ServerFrame): f is StateFrame =>
    f.type === 'state' && f.version >= version;
