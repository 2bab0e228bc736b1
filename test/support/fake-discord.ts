/**
 * A fake Discord (REST + gateway) on 127.0.0.1 for end-to-end tests of the unmodified discord.js client.
 *
 * Protocol facts follow Discord's developer documentation. The fake holds one guild, its text channels, a bot
 * user and test users; it injects interactions over the gateway, records every REST request, keeps a model of
 * messages (channel messages and interaction replies, ephemeral or not), keeps the history of every payload,
 * and enforces the Discord rules that matter (3 s callback window, single callback, 15 min webhook token,
 * component/content limits, and with `globalRateLimit` the global limit of bot requests). Every 4xx it answers is also pushed to `violations`.
 *
 * Typical use:
 *   const fake = await startFakeDiscord();
 *   const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
 *   await client.login(fake.token); // then wait for Events.ClientReady
 *   const alice = fake.user('alice');
 *   const it = await fake.slash(alice, fake.channelId, 'play', { seats: 3 }); // resolves on the callback
 *   await fake.click(alice, fake.original(it)!, 'draw');
 *   await fake.waitIdle();
 *   expect(fake.violations).toEqual([]);
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, WebSocket } from 'ws';
import { FakeAppEmojis } from './fake-app-emojis.ts';
import { defaultEntryPoint, keptId, overwriteProblems } from './fake-commands.ts';
import { FakeOAuth } from './fake-oauth.ts';

// Wire payloads are loosely typed on purpose: the fake echoes whatever discord.js sends.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export interface FakeUser {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: null;
  bot?: boolean;
}
export interface FakeChannel {
  id: string;
  name: string;
  type: 0 | 11;
  guild_id: string;
  position: number;
  /** Discord's permission overwrites of the channel (a thread has none: it follows its parent). */
  permission_overwrites: FakeOverwrite[];
  /** Threads (type 11, `addThread` or POST /channels/{id}/threads): the channel they live in and their metadata. */
  parent_id?: string;
  owner_id?: string;
  thread_metadata?: Json;
  message_count?: number;
  member_count?: number;
  rate_limit_per_user?: number;
  flags?: number;
}
/** A permission overwrite as Discord sends it: a role (`type` 0) or member (1), allowed and denied bits as strings. */
export interface FakeOverwrite {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}
/** A guild role as Discord sends it (`@everyone` has the guild's id). */
export interface FakeRole {
  id: string;
  name: string;
  permissions: string;
  position: number;
  color: number;
  hoist: boolean;
  managed: boolean;
  mentionable: boolean;
  flags: number;
}
/** Time source for Discord's deadlines (3 s, 15 min) and timestamps. Default: real time plus an offset. */
export interface FakeClock {
  now(): number;
  advance(ms: number): void;
}
/** Discord's JSON error body plus the HTTP status. */
export interface ApiError {
  status: number;
  code: number;
  message: string;
  errors?: Json;
}
export interface Violation extends ApiError {
  method: string;
  path: string;
  at: number;
}
/** A file uploaded with a message; `data` holds its bytes (see `attachmentData`). */
export interface RecordedFile {
  field: string;
  filename: string;
  size: number;
  data: Buffer;
}
/** One REST request the bot made. `path` is decoded and relative to /api/v10 (e.g. `/webhooks/1/t/messages/@original`). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Json | undefined;
  files: RecordedFile[];
  auth: boolean;
  /** The User-Agent header (@discordjs/rest names discord.js in it; a REST proxy sends its own). */
  userAgent: string;
  at: number;
  status: number;
  response: unknown;
}
/** A message as Discord would return it, plus fake-only metadata (`ephemeral`, `shownTo`, `interactionId`, `deleted`). */
export interface FakeMessage {
  id: string;
  channel_id: string;
  author: FakeUser;
  content: string;
  embeds: Json[];
  components: Json[];
  attachments: Json[];
  flags: number;
  timestamp: string;
  edited_timestamp: string | null;
  type: number;
  tts: boolean;
  pinned: boolean;
  mention_everyone: boolean;
  mentions: Json[];
  mention_roles: string[];
  application_id?: string;
  webhook_id?: string;
  /** Sent with a message that answers an interaction (a reply or followUp): who caused it, and how (see `metadataOf`). */
  interaction_metadata?: Json;
  ephemeral: boolean;
  shownTo: string | null;
  interactionId: string | null;
  deleted: boolean;
}
/** Every message body the bot sent (posts, edits, replies, updates, followUps), accepted or rejected. */
export interface PayloadRecord {
  kind: 'channel-post' | 'channel-edit' | 'callback' | 'followup' | 'webhook-edit';
  body: Json;
  messageId: string | null;
  ephemeral: boolean;
  shownTo: string | null;
  request: RecordedRequest;
}
/** One interaction callback attempt. `error` is set when the fake refused it. */
export interface CallbackRecord {
  type: number;
  data: Json | undefined;
  flags: number;
  ephemeral: boolean;
  status: number;
  error: ApiError | null;
}
/** An injected interaction and everything the bot answered on it (live object, updated as requests arrive). */
export interface FakeInteraction {
  id: string;
  token: string;
  type: number;
  kind: 'slash' | 'button' | 'select' | 'modal';
  user: FakeUser;
  channelId: string;
  payload: Json;
  sentAt: number;
  acknowledged: boolean;
  /** First callback attempt (null until one arrives); `callbacks` holds all attempts. */
  callback: CallbackRecord | null;
  callbacks: CallbackRecord[];
  /** The message `@original` refers to: the reply (type 4/5) or the component's message (type 6/7). */
  originalMessageId: string | null;
  followUpIds: string[];
}
export interface FakeDiscordOptions {
  token?: string;
  guildName?: string;
  botName?: string;
  /** The guild's id (default: a fresh snowflake), e.g. the server a bench seeded records for. */
  guildId?: string;
  /** Names of text channels created up front (default `['general']`). */
  channels?: string[];
  clock?: FakeClock;
  /** Real ms an injected interaction may wait for its callback before its promise rejects (default 4000). */
  callbackTimeoutMs?: number;
  /** Quiet period for `waitIdle()` (default 50 ms). */
  idleMs?: number;
  /**
   * For load runs: when set, `requests`, `payloads` and `interactions` stay empty (no history kept) and each
   * interaction is forgotten this many ms after it was injected (a later webhook call on its token gets 10015).
   * `violations` are still kept. Default: keep everything.
   */
  retainMs?: number;
  /**
   * Discord's global rate limit, in requests a second (Discord allows a bot 50): when set, bot-authenticated requests
   * (Authorization: Bot …) beyond it in one second are answered 429 with `global: true`, `X-RateLimit-Global: true`,
   * `X-RateLimit-Scope: global` and `Retry-After`. Interaction routes (the callback, /webhooks/{app}/{token}/…) carry no
   * bot token and are exempt, as Discord documents. Counted on `clock`, in windows of one second that open with the
   * first request after the last one closed. Default: off.
   */
  globalRateLimit?: number;
}
export interface SlashExtra {
  subcommand?: string;
  subcommandGroup?: string;
  memberPermissions?: bigint | string;
  /** The bot's permissions in the channel (`app_permissions`; default all). */
  appPermissions?: bigint | string;
}
/**
 * A scripted failure (`failNext`): the next `times` requests whose method and decoded path (relative to /api/v10,
 * e.g. `/channels/1/messages/2`) match are answered with this error instead of being handled. With `retryAfter`
 * (seconds) the answer is a 429 rate limit with Discord's `Retry-After` header and `retry_after` body field.
 */
export interface Fault {
  method: string;
  path: RegExp;
  status: number;
  code: number;
  message: string;
  retryAfter?: number;
  times: number;
}
/** Option values: string → 3, integer → 4, other number → 10, boolean → 5, FakeUser → 6 (or the registered command's type). */
export type SlashOptions = Record<string, string | number | boolean | FakeUser> | Json[];

const EPOCH = 1420070400000n;
const ALL_PERMISSIONS = ((1n << 51n) - 1n).toString();
const EPHEMERAL = 64,
  LOADING = 128,
  COMPONENTS_V2 = 32768;
/** Gateway intents (IDENTIFY `intents`): GUILD_MESSAGES brings MESSAGE_CREATE/DELETE of guild channels; MESSAGE_CONTENT (privileged) their content. */
const GUILD_MESSAGES = 1 << 9,
  MESSAGE_CONTENT = 1 << 15;
const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

/** A clock that follows real time; `advance(ms)` moves it forward without waiting. */
export function offsetClock(): FakeClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Ctx {
  method: string;
  p: (k: string) => string;
  query: Record<string, string>;
  body: Json | undefined;
  files: RecordedFile[];
  rec: RecordedRequest;
  authorization: string | undefined;
}
type Handler = (ctx: Ctx) => Reply;
interface Problem {
  path: string;
  code: string;
  message: string;
}

const fail = (status: number, code: number, message: string, errors?: Json): Reply => ({
  status,
  body: errors ? { code, message, errors } : { code, message },
});

/** Start a fake Discord on 127.0.0.1 with a random port. */
export async function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const fake = new FakeDiscord(opts);
  await fake.listen();
  return fake;
}

/** Discord's locales (the keys a `name_localizations` / `description_localizations` map may use). */
const DISCORD_LOCALES = new Set(
  'id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk hi th zh-CN ja zh-TW ko'.split(' '),
);
/** A chat-input command name: 1–32 characters, lowercase where the letter has a lowercase form. */
const COMMAND_NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/**
 * What Discord refuses in an application command (its documented limits): names and their localizations by the
 * regex and lowercase, descriptions and choice names 1–100 characters, known locales, at most 25 options and choices.
 */
function commandProblems(cmd: Json, path = String(cmd.name)): string[] {
  const out: string[] = [];
  const names: [string, unknown][] = [['', cmd.name], ...Object.entries(cmd.name_localizations ?? {})];
  for (const [locale, name] of names) {
    if (locale && !DISCORD_LOCALES.has(locale)) out.push(`${path}: unknown locale ${locale}`);
    if (typeof name !== 'string' || !COMMAND_NAME.test(name) || name !== name.toLowerCase()) out.push(`${path}: bad name ${locale} ${String(name)}`);
  }
  const descriptions: [string, unknown][] = [['', cmd.description], ...Object.entries(cmd.description_localizations ?? {})];
  for (const [locale, d] of descriptions) {
    if (locale && !DISCORD_LOCALES.has(locale)) out.push(`${path}: unknown locale ${locale}`);
    if (typeof d !== 'string' || d.length < 1 || d.length > 100) out.push(`${path}: bad description ${locale}`);
  }
  if ((cmd.options ?? []).length > 25) out.push(`${path}: more than 25 options`);
  if ((cmd.choices ?? []).length > 25) out.push(`${path}: more than 25 choices`);
  for (const choice of cmd.choices ?? [])
    for (const [locale, name] of [['', choice.name], ...Object.entries(choice.name_localizations ?? {})] as [string, unknown][])
      if (typeof name !== 'string' || name.length < 1 || name.length > 100 || (locale && !DISCORD_LOCALES.has(locale)))
        out.push(`${path}: bad choice name ${locale} ${String(name)}`);
  for (const option of cmd.options ?? []) out.push(...commandProblems(option, `${path} ${option.name}`));
  return out;
}

export class FakeDiscord {
  readonly token: string;
  readonly clock: FakeClock;
  readonly guildId: string;
  readonly guildName: string;
  readonly applicationId: string;
  readonly botUser: FakeUser;
  /** Every REST request, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  /** Every 4xx the fake answered (rule broken, unknown route, bad token...). A clean test leaves this empty. */
  readonly violations: Violation[] = [];
  /** Every message body sent, in order; see `publicPayloads()`. */
  readonly payloads: PayloadRecord[] = [];
  /** Every injected interaction, in order. */
  readonly interactions: FakeInteraction[] = [];
  /** Application commands registered through bulk overwrite (global and guild), and the Entry Point (`addEntryPoint`). */
  commands: Json[] = [];
  /** The application's emojis (/applications/{id}/emojis), with Discord's limits: ./fake-app-emojis.ts. */
  readonly appEmojis: FakeAppEmojis;
  /** OAuth2: codes for users, the token exchange and bearer tokens (./fake-oauth.ts). */
  readonly oauth: FakeOAuth;
  /**
   * The application has Activities enabled: the LAUNCH_ACTIVITY callback (type 12) is accepted. Without, Discord
   * refuses it as an invalid callback type.
   */
  activities = true;
  apiUrl = '';
  gatewayUrl = '';

  private readonly channels = new Map<string, FakeChannel>();
  /** The guild's roles, `@everyone` first (GUILD_CREATE carries them). */
  private readonly roles = new Map<string, FakeRole>();
  /** Each member's role ids (interactions carry them in `member.roles`). */
  private readonly memberRoles = new Map<string, string[]>();
  private readonly users = new Map<string, FakeUser>();
  /** Each user's client language (interactions carry it as `locale`; default `en-US`). */
  private readonly locales = new Map<string, string>();
  /**
   * The guild's preferred locale (GUILD_CREATE's `preferred_locale`, every interaction's `guild_locale`). Set it before
   * the bot connects for GUILD_CREATE to carry it; interactions read it when they are made.
   */
  guildLocale = 'en-US';
  private readonly messages = new Map<string, FakeMessage>();
  /** Bytes of every attachment, by attachment id. */
  private readonly files = new Map<string, Buffer>();
  private readonly byToken = new Map<string, FakeInteraction>();
  private readonly waiters = new Map<FakeInteraction, { resolve: (it: FakeInteraction) => void; timer: NodeJS.Timeout }>();
  /** Gateway sessions: sequence, identified, shard and the intents they identified with (IDENTIFY's `intents` bits). */
  private readonly sockets = new Map<WebSocket, { seq: number; ready: boolean; shard?: [number, number]; intents: number }>();
  /** Every gateway IDENTIFY's shard, in order (`[id, count]`; `[0, 1]` when unsharded). */
  readonly identifies: [number, number][] = [];
  private readonly server: Server;
  private readonly wss: WebSocketServer;
  private readonly routes: [string, string, Handler, boolean][];
  private lastId = 0n;
  private inflight = 0;
  private lastActivity = performance.now();
  private readonly messageListeners = new Set<(m: FakeMessage) => void>();
  /** The global rate limit's current window: when it opened (clock ms) and the bot requests counted in it. */
  private globalWindow = { start: -Infinity, count: 0 };
  /** Bot-authenticated requests answered 429 by the global limit. */
  globalLimited = 0;
  /**
   * How many requests arrived on each kind of route, also under `retainMs`: `channel` (/channels/…, bot token),
   * `callback` (/interactions/{id}/{token}/callback), `webhook` (/webhooks/{app}/{token}…), `other`.
   */
  readonly requestCounts = { channel: 0, callback: 0, webhook: 0, other: 0 };
  /** Interactions to forget when `retainMs` is set, oldest first. */
  private readonly retained: { at: number; token: string }[] = [];

  constructor(private readonly opts: FakeDiscordOptions = {}) {
    this.token = opts.token ?? 'fake-bot-token';
    this.clock = opts.clock ?? offsetClock();
    this.guildId = opts.guildId ?? this.snowflake();
    this.guildName = opts.guildName ?? 'Stammtisch';
    this.applicationId = this.snowflake();
    this.botUser = {
      id: this.applicationId,
      username: opts.botName ?? 'stammtisch-bot',
      global_name: null,
      discriminator: '0',
      avatar: null,
      bot: true,
    };
    this.appEmojis = new FakeAppEmojis(() => this.snowflake(), this.botUser);
    this.oauth = new FakeOAuth(this.applicationId, () => this.clock.now());
    this.roles.set(this.guildId, {
      id: this.guildId,
      name: '@everyone',
      permissions: '1071698660929',
      position: 0,
      color: 0,
      hoist: false,
      managed: false,
      mentionable: false,
      flags: 0,
    });
    for (const name of opts.channels ?? ['general']) this.addChannel(name);
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body, headers }) => {
        res.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      });
    });
    this.wss = new WebSocketServer({ server: this.server });
    this.wss.on('connection', (ws) => this.onSocket(ws));
    this.routes = this.buildRoutes();
  }

  /**
   * Who receives an injected interaction when several bots are connected: `'all'` (the default) sends it to every
   * connected gateway session, as if Discord delivered it twice (a retry, or two processes sharing one token): the
   * first callback wins and any other gets 40060; `'one'` sends each to a single session, round robin.
   */
  delivery: 'all' | 'one' = 'all';
  private deliveries = 0;

  /**
   * What an interaction injected while no bot is connected does: `'throw'` (the default) fails at once, since a
   * test usually forgot to wait for the bot; `'lose'` (chaos tests: the bot is down or restarting) keeps it and lets
   * it go unanswered, as Discord does when the app is down: its promise rejects after `callbackTimeoutMs`.
   */
  offline: 'throw' | 'lose' = 'throw';

  /** How many gateway sessions are identified and would receive this guild's interactions now. */
  connectedBots(): number {
    return [...this.sockets.values()].filter((s) => s.ready && (!s.shard || this.guildShard(s.shard[1]) === s.shard[0])).length;
  }

  /**
   * Post a message in `channelId` authored by `author` (a user, or another app's bot user), with optional
   * components: a message that is not the bot's, for tests of clicks on foreign messages. Returns its snapshot.
   */
  postMessage(author: FakeUser, channelId: string, body: { content?: string; components?: Json[] } = {}): FakeMessage {
    if (!this.channels.has(channelId)) throw new Error(`fake-discord: unknown channel ${channelId}`);
    return structuredClone(this.create(channelId, body, [], false, null, null, author));
  }

  /** Id of the first channel (the one created up front). */
  get channelId(): string {
    return [...this.channels.keys()][0] ?? '';
  }

  /** @internal Used by `startFakeDiscord`. */
  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.apiUrl = `http://127.0.0.1:${port}/api`;
    this.gatewayUrl = `ws://127.0.0.1:${port}`;
  }

  /** Close sockets and the server; pending interaction promises stay pending. */
  async close(): Promise<void> {
    for (const { timer } of this.waiters.values()) clearTimeout(timer);
    for (const ws of this.sockets.keys()) ws.terminate();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A new numeric snowflake id (monotonic, based on `clock`). */
  snowflake(): string {
    const id = (BigInt(Math.floor(this.clock.now())) - EPOCH) << 22n;
    this.lastId = id > this.lastId ? id : this.lastId + 1n;
    return this.lastId.toString();
  }

  /** The user named `name` (created on first use, same object afterwards). */
  /**
   * Activities enabled in the Developer Portal: Discord creates the default Entry Point command (type 4, "launch", handler
   * DISCORD_LAUNCH_ACTIVITY) among the global commands (./fake-commands.ts). Returns it.
   */
  addEntryPoint(): Json {
    this.activities = true;
    const command = {
      ...defaultEntryPoint(this.botUser.username),
      id: this.snowflake(),
      application_id: this.applicationId,
      version: this.snowflake(),
    };
    this.commands.push(command);
    return command;
  }

  /** Set the language of `user`'s Discord client (e.g. `de`, `en-US`): their interactions carry it as `locale`. */
  setLocale(user: FakeUser, locale: string): void {
    this.locales.set(user.id, locale);
  }

  user(name: string): FakeUser {
    let u = this.users.get(name);
    if (!u) this.users.set(name, (u = { id: this.snowflake(), username: name, global_name: null, discriminator: '0', avatar: null }));
    return u;
  }

  /**
   * Create a public thread (type 11) in text channel `parentId` (announced with THREAD_CREATE); returns it. Messages,
   * edits and interactions work in a thread as in any channel.
   */
  addThread(parentId: string, name: string, autoArchiveDuration = 1440): FakeChannel {
    const now = new Date(this.clock.now()).toISOString();
    const thread: FakeChannel = {
      id: this.snowflake(),
      name,
      type: 11,
      guild_id: this.guildId,
      position: 0,
      permission_overwrites: [],
      parent_id: parentId,
      owner_id: this.botUser.id,
      thread_metadata: { archived: false, auto_archive_duration: autoArchiveDuration, archive_timestamp: now, locked: false, create_timestamp: now },
      message_count: 0,
      member_count: 1,
      rate_limit_per_user: 0,
      flags: 0,
    };
    this.channels.set(thread.id, thread);
    if (this.sockets.size) this.dispatch('THREAD_CREATE', { ...thread, newly_created: true }, false);
    return structuredClone(thread);
  }

  /** The threads of text channel `parentId`, oldest first. */
  threads(parentId: string): FakeChannel[] {
    return [...this.channels.values()].filter((ch) => ch.type === 11 && ch.parent_id === parentId).map((ch) => structuredClone(ch));
  }

  /** Guild scheduled events, by id (POST/PATCH/DELETE /guilds/{id}/scheduled-events; the request bodies are in `requests`). */
  readonly scheduledEvents = new Map<string, Json>();

  /** POST /guilds/{id}/scheduled-events: an external event needs a location and an end time; returns the event as Discord would. */
  private createEvent(c: Ctx): Reply {
    if (c.p('gid') !== this.guildId) return fail(404, 10004, 'Unknown Guild');
    const b = c.body ?? {};
    const problems: Json = {};
    if (typeof b.name !== 'string' || !b.name || b.name.length > 100)
      problems.name = { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] };
    if (![1, 2, 3].includes(b.entity_type))
      problems.entity_type = { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {1, 2, 3}.' }] };
    if (b.privacy_level !== 2) problems.privacy_level = { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {2}.' }] };
    if (Number.isNaN(Date.parse(b.scheduled_start_time)))
      problems.scheduled_start_time = { _errors: [{ code: 'DATE_TIME_TYPE_PARSE', message: 'Could not parse the date.' }] };
    if (b.entity_type === 3 && (!b.entity_metadata?.location || !b.scheduled_end_time))
      problems.entity_metadata = {
        _errors: [{ code: 'GUILD_SCHEDULED_EVENT_REQUIRES_LOCATION_AND_END', message: 'External events need a location and an end time.' }],
      };
    if (Object.keys(problems).length) return fail(400, 50035, 'Invalid Form Body', problems);
    const event: Json = {
      id: this.snowflake(),
      guild_id: this.guildId,
      channel_id: b.channel_id ?? null,
      creator_id: this.botUser.id,
      creator: this.botUser,
      name: b.name,
      description: b.description ?? null,
      scheduled_start_time: b.scheduled_start_time,
      scheduled_end_time: b.scheduled_end_time ?? null,
      privacy_level: b.privacy_level,
      status: 1,
      entity_type: b.entity_type,
      entity_id: null,
      entity_metadata: b.entity_metadata ?? null,
      user_count: 0,
      image: null,
      recurrence_rule: null,
    };
    this.scheduledEvents.set(event.id, event);
    return { status: 200, body: event };
  }

  /**
   * Create a text channel (announced to connected bots with CHANNEL_CREATE), with `overwrites` (e.g. a private channel:
   * `@everyone` — the guild id — denied View Channel, a role allowed it); returns its id.
   */
  addChannel(name = `table-${this.channels.size + 1}`, overwrites: FakeOverwrite[] = []): string {
    const ch: FakeChannel = {
      id: this.snowflake(),
      name,
      type: 0,
      guild_id: this.guildId,
      position: this.channels.size,
      permission_overwrites: structuredClone(overwrites),
    };
    this.channels.set(ch.id, ch);
    if (this.sockets.size) this.dispatch('CHANNEL_CREATE', ch, false);
    return ch.id;
  }

  /** Replace a channel's permission overwrites, as Discord's PUT/DELETE /channels/{id}/permissions do (CHANNEL_UPDATE follows). */
  setOverwrites(channelId: string, overwrites: FakeOverwrite[]): void {
    const ch = this.channels.get(channelId);
    if (!ch || ch.type === 11) throw new Error(`fake-discord: no text channel ${channelId}`);
    ch.permission_overwrites = structuredClone(overwrites);
    if (this.sockets.size) this.dispatch('CHANNEL_UPDATE', ch, false);
  }

  /** Create a guild role with `permissions` (announced with GUILD_ROLE_CREATE); returns its id. */
  addRole(name: string, permissions = 0n): string {
    const role: FakeRole = {
      id: this.snowflake(),
      name,
      permissions: String(permissions),
      position: this.roles.size,
      color: 0,
      hoist: false,
      managed: false,
      mentionable: false,
      flags: 0,
    };
    this.roles.set(role.id, role);
    if (this.sockets.size) this.dispatch('GUILD_ROLE_CREATE', { guild_id: this.guildId, role }, false);
    return role.id;
  }

  /** Give `user` the role (their next interactions carry it in `member.roles`). */
  giveRole(user: FakeUser, roleId: string): void {
    if (!this.roles.has(roleId)) throw new Error(`fake-discord: no role ${roleId}`);
    this.memberRoles.set(user.id, [...new Set([...(this.memberRoles.get(user.id) ?? []), roleId])]);
  }

  /**
   * Delete a channel or thread, as a member with Manage Channels does (Discord's DELETE /channels/{id}): connected
   * bots get CHANNEL_DELETE (THREAD_DELETE for a thread, with id, guild_id, parent_id and type), and every request
   * on the channel then answers 404 10003 Unknown Channel. Returns the deleted channel.
   */
  deleteChannel(id: string): FakeChannel {
    const ch = this.channels.get(id);
    if (!ch) throw new Error(`fake-discord: no channel ${id} to delete`);
    this.channels.delete(id);
    if (this.sockets.size)
      if (ch.type === 11) this.dispatch('THREAD_DELETE', { id, guild_id: ch.guild_id, parent_id: ch.parent_id, type: ch.type }, false);
      else this.dispatch('CHANNEL_DELETE', ch, false);
    return structuredClone(ch);
  }

  // ---- injecting interactions -------------------------------------------------------------------------

  /** Run slash command `/name` as `user` in `channelId`; resolves on the bot's first callback attempt. */
  slash(user: FakeUser, channelId: string, name: string, options: SlashOptions = {}, extra: SlashExtra = {}): Promise<FakeInteraction> {
    const cmd = this.commands.find((c) => c.name === name);
    let defs: Json[] = cmd?.options ?? [];
    for (const level of [extra.subcommandGroup, extra.subcommand]) if (level) defs = defs.find((d) => d.name === level)?.options ?? [];
    const resolved: Json = {};
    let opts: Json[] = Array.isArray(options)
      ? options
      : Object.entries(options).map(([k, v]) => {
          const declared = defs.find((d) => d.name === k)?.type;
          // Channel (7) and role (8) options of a registered command carry their object in `resolved`, as Discord sends them.
          if (declared === 7 && typeof v === 'string' && this.channels.has(v)) {
            (resolved.channels ??= {})[v] = { ...this.channels.get(v), permissions: ALL_PERMISSIONS };
            return { name: k, type: 7, value: v };
          }
          if (declared === 8 && typeof v === 'string') {
            (resolved.roles ??= {})[v] = {
              id: v,
              name: `role-${v}`,
              permissions: '0',
              position: 1,
              color: 0,
              hoist: false,
              managed: false,
              mentionable: true,
              flags: 0,
            };
            return { name: k, type: 8, value: v };
          }
          if (typeof v === 'object') {
            (resolved.users ??= {})[v.id] = v;
            (resolved.members ??= {})[v.id] = {
              roles: [],
              joined_at: new Date(this.clock.now()).toISOString(),
              permissions: ALL_PERMISSIONS,
              flags: 0,
            };
            return { name: k, type: 6, value: v.id };
          }
          const type =
            defs.find((d) => d.name === k)?.type ?? (typeof v === 'string' ? 3 : typeof v === 'boolean' ? 5 : Number.isInteger(v) ? 4 : 10);
          return { name: k, type, value: v };
        });
    if (extra.subcommand) opts = [{ name: extra.subcommand, type: 1, options: opts }];
    if (extra.subcommandGroup) opts = [{ name: extra.subcommandGroup, type: 2, options: opts }];
    const data: Json = { id: cmd?.id ?? this.snowflake(), name, type: 1, options: opts, guild_id: this.guildId };
    if (Object.keys(resolved).length) data.resolved = resolved;
    return this.inject('slash', 2, user, channelId, data, extra.memberPermissions, undefined, extra.appPermissions);
  }

  /** Click button `customId` on `message` (a snapshot from `channelMessages()`, `visibleTo()`... stale ones allowed). */
  click(user: FakeUser, message: FakeMessage, customId: string): Promise<FakeInteraction> {
    const c = this.component(user, message, customId);
    if (c.type !== 2) throw new Error(`fake-discord: ${customId} is not a button (type ${c.type})`);
    return this.inject('button', 3, user, message.channel_id, { custom_id: customId, component_type: 2 }, undefined, message);
  }

  /** Choose `values` in select menu `customId` on `message`; string-select values are checked against its options unless `unchecked`. */
  select(user: FakeUser, message: FakeMessage, customId: string, values: string[], opts: { unchecked?: boolean } = {}): Promise<FakeInteraction> {
    const c = this.component(user, message, customId);
    if (!SELECT_TYPES.has(c.type)) throw new Error(`fake-discord: ${customId} is not a select menu (type ${c.type})`);
    // `unchecked`: send the values as they are, as a modified client would (the message stays the real one).
    if (c.type === 3 && !opts.unchecked) {
      const allowed = new Set((c.options ?? []).map((o: Json) => o.value));
      const bad = values.filter((v) => !allowed.has(v));
      if (bad.length) throw new Error(`fake-discord: ${customId} has no option(s) ${bad.join(', ')}`);
      if (values.length < (c.min_values ?? 1) || values.length > (c.max_values ?? 1))
        throw new Error(`fake-discord: ${values.length} values outside ${c.min_values ?? 1}..${c.max_values ?? 1}`);
    }
    return this.inject('select', 3, user, message.channel_id, { custom_id: customId, component_type: c.type, values }, undefined, message);
  }

  /** Submit modal `customId` with text inputs `fields` (custom_id → value). */
  submitModal(user: FakeUser, channelId: string, customId: string, fields: Record<string, string>, message?: FakeMessage): Promise<FakeInteraction> {
    const components = Object.entries(fields).map(([id, value]) => ({ type: 1, components: [{ type: 4, custom_id: id, value }] }));
    return this.inject('modal', 5, user, channelId, { custom_id: customId, components }, undefined, message);
  }

  // ---- queries ----------------------------------------------------------------------------------------

  /**
   * `user` dismisses the ephemeral message `messageId` shown to them ("Dismiss message" in the client): it is gone,
   * and Discord answers a later edit of it with 10008 Unknown Message.
   */
  dismiss(user: FakeUser, messageId: string): void {
    const m = this.messages.get(messageId);
    if (!m?.ephemeral || m.shownTo !== user.id) throw new Error(`fake-discord: ${user.username} has no ephemeral message ${messageId} to dismiss`);
    m.deleted = true;
  }

  /** Current snapshot of a message (also deleted or ephemeral ones), or undefined. */
  message(id: string | null | undefined): FakeMessage | undefined {
    const m = id ? this.messages.get(id) : undefined;
    return m && structuredClone(m);
  }
  /** The bytes of the file `filename` attached to `message` (a snapshot is fine), or undefined if it has none of that name. */
  attachmentData(message: FakeMessage, filename: string): Buffer | undefined {
    const id = message.attachments.find((a) => a.filename === filename)?.id;
    return id === undefined ? undefined : this.files.get(id);
  }
  /** Current snapshot of the message `@original` of the interaction refers to. */
  original(it: FakeInteraction): FakeMessage | undefined {
    return this.message(it.originalMessageId);
  }
  /** Current snapshots of the interaction's followUp messages. */
  followUps(it: FakeInteraction): FakeMessage[] {
    return it.followUpIds.map((id) => this.message(id)).filter((m) => m !== undefined);
  }
  /** Public, non-deleted messages in a channel, oldest first (ephemeral ones are not "in" the channel). */
  channelMessages(channelId: string): FakeMessage[] {
    return this.list((m) => !m.ephemeral && m.channel_id === channelId);
  }
  /** All public, non-deleted messages, oldest first. */
  publicMessages(): FakeMessage[] {
    return this.list((m) => !m.ephemeral);
  }
  /** What `userId` can see: public messages plus the ephemeral ones shown to them (optionally in one channel). */
  visibleTo(userId: string, channelId?: string): FakeMessage[] {
    return this.list((m) => (!m.ephemeral || m.shownTo === userId) && (!channelId || m.channel_id === channelId));
  }
  /** Every non-ephemeral body ever sent (all versions, including rejected attempts): assert nothing secret leaked. */
  publicPayloads(): PayloadRecord[] {
    return this.payloads.filter((p) => !p.ephemeral);
  }

  /**
   * Resolve once every injected interaction got a callback, no request is in flight and nothing arrived for
   * `quietMs`; reject after `timeoutMs` naming the interactions still unanswered.
   */
  async waitIdle(quietMs = this.opts.idleMs ?? 50, timeoutMs = 5000): Promise<void> {
    const start = performance.now();
    for (;;) {
      const open = this.interactions.filter((it) => it.callback === null && this.waiters.has(it));
      if (!open.length && this.inflight === 0 && performance.now() - this.lastActivity >= quietMs) return;
      if (performance.now() - start > timeoutMs) {
        throw new Error(
          `fake-discord: not idle after ${timeoutMs} ms (${this.inflight} requests in flight; unanswered: ${open.map((i) => `${i.kind} ${i.payload.data.name ?? i.payload.data.custom_id}`).join(', ') || 'none'})`,
        );
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * Call `listener` with the live message (read it, never change it) each time a message is created or edited;
   * returns the function that removes the listener. Lets a load driver react to many channels without polling.
   */
  onMessage(listener: (m: FakeMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Poll `fn` until it returns something truthy (returned), or reject after `timeoutMs`. */
  async waitFor<T>(fn: () => T | undefined | null | false, timeoutMs = 4000): Promise<T> {
    const start = performance.now();
    for (;;) {
      const v = fn();
      if (v) return v;
      if (performance.now() - start > timeoutMs) throw new Error(`fake-discord: waitFor timed out after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  // ---- gateway ----------------------------------------------------------------------------------------

  private onSocket(ws: WebSocket): void {
    this.sockets.set(ws, { seq: 0, ready: false, intents: 0 });
    this.send(ws, { op: 10, d: { heartbeat_interval: 41250 }, s: null, t: null });
    ws.on('close', () => this.sockets.delete(ws));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as Json;
      if (msg.op === 1) this.send(ws, { op: 11, d: null, s: null, t: null });
      else if (msg.op === 6) this.send(ws, { op: 9, d: false, s: null, t: null });
      else if (msg.op === 2) {
        if (String(msg.d?.token).replace(/^Bot /, '') !== this.token) return ws.close(4004, 'Authentication failed');
        const state = this.sockets.get(ws)!;
        state.ready = true;
        state.intents = Number(msg.d?.intents ?? 0);
        // Sharding as Discord does it: a guild's events go to shard (guild_id >> 22) % shard_count only.
        const shard: [number, number] = Array.isArray(msg.d?.shard) ? [Number(msg.d.shard[0]), Number(msg.d.shard[1])] : [0, 1];
        state.shard = shard;
        this.identifies.push(shard);
        const mine = this.guildShard(shard[1]) === shard[0];
        this.send(ws, {
          op: 0,
          t: 'READY',
          s: ++state.seq,
          d: {
            v: 10,
            user: this.botUser,
            guilds: mine ? [{ id: this.guildId, unavailable: true }] : [],
            session_id: randomBytes(16).toString('hex'),
            resume_gateway_url: this.gatewayUrl,
            application: { id: this.applicationId, flags: 0 },
            shard,
          },
        });
        if (!mine) return;
        const joined_at = new Date(this.clock.now()).toISOString();
        this.send(ws, {
          op: 0,
          t: 'GUILD_CREATE',
          s: ++state.seq,
          d: {
            id: this.guildId,
            name: this.guildName,
            preferred_locale: this.guildLocale,
            icon: null,
            owner_id: this.user('owner').id,
            unavailable: false,
            large: false,
            member_count: 1,
            joined_at,
            features: [],
            emojis: [],
            stickers: [],
            presences: [],
            voice_states: [],
            channels: [...this.channels.values()].filter((ch) => ch.type !== 11),
            threads: [...this.channels.values()].filter((ch) => ch.type === 11),
            roles: [...this.roles.values()],
            members: [{ user: this.botUser, roles: [], joined_at, deaf: false, mute: false, flags: 0 }],
          },
        });
      }
    });
  }

  private send(ws: WebSocket, payload: Json): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
  }

  /** The shard that receives the guild's events when the bot runs `count` shards. */
  guildShard(count: number): number {
    return Number((BigInt(this.guildId) >> 22n) % BigInt(Math.max(1, count)));
  }

  private dispatch(t: string, d: Json | ((intents: number) => Json), required = true, intent = 0): void {
    const ready = [...this.sockets].filter(
      ([, s]) => s.ready && (!s.shard || this.guildShard(s.shard[1]) === s.shard[0]) && (intent === 0 || (s.intents & intent) !== 0),
    );
    if (!ready.length && required) throw new Error(`fake-discord: no bot is connected to receive ${t} (wait for Events.ClientReady first)`);
    // With `delivery: 'one'`, an interaction goes to a single connected bot (round robin), as Discord does for one
    // session; by default every connected bot gets it (a retried delivery, or two processes on one token).
    const targets = t === 'INTERACTION_CREATE' && this.delivery === 'one' && ready.length ? [ready[this.deliveries++ % ready.length]!] : ready;
    for (const [ws, s] of targets) this.send(ws, { op: 0, t, s: ++s.seq, d: typeof d === 'function' ? d(s.intents) : d });
    this.lastActivity = performance.now();
  }

  private component(user: FakeUser, message: FakeMessage, customId: string): Json {
    if (message.ephemeral && message.shownTo !== user.id)
      throw new Error(`fake-discord: ${user.username} cannot see ephemeral message ${message.id}`);
    const all: Json[] = [];
    walk(message.components, '', (c) => all.push(c));
    const c = all.find((x) => x.custom_id === customId);
    if (!c)
      throw new Error(
        `fake-discord: message ${message.id} has no component ${customId} (it has: ${
          all
            .map((x) => x.custom_id)
            .filter(Boolean)
            .join(', ') || 'none'
        })`,
      );
    if (c.disabled) throw new Error(`fake-discord: component ${customId} is disabled`);
    return c;
  }

  private inject(
    kind: FakeInteraction['kind'],
    type: number,
    user: FakeUser,
    channelId: string,
    data: Json,
    perms?: bigint | string,
    message?: FakeMessage,
    appPerms?: bigint | string,
  ): Promise<FakeInteraction> {
    const channel = this.channels.get(channelId);
    if (!channel) throw new Error(`fake-discord: unknown channel ${channelId}`);
    const id = this.snowflake();
    const payload: Json = {
      id,
      token: `itok${id}${randomBytes(12).toString('hex')}`,
      type,
      application_id: this.applicationId,
      version: 1,
      guild_id: this.guildId,
      channel_id: channelId,
      channel,
      entitlements: [],
      authorizing_integration_owners: {},
      member: {
        user,
        roles: this.memberRoles.get(user.id) ?? [],
        permissions: String(perms ?? ALL_PERMISSIONS),
        joined_at: new Date(this.clock.now()).toISOString(),
        deaf: false,
        mute: false,
        nick: null,
        flags: 0,
      },
      app_permissions: String(appPerms ?? ALL_PERMISSIONS),
      locale: this.locales.get(user.id) ?? 'en-US',
      guild_locale: this.guildLocale,
      context: 0,
      data,
      ...(message ? { message: wire(message) } : {}),
    };
    const it: FakeInteraction = {
      id,
      token: payload.token,
      type,
      kind,
      user,
      channelId,
      payload,
      sentAt: this.clock.now(),
      acknowledged: false,
      callback: null,
      callbacks: [],
      originalMessageId: null,
      followUpIds: [],
    };
    const timeout = this.opts.callbackTimeoutMs ?? 4000;
    const promise = new Promise<FakeInteraction>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(it);
        reject(new Error(`fake-discord: the bot sent no callback for ${kind} ${data.name ?? data.custom_id} within ${timeout} ms`));
      }, timeout);
      this.waiters.set(it, { resolve, timer });
    });
    if (this.opts.retainMs === undefined) this.interactions.push(it);
    else {
      const now = performance.now();
      while (this.retained.length && now - this.retained[0]!.at > this.opts.retainMs) this.byToken.delete(this.retained.shift()!.token);
      this.retained.push({ at: now, token: it.token });
    }
    this.byToken.set(it.token, it);
    this.dispatch('INTERACTION_CREATE', payload, this.offline === 'throw');
    return promise;
  }

  // ---- scripted failures ------------------------------------------------------------------------------

  /** Failures still to be answered (see `failNext`). */
  readonly faults: Fault[] = [];

  /**
   * Answer the next `times` (default 1) `method` requests on a path matching `path` with `error` (e.g.
   * `{ status: 403, code: 50013, message: 'Missing Permissions' }`, or `{ status: 429, code: 0, message: 'You are being
   * rate limited.', retryAfter: 0.2 }`) instead of handling them. Callbacks failed this way do not acknowledge.
   */
  failNext(method: string, path: RegExp, error: { status: number; code: number; message: string; retryAfter?: number }, times = 1): void {
    this.faults.push({ method, path, ...error, times });
  }

  private takeFault(rec: RecordedRequest): Reply | undefined {
    const f = this.faults.find((x) => x.times > 0 && x.method === rec.method && x.path.test(rec.path));
    if (!f) return undefined;
    f.times--;
    const reply: Reply =
      f.retryAfter === undefined
        ? fail(f.status, f.code, f.message)
        : {
            status: f.status,
            body: { code: f.code, message: f.message, retry_after: f.retryAfter, global: false },
            headers: { 'retry-after': String(f.retryAfter), 'x-ratelimit-scope': 'user' },
          };
    // A failed callback is still an answer attempt on its interaction: record it and wake whoever waits for it.
    const token = /^\/interactions\/\d+\/([^/]+)\/callback$/.exec(rec.path)?.[1];
    const it = token ? this.byToken.get(token) : undefined;
    if (it) {
      const data: Json | undefined = rec.body?.data;
      const cb: CallbackRecord = {
        type: Number(rec.body?.type),
        data,
        flags: Number(data?.flags ?? 0),
        ephemeral: (Number(data?.flags ?? 0) & EPHEMERAL) !== 0,
        status: reply.status,
        error: { status: reply.status, ...(reply.body as Omit<ApiError, 'status'>) },
      };
      it.callbacks.push(cb);
      it.callback ??= cb;
      const waiter = this.waiters.get(it);
      if (waiter) {
        clearTimeout(waiter.timer);
        this.waiters.delete(it);
        waiter.resolve(it);
      }
    }
    return reply;
  }

  // ---- REST -------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage): Promise<Reply> {
    this.inflight++;
    this.lastActivity = performance.now();
    const url = new URL(req.url ?? '/', 'http://x');
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: undefined,
      files: [],
      auth: Boolean(req.headers.authorization),
      userAgent: req.headers['user-agent'] ?? '',
      at: this.clock.now(),
      status: 0,
      response: undefined,
    };
    let reply: Reply;
    try {
      rec.path = url.pathname
        .replace(/^\/api\/v\d+/, '')
        .split('/')
        .map(decodeURIComponent)
        .join('/');
      if (this.opts.retainMs === undefined) this.requests.push(rec);
      this.requestCounts[routeKind(rec.path)]++;
      ({ body: rec.body, files: rec.files } = await readBody(req));
      reply = this.globalLimit(req.headers.authorization) ?? this.takeFault(rec) ?? this.route(rec, req.headers.authorization);
    } catch (err) {
      reply = fail(500, 0, `fake-discord internal error: ${(err as Error).stack}`);
    }
    rec.status = reply.status;
    rec.response = reply.body;
    if (reply.status >= 400) {
      const b = reply.body as Json;
      this.violations.push({
        status: reply.status,
        code: b.code,
        message: b.message,
        ...(b.errors ? { errors: b.errors } : {}),
        method: rec.method,
        path: rec.path,
        at: rec.at,
      });
    }
    this.inflight--;
    this.lastActivity = performance.now();
    return reply;
  }

  /** A 429 when a bot-authenticated request goes over `globalRateLimit` (see the option); undefined otherwise. */
  private globalLimit(authorization: string | undefined): Reply | undefined {
    const limit = this.opts.globalRateLimit;
    if (limit === undefined || !authorization?.startsWith('Bot ')) return undefined;
    const now = this.clock.now();
    if (now - this.globalWindow.start >= 1000) this.globalWindow = { start: now, count: 0 };
    if (++this.globalWindow.count <= limit) return undefined;
    this.globalLimited++;
    const retryAfter = Math.max(0.001, (this.globalWindow.start + 1000 - now) / 1000);
    return {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: retryAfter, global: true, code: 0 },
      headers: { 'retry-after': String(retryAfter), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
    };
  }

  private route(rec: RecordedRequest, authorization: string | undefined): Reply {
    const segs = rec.path.split('/').filter(Boolean);
    for (const [method, pattern, handler, needsAuth] of this.routes) {
      const pat = pattern.split('/').filter(Boolean);
      if (method !== rec.method || pat.length !== segs.length) continue;
      const params: Record<string, string> = {};
      if (!pat.every((p, i) => (p.startsWith(':') ? ((params[p.slice(1)] = segs[i] ?? ''), true) : p === segs[i]))) continue;
      if (needsAuth && authorization !== `Bot ${this.token}`) return fail(401, 0, '401: Unauthorized');
      return handler({ method, p: (k) => params[k] ?? '', query: rec.query, body: rec.body, files: rec.files, rec, authorization });
    }
    const msg = `fake-discord: no route for ${rec.method} ${rec.path} - add it to test/support/fake-discord.ts`;
    console.error(msg);
    return fail(404, 0, msg);
  }

  private buildRoutes(): [string, string, Handler, boolean][] {
    const gateway = { url: '', shards: 1, session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 } };
    const ok = (body?: unknown): Reply => ({ status: body === undefined ? 204 : 200, body });
    const app = {
      id: this.applicationId,
      name: this.botUser.username,
      description: '',
      icon: null,
      bot_public: false,
      bot_require_code_grant: false,
      verify_key: '0',
      flags: 0,
      bot: this.botUser,
      owner: this.user('owner'),
    };
    const setCommands =
      (guildId: string | null) =>
      (c: Ctx): Reply => {
        if (c.p('app') !== this.applicationId) return fail(404, 10002, 'Unknown Application');
        const body = c.body as unknown as Json[];
        const problems = [...body.flatMap((x) => commandProblems(x)), ...overwriteProblems(body, guildId, this.activities)];
        if (problems.length) return fail(400, 50035, `Invalid Form Body (${problems.slice(0, 5).join('; ')})`);
        const keep = this.commands.filter((x) => (x.guild_id ?? null) !== guildId);
        const before = this.commands.filter((x) => (x.guild_id ?? null) === guildId);
        const added = body.map((x) => ({
          type: 1,
          ...x,
          id: keptId(x, before) ?? this.snowflake(),
          application_id: this.applicationId,
          version: this.snowflake(),
          default_member_permissions: x.default_member_permissions ?? null,
          nsfw: false,
          ...(guildId ? { guild_id: guildId } : {}),
        }));
        this.commands = [...keep, ...added];
        return ok(added);
      };
    /** An application route's answer: 404 Unknown Application unless it names this application. */
    const ofApp = (c: Ctx, fn: () => Reply): Reply => (c.p('app') === this.applicationId ? fn() : fail(404, 10002, 'Unknown Application'));
    const getCommands = (guildId: string | null) => (): Reply => ok(this.commands.filter((x) => (x.guild_id ?? null) === guildId));
    const chan = (c: Ctx): FakeChannel | undefined => this.channels.get(c.p('cid'));
    /** Wrap a handler for /channels/:cid/messages/:mid: 404 unless the message is public and in that channel. */
    const withMsg =
      (fn: (m: FakeMessage, c: Ctx) => Reply): Handler =>
      (c) => {
        if (!chan(c)) return fail(404, 10003, 'Unknown Channel');
        const m = this.messages.get(c.p('mid'));
        return m && !m.deleted && !m.ephemeral && m.channel_id === c.p('cid') ? fn(m, c) : fail(404, 10008, 'Unknown Message');
      };
    return [
      ['GET', '/gateway/bot', () => ok({ ...gateway, url: this.gatewayUrl }), true],
      ['GET', '/gateway', () => ok({ url: this.gatewayUrl }), false],
      [
        'GET',
        '/users/@me',
        (c) => {
          if (c.authorization === `Bot ${this.token}`) return ok(this.botUser);
          const id = this.oauth.bearer(c.authorization);
          const u = id ? [...this.users.values()].find((x) => x.id === id) : undefined;
          return u ? ok({ ...u, locale: this.locales.get(u.id) ?? 'en-US', mfa_enabled: false }) : fail(401, 0, '401: Unauthorized');
        },
        false,
      ],
      ['POST', '/oauth2/token', (c) => this.oauth.token(c.body, c.authorization), false],
      [
        'GET',
        '/users/:uid',
        (c) => {
          const u = [...this.users.values(), this.botUser].find((x) => x.id === c.p('uid'));
          return u ? ok(u) : fail(404, 10013, 'Unknown User');
        },
        true,
      ],
      ['GET', '/applications/@me', () => ok(app), true],
      ['GET', '/oauth2/applications/@me', () => ok(app), true],
      ['GET', '/applications/:app/commands', getCommands(null), true],
      ['GET', '/applications/:app/emojis', (c) => ofApp(c, () => this.appEmojis.list()), true],
      ['POST', '/applications/:app/emojis', (c) => ofApp(c, () => this.appEmojis.create(c.body)), true],
      ['GET', '/applications/:app/emojis/:eid', (c) => ofApp(c, () => this.appEmojis.get(c.p('eid'))), true],
      ['PATCH', '/applications/:app/emojis/:eid', (c) => ofApp(c, () => this.appEmojis.modify(c.p('eid'), c.body)), true],
      ['DELETE', '/applications/:app/emojis/:eid', (c) => ofApp(c, () => this.appEmojis.remove(c.p('eid'))), true],
      ['PUT', '/applications/:app/commands', setCommands(null), true],
      ['GET', '/applications/:app/guilds/:gid/commands', (c) => getCommands(c.p('gid'))(), true],
      [
        'PUT',
        '/applications/:app/guilds/:gid/commands',
        (c) => (c.p('gid') === this.guildId ? setCommands(this.guildId)(c) : fail(404, 10004, 'Unknown Guild')),
        true,
      ],
      [
        'GET',
        '/guilds/:gid',
        (c) =>
          c.p('gid') === this.guildId
            ? ok({
                id: this.guildId,
                name: this.guildName,
                owner_id: this.user('owner').id,
                roles: [...this.roles.values()],
                emojis: [],
                features: [],
              })
            : fail(404, 10004, 'Unknown Guild'),
        true,
      ],
      ['GET', '/guilds/:gid/channels', () => ok([...this.channels.values()].filter((ch) => ch.type !== 11)), true],
      [
        'GET',
        '/guilds/:gid/scheduled-events',
        (c) => (c.p('gid') === this.guildId ? ok([...this.scheduledEvents.values()]) : fail(404, 10004, 'Unknown Guild')),
        true,
      ],
      ['POST', '/guilds/:gid/scheduled-events', (c) => this.createEvent(c), true],
      [
        'GET',
        '/guilds/:gid/scheduled-events/:eid',
        (c) => {
          const e = this.scheduledEvents.get(c.p('eid'));
          return e ? ok(e) : fail(404, 10070, 'Unknown Guild Scheduled Event');
        },
        true,
      ],
      [
        'PATCH',
        '/guilds/:gid/scheduled-events/:eid',
        (c) => {
          const e = this.scheduledEvents.get(c.p('eid'));
          if (!e) return fail(404, 10070, 'Unknown Guild Scheduled Event');
          Object.assign(e, c.body ?? {});
          return ok(e);
        },
        true,
      ],
      [
        'DELETE',
        '/guilds/:gid/scheduled-events/:eid',
        (c) => (this.scheduledEvents.delete(c.p('eid')) ? ok() : fail(404, 10070, 'Unknown Guild Scheduled Event')),
        true,
      ],
      [
        'POST',
        '/channels/:cid/threads',
        (c) => {
          const parent = chan(c);
          if (!parent || parent.type !== 0) return fail(404, 10003, 'Unknown Channel');
          const name = String(c.body?.name ?? '');
          if (!name || name.length > 100)
            return fail(400, 50035, 'Invalid Form Body', {
              name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] },
            });
          return ok(this.addThread(parent.id, name, Number(c.body?.auto_archive_duration ?? 1440)));
        },
        true,
      ],
      [
        'GET',
        '/guilds/:gid/members/:uid',
        (c) => {
          const u = [...this.users.values(), this.botUser].find((x) => x.id === c.p('uid'));
          return u
            ? ok({
                user: u,
                roles: this.memberRoles.get(u.id) ?? [],
                joined_at: new Date(this.clock.now()).toISOString(),
                deaf: false,
                mute: false,
                flags: 0,
              })
            : fail(404, 10007, 'Unknown Member');
        },
        true,
      ],
      [
        'GET',
        '/channels/:cid',
        (c) => {
          const ch = chan(c);
          return ch ? ok(ch) : fail(404, 10003, 'Unknown Channel');
        },
        true,
      ],
      ['POST', '/channels/:cid/typing', (c) => (chan(c) ? ok() : fail(404, 10003, 'Unknown Channel')), true],
      [
        'GET',
        '/channels/:cid/messages',
        (c) => {
          if (!chan(c)) return fail(404, 10003, 'Unknown Channel');
          return ok(
            this.channelMessages(c.p('cid'))
              .reverse()
              .slice(0, Number(c.query.limit ?? 50))
              .map(wire),
          );
        },
        true,
      ],
      [
        'POST',
        '/channels/:cid/messages',
        (c) => {
          if (!chan(c)) return fail(404, 10003, 'Unknown Channel');
          const pr = this.payload('channel-post', c, c.body, false, null);
          const bad = this.check(c.body, '') ?? this.checkAttachments(null, c.body, c.files);
          if (bad) return bad;
          const m = this.create(c.p('cid'), c.body ?? {}, c.files, false, null, null);
          pr.messageId = m.id;
          return ok(wire(m));
        },
        true,
      ],
      ['GET', '/channels/:cid/messages/:mid', withMsg((m) => ok(wire(m))), true],
      [
        'PATCH',
        '/channels/:cid/messages/:mid',
        withMsg((m, c) => {
          this.payload('channel-edit', c, c.body, false, null).messageId = m.id;
          return this.check(c.body, '') ?? this.checkAttachments(m, c.body, c.files) ?? ok(wire(this.edit(m, c.body ?? {}, c.files)));
        }),
        true,
      ],
      [
        'DELETE',
        '/channels/:cid/messages/:mid',
        withMsg((m) => {
          m.deleted = true;
          this.dispatch('MESSAGE_DELETE', { id: m.id, channel_id: m.channel_id, guild_id: this.guildId }, false, GUILD_MESSAGES);
          return ok();
        }),
        true,
      ],
      ['POST', '/interactions/:iid/:token/callback', (c) => this.callback(c), false],
      ['POST', '/webhooks/:app/:token', (c) => this.webhook(c), false],
      ['GET', '/webhooks/:app/:token/messages/:mid', (c) => this.webhook(c), false],
      ['PATCH', '/webhooks/:app/:token/messages/:mid', (c) => this.webhook(c), false],
      ['DELETE', '/webhooks/:app/:token/messages/:mid', (c) => this.webhook(c), false],
    ];
  }

  /** POST /interactions/{id}/{token}/callback: types 4, 5, 6, 7, 9 and 12 (LAUNCH_ACTIVITY) with Discord's rules. */
  private callback(c: Ctx): Reply {
    const it = this.byToken.get(c.p('token'));
    if (!it || it.id !== c.p('iid')) return fail(404, 10062, 'Unknown interaction');
    const type = Number(c.body?.type);
    const data: Json | undefined = c.body?.data;
    const flags = Number(data?.flags ?? 0);
    const target = type === 6 || type === 7 ? this.messages.get(it.payload.message?.id ?? '') : undefined;
    const ephemeral = target ? target.ephemeral : (flags & EPHEMERAL) !== 0;
    const cb: CallbackRecord = { type, data, flags, ephemeral, status: 0, error: null };
    it.callbacks.push(cb);
    it.callback ??= cb;
    if (type === 4 || type === 7)
      this.payload('callback', c, data ?? {}, ephemeral, ephemeral ? (target?.shownTo ?? it.user.id) : null).messageId = target?.id ?? null;
    const reply = ((): Reply => {
      if (it.acknowledged) return fail(400, 40060, 'Interaction has already been acknowledged.');
      if (this.clock.now() - it.sentAt > 3000) return fail(404, 10062, 'Unknown interaction');
      // 12 LAUNCH_ACTIVITY: for commands and components of an application with Activities enabled.
      const launch = type === 12 && this.activities && (it.type === 2 || it.type === 3);
      if (!(launch || [4, 5, 6, 7, 9].includes(type)) || ((type === 6 || type === 7) && !target) || (type === 9 && it.type === 5)) {
        return fail(400, 50035, 'Invalid Form Body', {
          type: { _errors: [{ code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: `Callback type ${type} is not valid for this interaction.` }] },
        });
      }
      const bad = type === 4 || type === 7 ? this.check(data, 'data.') : undefined;
      if (bad) return bad;
      let msg: FakeMessage | undefined;
      if (type === 4) msg = this.create(it.channelId, data ?? {}, c.files, ephemeral, ephemeral ? it.user.id : null, it);
      if (type === 5) (msg = this.create(it.channelId, {}, [], ephemeral, ephemeral ? it.user.id : null, it)).flags |= LOADING;
      if (type === 7) msg = this.edit(target!, data ?? {}, c.files);
      if (type === 6) msg = target;
      it.acknowledged = true;
      if (msg) it.originalMessageId = msg.id;
      if (c.query.with_response !== 'true') return { status: 204 };
      return {
        status: 200,
        body: {
          interaction: {
            id: it.id,
            type: it.type,
            response_message_id: msg?.id,
            response_message_loading: type === 5,
            response_message_ephemeral: msg?.ephemeral,
          },
          resource: { type, ...(msg && type !== 6 ? { message: wire(msg) } : {}) },
        },
      };
    })();
    cb.status = reply.status;
    if (reply.status >= 400) cb.error = { status: reply.status, ...(reply.body as Omit<ApiError, 'status'>) };
    const waiter = this.waiters.get(it);
    if (waiter) {
      clearTimeout(waiter.timer);
      this.waiters.delete(it);
      waiter.resolve(it);
    }
    return reply;
  }

  /** followUp (POST), fetchReply (GET), editReply (PATCH), deleteReply (DELETE) on an interaction token. */
  private webhook(c: Ctx): Reply {
    const it = this.byToken.get(c.p('token'));
    if (c.p('app') !== this.applicationId || !it || !it.acknowledged) return fail(404, 10015, 'Unknown Webhook');
    if (this.clock.now() - it.sentAt > 15 * 60_000) return fail(401, 50027, 'Invalid Webhook Token');
    if (c.method === 'POST') {
      const ephemeral = (Number(c.body?.flags ?? 0) & EPHEMERAL) !== 0;
      const pr = this.payload('followup', c, c.body, ephemeral, ephemeral ? it.user.id : null);
      const bad = this.check(c.body, '');
      if (bad) return bad;
      const m = this.create(it.channelId, c.body ?? {}, c.files, ephemeral, ephemeral ? it.user.id : null, it);
      it.followUpIds.push((pr.messageId = m.id));
      return { status: 200, body: wire(m) };
    }
    const mid = c.p('mid') === '@original' ? it.originalMessageId : c.p('mid');
    const m = mid && (mid === it.originalMessageId || it.followUpIds.includes(mid)) ? this.messages.get(mid) : undefined;
    if (!m || m.deleted) return fail(404, 10008, 'Unknown Message');
    if (c.method === 'GET') return { status: 200, body: wire(m) };
    if (c.method === 'DELETE') {
      m.deleted = true;
      if (!m.ephemeral) this.dispatch('MESSAGE_DELETE', { id: m.id, channel_id: m.channel_id, guild_id: this.guildId }, false, GUILD_MESSAGES);
      return { status: 204 };
    }
    this.payload('webhook-edit', c, c.body, m.ephemeral, m.shownTo).messageId = m.id;
    return this.check(c.body, '') ?? { status: 200, body: wire(this.edit(m, c.body ?? {}, c.files)) };
  }

  // ---- message model ----------------------------------------------------------------------------------

  private payload(kind: PayloadRecord['kind'], c: Ctx, body: Json | undefined, ephemeral: boolean, shownTo: string | null): PayloadRecord {
    const pr: PayloadRecord = { kind, body: body ?? {}, messageId: null, ephemeral, shownTo, request: c.rec };
    if (this.opts.retainMs === undefined) this.payloads.push(pr);
    return pr;
  }

  private check(body: Json | undefined, prefix: string): Reply | undefined {
    const problems = messageProblems(body);
    if (!problems.length) return undefined;
    const errors = Object.fromEntries(problems.map((p) => [prefix + p.path, { _errors: [{ code: p.code, message: p.message }] }]));
    return fail(400, 50035, 'Invalid Form Body', errors);
  }

  private create(
    channelId: string,
    body: Json,
    files: RecordedFile[],
    ephemeral: boolean,
    shownTo: string | null,
    it: FakeInteraction | null,
    author: FakeUser = this.botUser,
  ): FakeMessage {
    const m: FakeMessage = {
      id: this.snowflake(),
      channel_id: channelId,
      author,
      type: 0,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      pinned: false,
      content: '',
      embeds: [],
      components: [],
      attachments: [],
      flags: 0,
      timestamp: new Date(this.clock.now()).toISOString(),
      edited_timestamp: null,
      ...(it ? { application_id: this.applicationId, webhook_id: this.applicationId, interaction_metadata: metadataOf(it) } : {}),
      ephemeral,
      shownTo,
      interactionId: it?.id ?? null,
      deleted: false,
    };
    this.messages.set(m.id, m);
    this.edit(m, body, files);
    m.edited_timestamp = null;
    if (!ephemeral) this.messageCreated(m);
    return m;
  }

  /**
   * MESSAGE_CREATE to the sessions that identified with GUILD_MESSAGES (every message in a guild channel, the bot's
   * own too; an ephemeral message is never dispatched): the message with `guild_id`, and `member` for a message not
   * sent by a webhook. Without MESSAGE_CONTENT, `content`, `embeds`, `attachments` and `components` of a message
   * that is not the session's own (and does not mention it) arrive empty, as Discord documents.
   */
  private messageCreated(m: FakeMessage): void {
    const base = { ...wire(m), guild_id: this.guildId };
    const member = { roles: this.memberRoles.get(m.author.id) ?? [], joined_at: m.timestamp, deaf: false, mute: false, flags: 0 };
    const full = m.webhook_id ? base : { ...base, member };
    const own = m.author.id === this.botUser.id || m.mentions.some((u: Json) => u.id === this.botUser.id);
    this.dispatch(
      'MESSAGE_CREATE',
      (intents) => ((intents & MESSAGE_CONTENT) !== 0 || own ? full : { ...full, content: '', embeds: [], attachments: [], components: [] }),
      false,
      GUILD_MESSAGES,
    );
  }

  /**
   * An `attachments` entry of a post or edit that names neither an attachment the message has nor an uploaded file
   * (`files[n]` is named by id `n`): Discord refuses the request (400, 50035). `m` is null for a new message.
   */
  private checkAttachments(m: FakeMessage | null, body: Json | undefined, files: RecordedFile[]): Reply | undefined {
    const list: Json[] | undefined = body?.attachments ?? undefined;
    if (!Array.isArray(list)) return undefined;
    const uploaded = new Set(files.map(uploadIndex));
    const bad = list.findIndex((a) => !m?.attachments.some((x) => x.id === String(a?.id)) && !uploaded.has(String(a?.id)));
    if (bad < 0) return undefined;
    return fail(400, 50035, 'Invalid Form Body', {
      [`attachments.${bad}.id`]: { _errors: [{ code: 'ATTACHMENT_NOT_FOUND', message: 'Unknown attachment' }] },
    });
  }

  /**
   * A message's attachments after a post or edit, as Discord documents for `attachments` on Edit Message: without
   * the field, the message keeps its files and uploaded ones are appended; with it, the message holds exactly the
   * listed ones — those it had (by id) and uploaded ones (`files[n]` by id `n`); any other it had is removed.
   */
  private attachmentsAfter(m: FakeMessage, body: Json, files: RecordedFile[]): Json[] {
    const stored = (f: RecordedFile, filename = f.filename): Json => {
      const id = this.snowflake();
      this.files.set(id, f.data);
      return { id, filename, size: f.size, url: `${this.apiUrl}/attachments/${id}/${filename}`, proxy_url: '' };
    };
    if (body.attachments === undefined) return [...m.attachments, ...files.map((f) => stored(f))];
    const list: Json[] = body.attachments ?? [];
    return list.flatMap((a: Json) => {
      const kept = m.attachments.find((x) => x.id === String(a?.id));
      if (kept) return [kept];
      const file = files.find((f) => uploadIndex(f) === String(a?.id));
      return file ? [stored(file, typeof a.filename === 'string' ? a.filename : file.filename)] : [];
    });
  }

  /** Snapshots of the attachments named by `message`'s first embed's `attachment://` image, or undefined when it names none or one the message lacks. */
  embedImage(message: FakeMessage): { filename: string; data: Buffer } | undefined {
    const url: unknown = message.embeds[0]?.image?.url;
    if (typeof url !== 'string' || !url.startsWith('attachment://')) return undefined;
    const filename = url.slice('attachment://'.length);
    const data = this.attachmentData(message, filename);
    return data && { filename, data };
  }

  private edit(m: FakeMessage, body: Json, files: RecordedFile[] = []): FakeMessage {
    for (const key of ['content', 'embeds', 'components'] as const) if (body[key] !== undefined) m[key] = body[key] ?? (key === 'content' ? '' : []);
    m.attachments = this.attachmentsAfter(m, body, files);
    m.flags = ((body.flags ?? m.flags) & ~LOADING & ~EPHEMERAL) | (m.ephemeral ? EPHEMERAL : 0);
    m.edited_timestamp = new Date(this.clock.now()).toISOString();
    for (const listener of this.messageListeners) listener(m);
    return m;
  }

  private list(pred: (m: FakeMessage) => boolean): FakeMessage[] {
    return [...this.messages.values()].filter((m) => !m.deleted && pred(m)).map((m) => structuredClone(m));
  }
}

/** The kind of route of a decoded request path (see `FakeDiscord.requestCounts`). */
function routeKind(path: string): 'channel' | 'callback' | 'webhook' | 'other' {
  if (path.startsWith('/channels/')) return 'channel';
  if (path.startsWith('/interactions/')) return 'callback';
  return path.startsWith('/webhooks/') ? 'webhook' : 'other';
}

/**
 * Discord's interaction metadata of a message that answers `it`: the interaction's id, type and user; for a component
 * interaction the message it was on (`interacted_message_id`), for a followUp (sent once `it` was acknowledged) the
 * interaction's original response (`original_response_message_id`).
 */
function metadataOf(it: FakeInteraction): Json {
  return {
    id: it.id,
    type: it.type,
    user: it.user,
    authorizing_integration_owners: {},
    ...(it.type === 3 && it.payload.message ? { interacted_message_id: it.payload.message.id } : {}),
    ...(it.acknowledged && it.originalMessageId ? { original_response_message_id: it.originalMessageId } : {}),
  };
}

/** The message as Discord would send it (without the fake's metadata). */
function wire(m: FakeMessage): Json {
  const { ephemeral: _e, shownTo: _s, interactionId: _i, deleted: _d, ...rest } = m;
  return structuredClone(rest);
}

/** Visit every component below `components` (rows, their children, section accessories, label children). */
function walk(components: unknown, path: string, visit: (c: Json, path: string) => void): void {
  if (!Array.isArray(components)) return;
  components.forEach((c: Json, i) => {
    const p = `${path}[${i}]`;
    visit(c, p);
    walk(c.components, `${p}.components`, visit);
    if (c.accessory) visit(c.accessory, `${p}.accessory`);
    if (c.component) visit(c.component, `${p}.component`);
  });
}

/** Discord's message limits: content, embeds, rows, buttons per row, select width, custom_id, options, labels. */
export function messageProblems(body: Json | undefined): Problem[] {
  const out: Problem[] = [];
  if (!body) return out;
  const max = (path: string, n: number) => out.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${n} or fewer in length.` });
  if (typeof body.content === 'string' && body.content.length > 2000) max('content', 2000);
  const embeds: Json[] = body.embeds ?? [];
  if (embeds.length > 10) max('embeds', 10);
  // Discord's embed limits: title 256, description 4096, 25 fields (name 256, value 1024), footer 2048, author 256,
  // and 6000 characters over all the embeds of a message.
  let total = 0;
  embeds.forEach((e, i) => {
    const text = (v: unknown) => (typeof v === 'string' ? v.length : 0);
    if (text(e?.title) > 256) max(`embeds[${i}].title`, 256);
    if (text(e?.description) > 4096) max(`embeds[${i}].description`, 4096);
    if (text(e?.footer?.text) > 2048) max(`embeds[${i}].footer.text`, 2048);
    if (text(e?.author?.name) > 256) max(`embeds[${i}].author.name`, 256);
    const fields: Json[] = e?.fields ?? [];
    if (fields.length > 25) max(`embeds[${i}].fields`, 25);
    fields.forEach((f, j) => {
      for (const k of ['name', 'value'])
        if (!text(f?.[k])) out.push({ path: `embeds[${i}].fields[${j}].${k}`, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
      if (text(f?.name) > 256) max(`embeds[${i}].fields[${j}].name`, 256);
      if (text(f?.value) > 1024) max(`embeds[${i}].fields[${j}].value`, 1024);
      total += text(f?.name) + text(f?.value);
    });
    total += text(e?.title) + text(e?.description) + text(e?.footer?.text) + text(e?.author?.name);
  });
  if (total > 6000) max('embeds', 6000);
  const components: Json[] = body.components ?? [];
  if ((Number(body.flags ?? 0) & COMPONENTS_V2) === 0 && components.length > 5) max('components', 5);
  const ids = new Set<string>();
  walk(components, 'components', (c, p) => {
    if (c.type === 1) {
      const kids: Json[] = c.components ?? [];
      if (!kids.length) out.push({ path: `${p}.components`, code: 'BASE_TYPE_MIN_LENGTH', message: 'Must be 1 or more in length.' });
      if (kids.length > 1 && kids.some((k) => SELECT_TYPES.has(k.type)))
        out.push({ path: `${p}.components`, code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', message: 'The specified component exceeds the maximum width' });
      if (kids.filter((k) => k.type === 2).length > 5) max(`${p}.components`, 5);
    }
    if (typeof c.custom_id === 'string') {
      if (c.custom_id.length > 100) max(`${p}.custom_id`, 100);
      if (ids.has(c.custom_id))
        out.push({ path: `${p}.custom_id`, code: 'COMPONENT_CUSTOM_ID_DUPLICATED', message: 'Component custom id cannot be duplicated' });
      ids.add(c.custom_id);
    }
    if (c.type === 2 && (c.label?.length ?? 0) > 80) max(`${p}.label`, 80);
    // A button shows a label, an emoji or both (a premium button, style 6, neither); a custom emoji is `{ id, name }`.
    if (c.type === 2 && c.style !== 6 && !c.label && !c.emoji)
      out.push({ path: `${p}.label`, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    if (c.type === 2 && c.emoji && (c.emoji.id !== undefined && c.emoji.id !== null ? !/^\d+$/.test(String(c.emoji.id)) : !c.emoji.name))
      out.push({ path: `${p}.emoji.id`, code: 'BUTTON_COMPONENT_INVALID_EMOJI', message: 'Invalid emoji' });
    if (c.type === 3 && (c.options?.length ?? 0) > 25) max(`${p}.options`, 25);
    if (c.type === 3 && (c.placeholder?.length ?? 0) > 150) max(`${p}.placeholder`, 150);
    if (c.type === 3)
      (c.options ?? []).forEach((o: Json, k: number) => {
        if ((o.label?.length ?? 0) > 100) max(`${p}.options[${k}].label`, 100);
        if ((o.value?.length ?? 0) > 100) max(`${p}.options[${k}].value`, 100);
        if ((o.description?.length ?? 0) > 100) max(`${p}.options[${k}].description`, 100);
      });
  });
  return out;
}

/** The id an uploaded file goes by in `attachments`: `n` of its form field `files[n]` (discord.js's naming), else the field. */
const uploadIndex = (f: RecordedFile): string => /^files\[(\d+)\]$/.exec(f.field)?.[1] ?? f.field;

async function readBody(req: IncomingMessage): Promise<{ body: Json | undefined; files: RecordedFile[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const buf = Buffer.concat(chunks);
  if (!buf.length) return { body: undefined, files: [] };
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) return { body: Object.fromEntries(new URLSearchParams(buf.toString('utf8'))), files: [] };
  if (!type.startsWith('multipart/form-data')) return { body: JSON.parse(buf.toString('utf8')) as Json, files: [] };
  const form = await new Response(new Uint8Array(buf), { headers: { 'content-type': type } }).formData();
  let body: Json | undefined;
  const files: RecordedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (field === 'payload_json') body = JSON.parse(String(value)) as Json;
    else if (typeof value !== 'string') files.push({ field, filename: value.name, size: value.size, data: Buffer.from(await value.arrayBuffer()) });
  }
  return { body, files };
}
