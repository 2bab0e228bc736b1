/**
 * Configuration from the environment (.env is loaded by the entry points). Every variable is listed,
 * with comments, in .env.example.
 */
import { z } from 'zod';

/**
 * `SHARD_LIST`: shard ids as `0,1`, `0-3` or `0-3,6` → the sorted, distinct ids. Adds an issue (and returns
 * `z.NEVER`) on anything else.
 */
function parseShardList(value: string, ctx: z.core.$RefinementCtx<string>): number[] {
  const ids = new Set<number>();
  for (const part of value.split(',').map((p) => p.trim())) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    const [from, to] = range ? [Number(range[1]), Number(range[2] ?? range[1])] : [NaN, NaN];
    if (!range || to < from || to - from > 10_000) {
      ctx.addIssue({ code: 'custom', message: `SHARD_LIST must list shard ids like 0,1 or 0-3 (got "${part}")`, input: value });
      return z.NEVER;
    }
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** A REST proxy's base URL, ending in `/api` as @discordjs/proxy expects (`http://host:8080` gets `/api` added). */
const proxyUrl = z.url({ protocol: /^https?$/, error: 'REST_PROXY_URL must look like http://10.0.0.5:8080/api' }).transform((v) => {
  const url = new URL(v);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/api') ? path : `${path}/api`;
  return url.toString().replace(/\/$/, '');
});

const schema = z
  .object({
    DISCORD_TOKEN: z.string().trim().optional(),
    DISCORD_CLIENT_ID: z.string().trim().regex(/^\d+$/, 'DISCORD_CLIENT_ID must be the numeric application id').optional(),
    DISCORD_GUILD_ID: z.string().trim().regex(/^\d+$/, 'DISCORD_GUILD_ID must be a numeric server id').optional(),
    DISCORD_API_URL: z.url().optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must look like redis://host:6379 (or rediss:// for TLS)' }).optional(),
    REDIS_CLUSTER_NODES: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^rediss?$/, error: 'REDIS_CLUSTER_NODES must list redis://host:port URLs, comma-separated' })).min(1))
      .optional(),
    SHARD_COUNT: z.coerce.number().int().min(1).max(10_000).optional(),
    SHARD_LIST: z.string().transform(parseShardList).optional(),
    REST_PROXY_URL: proxyUrl.optional(),
    REST_PROXY_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    REST_PROXY_HOST: z.string().trim().default('127.0.0.1'),
    DATA_FILE: z.string().default('data/stammtisch.sqlite'),
    KEY_PREFIX: z
      .string()
      .regex(/^[\w.-]+$/)
      .default('stammtisch'),
    BOT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
    BOT_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
    PING_QUIET_S: z.coerce.number().int().min(0).max(86_400).default(60),
    TIMER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
    STARTUP_RETRY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 3600_000)
      .default(180_000),
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    METRICS_HOST: z.string().trim().default('0.0.0.0'),
    RATE_LIMIT_ACTIONS: z.coerce.number().int().min(0).max(1000).default(8),
    RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(3600).default(4),
    CARD_COLOURS: z.enum(['two', 'four']).default('two'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The web table (docs/web-table.md): on only when PUBLIC_URL, WEB_PORT, DISCORD_CLIENT_SECRET and WEB_SESSION_SECRET are all set.
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'PUBLIC_URL must look like https://cards.example.org (the address browsers reach the bot at)' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    WEB_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    WEB_HOST: z.string().trim().default('0.0.0.0'),
    DISCORD_CLIENT_SECRET: z.string().trim().min(1).optional(),
    WEB_SESSION_SECRET: z.string().trim().min(32, 'WEB_SESSION_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
    ACTIVITY_ENABLED: z.stringbool().default(false),
    WEB_RATE_FRAMES: z.coerce.number().int().min(1).max(100_000).default(20),
    WEB_RATE_TOKEN: z.coerce.number().int().min(1).max(100_000).default(20),
  })
  .superRefine((c, ctx) => {
    const web = {
      PUBLIC_URL: c.PUBLIC_URL,
      WEB_PORT: c.WEB_PORT,
      DISCORD_CLIENT_SECRET: c.DISCORD_CLIENT_SECRET,
      WEB_SESSION_SECRET: c.WEB_SESSION_SECRET,
    };
    const missing = Object.entries(web)
      .filter(([, v]) => v === undefined)
      .map(([k]) => k);
    if (missing.length > 0 && missing.length < 4)
      ctx.addIssue({
        code: 'custom',
        path: [missing[0] as string],
        message: `the web table needs ${missing.join(', ')} as well (or none of its settings)`,
      });
    if (!c.SHARD_LIST) return;
    if (c.SHARD_COUNT === undefined)
      ctx.addIssue({ code: 'custom', path: ['SHARD_COUNT'], message: 'SHARD_LIST needs SHARD_COUNT: the number of shards on all hosts together' });
    else if (c.SHARD_LIST.some((id) => id >= c.SHARD_COUNT!))
      ctx.addIssue({
        code: 'custom',
        path: ['SHARD_LIST'],
        message: `SHARD_LIST names shard ids from 0 to SHARD_COUNT - 1 (${c.SHARD_COUNT - 1}); got ${c.SHARD_LIST.join(',')}`,
      });
  });

export type Config = z.infer<typeof schema>;

/** The web table's settings (docs/web-table.md), or null when it is off (any of them unset). */
export interface WebSettings {
  publicUrl: string;
  port: number;
  host: string;
  clientSecret: string;
  sessionSecret: string;
  /** The application has Activities enabled: Open table launches the Activity instead of answering with the link. */
  activity: boolean;
  /** Frames a socket may send in 5 seconds before it is closed as a flood. */
  rateFrames: number;
  /** Activity code exchanges (`POST /api/activity/token`) one client address may ask in a minute; more are answered 429. */
  rateToken: number;
}

/** The web table's settings of `config`, or null when it is off. */
export function webSettings(config: Config): WebSettings | null {
  const { PUBLIC_URL, WEB_PORT, DISCORD_CLIENT_SECRET, WEB_SESSION_SECRET } = config;
  if (PUBLIC_URL === undefined || WEB_PORT === undefined || DISCORD_CLIENT_SECRET === undefined || WEB_SESSION_SECRET === undefined) return null;
  return {
    publicUrl: PUBLIC_URL,
    port: WEB_PORT,
    host: config.WEB_HOST,
    clientSecret: DISCORD_CLIENT_SECRET,
    sessionSecret: WEB_SESSION_SECRET,
    activity: config.ACTIVITY_ENABLED,
    rateFrames: config.WEB_RATE_FRAMES,
    rateToken: config.WEB_RATE_TOKEN,
  };
}

/** Parse the environment; empty strings count as unset. Throws a readable error on a malformed value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) throw new Error(`Bad configuration:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The configuration, or exit with the readable reason (for the command-line entry points). */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

/** What to put in .env when the token is missing. */
export const MISSING_TOKEN_HELP = `DISCORD_TOKEN is not set.
Create a file named .env next to package.json (copy .env.example) and put in it:

  DISCORD_TOKEN=<your bot token from https://discord.com/developers/applications → your app → Bot → Reset Token>
  DISCORD_CLIENT_ID=<the Application ID from General Information>

Then run \`npm run deploy-commands\` once and \`npm start\`.`;
