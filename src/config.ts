/**
 * Configuration from the environment (.env is loaded by the entry points). Every variable is listed,
 * with comments, in .env.example.
 */
import { z } from 'zod';

const schema = z.object({
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
  DATA_FILE: z.string().default('data/stammtisch.sqlite'),
  KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/)
    .default('stammtisch'),
  BOT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
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
});

export type Config = z.infer<typeof schema>;

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
