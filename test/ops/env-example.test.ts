/**
 * The README's first steps, literally: `cp .env.example .env`, put the token in, `npm start`. The bot is started
 * in a fresh directory whose .env is .env.example with only DISCORD_TOKEN (and the fake's DISCORD_API_URL) filled
 * in, and an environment that holds none of the bot's variables, so every other empty line of .env.example
 * reaches the process as written.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

let fake: FakeDiscord | null = null;
let dir: string | null = null;
afterEach(async () => {
  await fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  fake = dir = null;
});

/** .env.example with `values` put after their `NAME=` lines, everything else untouched. */
async function envFromExample(values: Record<string, string>): Promise<string> {
  const example = await readFile(join(ROOT, '.env.example'), 'utf8');
  let text = example;
  for (const [name, value] of Object.entries(values)) {
    expect(text, `.env.example has an empty ${name}= line`).toMatch(new RegExp(`^${name}=$`, 'm'));
    text = text.replace(new RegExp(`^${name}=$`, 'm'), `${name}=${value}`);
  }
  return text;
}

it('starts from a .env copied from .env.example with only the token filled in', async () => {
  fake = await startFakeDiscord();
  dir = await mkdtemp(join(tmpdir(), 'stammtisch-env-'));
  // DISCORD_API_URL points the bot at the fake Discord; every other line stays as .env.example has it.
  await writeFile(join(dir, '.env'), await envFromExample({ DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl }));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => ['PATH', 'HOME', 'TMPDIR', 'LANG'].includes(k)));
  const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'src/index.ts')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  try {
    await fake.waitFor(() => fake!.connectedBots() > 0 || child.exitCode !== null, 30_000);
    expect(child.exitCode, out).toBeNull();
    expect(fake.connectedBots()).toBe(1);
    expect(fake.identifies.at(-1)).toEqual([0, 1]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
});
