/**
 * Loads `.env` into `process.env` for the command-line entry points, then removes every variable whose value is
 * empty or blank. `.env.example` promises that an empty value counts as unset; discord.js reads some variables
 * (`SHARD_COUNT`, `SHARDS`) from `process.env` itself and refuses an empty one, so they must be gone, not "".
 * Import it first: `import './env.ts';`.
 */
import { config } from 'dotenv';

config({ quiet: true });
for (const [name, value] of Object.entries(process.env)) if (value !== undefined && value.trim() === '') delete process.env[name];
