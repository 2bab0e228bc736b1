/**
 * The web table's wire protocol: every frame of the WebSocket both ways, and the few HTTP bodies around it, as zod
 * schemas with their TypeScript types. The browser client (src/web/client/) and the server (src/web/) both import this file;
 * it imports nothing but zod, so it bundles into the client as it is.
 *
 * The socket (`SOCKET_PATH`, same origin as the page; or through Discord's Activity proxy) carries JSON text frames,
 * each an object with a `type` (a client's at most `MAX_FRAME_BYTES`):
 *
 * 1. The client opens the socket and sends `hello` first: the table's channel and, inside a Discord Activity, the
 *    session it got from `POST /api/activity/token` (never in a URL). A browser signed in through `/auth/login`
 *    sends no session: its HttpOnly cookie went with the socket's upgrade request.
 * 2. The server answers `ready` (who you are, your language), then `state` — or `closed` when the channel has no
 *    table (the socket stays open: a table opened later arrives as `state`). A refused hello is an `error` frame
 *    followed by the socket's close with `CLOSE_CODES[code]`.
 * 3. The client sends intents: `intent` (a game move, the engine's own move JSON, at the version it was shown) and
 *    `lobby` (join, leave, start, fill with computer players, back). The server applies them exactly as a button in
 *    the chat: the same lock, version check and rules. It answers nothing on success — the change arrives as the
 *    next `state`, like everyone else's — and `refused` (with the intent's `id`) when it was turned down; nothing
 *    was changed then.
 * 4. After every change of the table (made from the chat, the web table, a timer or another process) each socket
 *    gets `state` with what its user may see: their seat's view, or the public view for a spectator. `version`
 *    grows by one per change; a client may drop a `state` older than the one it shows.
 * 5. When the game ends: `result` (the final standings); when the table is closed without one: `closed`.
 *
 * Errors that end the socket (`error` then close): bad origin, no or bad session, a member who cannot view the
 * channel, a frame too large or malformed, too many frames. Errors that do not: `refused` for an intent.
 */
import { z } from 'zod';

/** The protocol's version; a client built for another one should reload the page. Sent in `ready`. */
export const PROTOCOL_VERSION = 1;

/** Largest frame a client may send, in bytes (UTF-8); a bigger one closes the socket (`too_large`). Server frames may be larger. */
export const MAX_FRAME_BYTES = 4096;

/** The WebSocket's path. */
export const SOCKET_PATH = '/ws';

/** HTTP paths the server answers (besides `/table/<channel>`, the page). */
export const HTTP_PATHS = {
  /** `GET ?next=/table/<channel>`: redirect to Discord's OAuth2 consent; comes back to `callback`. */
  login: '/auth/login',
  /** `GET ?code&state`: Discord's redirect; sets the session cookie and redirects to `next`. */
  callback: '/auth/callback',
  /** `POST`: ends the browser session (clears the cookie). */
  logout: '/auth/logout',
  /** `POST ActivityTokenRequest` → `ActivityTokenResponse`: the Activity's code exchanged for a token and a session. */
  activityToken: '/api/activity/token',
  /** `GET` → `ClientConfig`. */
  config: '/api/config',
  /** `GET /api/replay/<guild>/<id>` → `ReplayResponse` (the session's cookie, or `Authorization: Bearer <session>`). */
  replay: '/api/replay/:guild/:id',
} as const;

/** The page of a channel's table. */
export const tablePath = (channel: string): string => `/table/${channel}`;

/** The page of a finished game's replay (`/replay <id>` links it). */
export const replayPath = (guild: string, id: string): string => `/replay/${guild}/${id}`;

/** A Discord id (snowflake): 17–20 digits. */
export const snowflake = z.string().regex(/^\d{17,20}$/);

/** Languages of the client's words (the same i18next resources as the bot: src/i18n/<lang>/*.json). */
export const lang = z.enum(['en', 'de']);
export type WebLang = z.infer<typeof lang>;

/** A client's intent id, echoed in `refused` so the client knows which intent was turned down. */
const intentId = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31);

/** Lobby actions a web client may take, as the lobby buttons in the chat (`TableService` join/leave/start/fillWithBots/back). */
export const LOBBY_ACTIONS = ['join', 'leave', 'start', 'fill', 'back'] as const;
export type LobbyAction = (typeof LOBBY_ACTIONS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Client → server

/** First frame: the table's channel, and the Activity's session (absent for a browser, whose cookie is used). */
export const helloFrame = z.strictObject({
  type: z.literal('hello'),
  channel: snowflake,
  /** The signed session from `ActivityTokenResponse.session` (Activity only). */
  session: z.string().min(1).max(2048).optional(),
  /** The client's protocol version (`PROTOCOL_VERSION`). */
  protocol: z.number().int().optional(),
});
export type HelloFrame = z.infer<typeof helloFrame>;

/**
 * A game move: the engine's move JSON (as `legal` in `state` lists them, e.g. `{ "type": "play", "card": "KS" }`),
 * made at `version` (the `state` it was chosen from). A move at another version is refused `stale`.
 */
export const intentFrame = z.strictObject({
  type: z.literal('intent'),
  id: intentId.optional(),
  version: z.number().int().min(0),
  move: z.json(),
});
export type IntentFrame = z.infer<typeof intentFrame>;

/** A lobby action (and `back`, an away player's return while playing), at the shown `version`. */
export const lobbyFrame = z.strictObject({
  type: z.literal('lobby'),
  id: intentId.optional(),
  version: z.number().int().min(0),
  action: z.enum(LOBBY_ACTIONS),
});
export type LobbyFrame = z.infer<typeof lobbyFrame>;

/** Keep-alive; answered with `pong`. */
export const pingFrame = z.strictObject({ type: z.literal('ping'), id: intentId.optional() });
export type PingFrame = z.infer<typeof pingFrame>;

/** Every frame a client may send. */
export const clientFrame = z.discriminatedUnion('type', [helloFrame, intentFrame, lobbyFrame, pingFrame]);
export type ClientFrame = z.infer<typeof clientFrame>;

// ---------------------------------------------------------------------------------------------------------------
// Server → client

/** After a good `hello`: the signed-in user, their language (Discord locale, else the browser's), the protocol. */
export const readyFrame = z.strictObject({
  type: z.literal('ready'),
  protocol: z.number().int(),
  channel: snowflake,
  user: z.strictObject({ id: snowflake, name: z.string() }),
  locale: lang,
});
export type ReadyFrame = z.infer<typeof readyFrame>;

/** One seat as everyone may see it. */
export const seatSummary = z.strictObject({
  /** The display name when they sat down (a computer player's name for a bot). */
  name: z.string(),
  /** A computer player's level, or null for a person. */
  bot: z.string().nullable(),
  /** The computer plays this person's seat for now (timed out or away). */
  away: z.boolean(),
  /** The person left the running game. */
  left: z.boolean(),
  host: z.boolean(),
  /** This seat is the receiving socket's user's. */
  you: z.boolean(),
});
export type SeatSummary = z.infer<typeof seatSummary>;

/**
 * The table as the receiving socket's user may see it. `view` is the engine's `view(state, seat)` — `seat` null for
 * a spectator, so the public view — (the game's view type: src/games/<game>/types.ts, e.g. `ReunionView`); null in
 * the lobby. `legal` is the engine's `legalMoves(state, seat)` for that seat (empty when not their turn, for a
 * spectator, and in the lobby): send one back as `intent.move`.
 */
export const stateFrame = z.strictObject({
  type: z.literal('state'),
  channel: snowflake,
  tableId: z.string(),
  version: z.number().int(),
  game: z.string(),
  status: z.enum(['lobby', 'playing']),
  /** The view's phase (`view.phase`), or null (lobby, or a game without one). */
  phase: z.string().nullable(),
  /** The receiving user's seat, or null for a spectator. */
  seat: z.number().int().nullable(),
  seats: z.array(seatSummary),
  /** The dealer's seat (`view.dealer`), or null. */
  dealer: z.number().int().nullable(),
  /** Seats to act now (the engine's `toAct`; empty in the lobby). */
  turn: z.array(z.number().int()),
  /** The running turn timer: whose and when it runs out (epoch ms), or null. */
  timer: z.strictObject({ seat: z.number().int(), at: z.number() }).nullable(),
  /** Seconds per move before it is made for the player (0: no timer). */
  turnTimer: z.number().int(),
  /** The house rules in force. */
  options: z.record(z.string(), z.json()),
  view: z.json(),
  legal: z.array(z.json()),
  /** The language the user's words should be in. */
  locale: lang,
});
export type StateFrame = z.infer<typeof stateFrame>;

/**
 * An intent was turned down; nothing was changed. `code`: the machine-readable reason — a table refusal
 * (`stale`, `not_seated`, `not_playing`, `not_host`, … src/refusal.ts) or the engine's `IllegalReason.code`
 * (`not_your_turn`, `must_follow`, …), or `busy` (the table was locked too long) / `failed` (try again). `key` and
 * `vars` are the sentence in the client's i18next resources (e.g. `refusal.stale`, `reunion:refusal.must_follow`).
 */
export const refusedFrame = z.strictObject({
  type: z.literal('refused'),
  id: intentId.optional(),
  code: z.string(),
  key: z.string(),
  vars: z.record(z.string(), z.json()).optional(),
});
export type RefusedFrame = z.infer<typeof refusedFrame>;

/**
 * The game ended: the finished game's record id (`/replay <id>`), its seats, the game's own result (src/games/<game>/
 * types.ts, e.g. `ReunionResult`) and the final public view. The table is gone; a new one arrives as `state`.
 */
export const resultFrame = z.strictObject({
  type: z.literal('result'),
  channel: snowflake,
  /** The server of the game (its replay: `replayPath(guild, tableId)`). */
  guild: snowflake,
  tableId: z.string(),
  game: z.string(),
  seats: z.array(seatSummary),
  result: z.json(),
  locale: lang,
});
export type ResultFrame = z.infer<typeof resultFrame>;

/** The channel has no table: none was open (`none`), it was closed without a result (`closed`), or it ended (`finished`). */
export const closedFrame = z.strictObject({
  type: z.literal('closed'),
  channel: snowflake,
  reason: z.enum(['none', 'closed', 'finished']),
});
export type ClosedFrame = z.infer<typeof closedFrame>;

/** Codes of `error` frames; each but `internal` is followed by the socket's close with `CLOSE_CODES[code]`. */
export const ERROR_CODES = [
  /** The page's origin is neither PUBLIC_URL's nor the Activity proxy's. */
  'bad_origin',
  /** No session (sign in first), or one that is forged, expired or for another application. */
  'unauthorized',
  /** The user may not view the table's channel in Discord (or is not a member of its server). */
  'forbidden',
  /** The first frame was not `hello`, or a second `hello` came. */
  'hello_first',
  /** A frame that is not JSON or not one of `clientFrame`. */
  'bad_frame',
  /** A frame over `MAX_FRAME_BYTES`. */
  'too_large',
  /** Too many frames in a short time. */
  'rate_limited',
  /** Something failed on the server; the socket stays open (or closes with 1011 if it cannot go on). */
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** WebSocket close codes per error (4000–4999 are the application's). */
export const CLOSE_CODES: Record<ErrorCode, number> = {
  bad_origin: 4003,
  unauthorized: 4001,
  forbidden: 4004,
  hello_first: 4002,
  bad_frame: 4000,
  too_large: 1009,
  rate_limited: 4029,
  internal: 1011,
};

/** An error; see `ERROR_CODES`. `key` is the sentence in the client's resources (`web.error.<code>`). */
export const errorFrame = z.strictObject({
  type: z.literal('error'),
  code: z.enum(ERROR_CODES),
  key: z.string(),
});
export type ErrorFrame = z.infer<typeof errorFrame>;

/** The answer to `ping`. */
export const pongFrame = z.strictObject({ type: z.literal('pong'), id: intentId.optional() });
export type PongFrame = z.infer<typeof pongFrame>;

/** Every frame the server sends. */
export const serverFrame = z.discriminatedUnion('type', [readyFrame, stateFrame, refusedFrame, resultFrame, closedFrame, errorFrame, pongFrame]);
export type ServerFrame = z.infer<typeof serverFrame>;

// ---------------------------------------------------------------------------------------------------------------
// HTTP bodies

/** `POST /api/activity/token`: the code from the embedded app SDK's `authorize`. */
export const activityTokenRequest = z.strictObject({ code: z.string().min(1).max(512) });
export type ActivityTokenRequest = z.infer<typeof activityTokenRequest>;

/**
 * Its answer: the OAuth2 access token (for the SDK's `authenticate`; the server keeps none) and the signed session
 * to send in `hello`, valid until `expiresAt` (epoch ms).
 */
export const activityTokenResponse = z.strictObject({
  access_token: z.string(),
  session: z.string(),
  expiresAt: z.number(),
  user: z.strictObject({ id: snowflake, name: z.string() }),
});
export type ActivityTokenResponse = z.infer<typeof activityTokenResponse>;

/** `GET /api/config`: the application's id (for the SDK and its `authorize`) and the OAuth2 scopes to ask for. */
export const clientConfig = z.strictObject({
  clientId: snowflake,
  scopes: z.array(z.string()),
});
export type ClientConfig = z.infer<typeof clientConfig>;

/** A finished game's record id (a table id): 1–16 lowercase letters and digits. */
export const recordId = z.string().regex(/^[a-z0-9]{1,16}$/);

/** The path of `GET /api/replay/<guild>/<id>` and of its page. */
export const replayParams = z.strictObject({ guild: snowflake, id: recordId });

/**
 * One state of a replay (src/records/replay-steps.ts): `move` the move that led here (`{seat, move}`, the engine's
 * move; null for the deal as dealt), `view` the public view, `hands` and `discards` every seat's own cards (the game
 * is over: every hand is open), `toAct` the seats to act next.
 */
export const replayStep = z.strictObject({
  move: z.strictObject({ seat: z.number().int(), move: z.json() }).nullable(),
  view: z.json(),
  hands: z.array(z.array(z.string())),
  discards: z.array(z.array(z.string())),
  toAct: z.array(z.number().int()),
});
export type ReplayStep = z.infer<typeof replayStep>;

/**
 * `GET /api/replay/<guild>/<id>`: a finished game move by move. `seats` as a result frame has them (`you` the
 * asker's seat), `result` the engine's result, `startedAt`/`finishedAt` epoch ms, `steps` from the deal to the end.
 */
export const replayResponse = z.strictObject({
  id: recordId,
  game: z.string(),
  options: z.record(z.string(), z.json()),
  seats: z.array(seatSummary),
  startedAt: z.number(),
  finishedAt: z.number(),
  result: z.json(),
  steps: z.array(replayStep),
});
export type ReplayResponse = z.infer<typeof replayResponse>;

/**
 * An HTTP error body: `{ error: code }` (e.g. `invalid_code`, `bad_request`, `unauthorized`); `rate_limited` (429)
 * adds `retryAfter`, the seconds until the next request is allowed (also the `Retry-After` header).
 */
export const httpError = z.strictObject({ error: z.string(), retryAfter: z.number().int().positive().optional() });
export type HttpError = z.infer<typeof httpError>;
