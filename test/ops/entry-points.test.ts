/**
 * The entry points as a new user runs them, each in a fresh directory and an environment that holds none of the
 * bot's variables. `npm start` from the README's first steps, literally: `cp .env.example .env`, put the token in
 * (and the fake's DISCORD_API_URL), so every other empty line of .env.example reaches the process as written.
 * `npm run deploy-commands`: registers in the server, and says "cannot reach Discord" when nothing answers.
 * `npm start` itself: the build `npm ci` makes, run with its V8 flags, logs in.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { V8_FLAGS } from '../../src/entry.ts';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';
import { refusingPort } from '../support/redis-server.ts';

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

/** Only what a shell needs, none of the bot's variables. */
const bareEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => ['PATH', 'HOME', 'TMPDIR', 'LANG'].includes(k)));

/** Run an entry point of src/ to its end in `cwd` with `env`; its exit code and everything it printed. */
async function run(entry: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'src', entry)], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, out };
}

it('starts from a .env copied from .env.example with only the token filled in', async () => {
  fake = await startFakeDiscord();
  dir = await mkdtemp(join(tmpdir(), 'stammtisch-env-'));
  // DISCORD_API_URL points the bot at the fake Discord; every other line stays as .env.example has it.
  await writeFile(join(dir, '.env'), await envFromExample({ DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl }));
  const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'src/index.ts')], {
    cwd: dir,
    env: bareEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  try {
    await fake.waitFor(() => fake!.connectedBots() > 0 || child.exitCode !== null, 30_000);
    expect(child.exitCode, out).toBeNull();
    expect(fake.connectedBots()).toBe(1);
    expect(fake.identifies.at(-1)).toEqual([0, 1]);
    // Not a terminal: JSON lines, and the one that says who logged in where.
    await fake.waitFor(() => out.includes('logged in as'), 10_000);
    const loggedIn = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string })
      .find((l) => l.msg.startsWith('logged in as'));
    expect(loggedIn?.msg).toBe(`logged in as ${fake.botUser.username}, in 1 server`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
});

it('deploy-commands registers every command in the server named by DISCORD_GUILD_ID', async () => {
  fake = await startFakeDiscord();
  dir = await mkdtemp(join(tmpdir(), 'stammtisch-deploy-'));
  const env = {
    ...bareEnv(),
    DISCORD_TOKEN: fake.token,
    DISCORD_CLIENT_ID: fake.applicationId,
    DISCORD_GUILD_ID: fake.guildId,
    DISCORD_API_URL: fake.apiUrl,
  };
  const { code, out } = await run('deploy-commands.ts', dir, env);
  expect(code, out).toBe(0);
  expect(out).toMatch(new RegExp(`^Registered ${fake.commands.length} commands in server ${fake.guildId}\\.$`, 'm'));
  expect(fake.commands.map((c) => c.name)).toContain('table');
});

it("deploy-commands registers globally and keeps the Activity's Entry Point command Discord added", async () => {
  fake = await startFakeDiscord();
  const launch = fake.addEntryPoint();
  dir = await mkdtemp(join(tmpdir(), 'stammtisch-deploy-'));
  const env = { ...bareEnv(), DISCORD_TOKEN: fake.token, DISCORD_CLIENT_ID: fake.applicationId, DISCORD_API_URL: fake.apiUrl };
  for (let round = 0; round < 2; round++) {
    const { code, out } = await run('deploy-commands.ts', dir, env);
    expect(code, out).toBe(0);
    expect(out).toContain(`and kept the Activity's Entry Point command "launch".`);
    const entry = fake.commands.filter((c) => c.type === 4);
    // The same command, updated in place: its id, name, handler and contexts as Discord made them.
    expect(entry).toHaveLength(1);
    expect(entry[0]).toMatchObject({ id: launch.id, name: 'launch', description: launch.description, handler: 2, contexts: launch.contexts });
    expect(fake.commands.map((c) => c.name)).toContain('table');
  }
  expect(fake.violations).toEqual([]);
});

it('the fake, as Discord documents it: a bulk overwrite without the Entry Point deletes it; no Entry Point in a server', async () => {
  fake = await startFakeDiscord();
  fake.addEntryPoint();
  const headers = { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' };
  const put = (path: string, body: unknown) => fetch(`${fake!.apiUrl}/v10${path}`, { method: 'PUT', headers, body: JSON.stringify(body) });
  const table = { name: 'table', description: 'A table', type: 1 };
  const inGuild = await put(`/applications/${fake.applicationId}/guilds/${fake.guildId}/commands`, [table, { ...fake.commands[0], id: undefined }]);
  expect(inGuild.status).toBe(400);
  expect(((await inGuild.json()) as { code: number }).code).toBe(50035);
  expect(fake.commands.filter((c) => c.type === 4)).toHaveLength(1);
  const dropped = await put(`/applications/${fake.applicationId}/commands`, [table]);
  expect(dropped.status).toBe(200);
  expect(fake.commands.filter((c) => c.type === 4)).toEqual([]);
});

it('deploy-commands says it cannot reach Discord when nothing answers', async () => {
  dir = await mkdtemp(join(tmpdir(), 'stammtisch-deploy-'));
  const api = `http://127.0.0.1:${await refusingPort()}`;
  const env = { ...bareEnv(), DISCORD_TOKEN: 'x', DISCORD_CLIENT_ID: '123', DISCORD_GUILD_ID: '456', DISCORD_API_URL: api };
  const { code, out } = await run('deploy-commands.ts', dir, env);
  expect(code).toBe(1);
  expect(out).toContain(`cannot reach Discord at ${api}`);
  expect(out).not.toMatch(/is the bot in that server/);
});

it('npm start says it cannot reach Discord when nothing answers', async () => {
  dir = await mkdtemp(join(tmpdir(), 'stammtisch-env-'));
  const api = `http://127.0.0.1:${await refusingPort()}`;
  const { code, out } = await run('index.ts', dir, { ...bareEnv(), DISCORD_TOKEN: 'x', DISCORD_API_URL: api });
  expect(code).toBe(1);
  expect(out).toContain(`Could not start: cannot reach Discord at ${api}`);
});

it('npm start runs the build that npm ci makes (npm run build), with its V8 flags, and logs in', async () => {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.prepare?.split(' && ')).toContain('npm run build'); // npm ci runs it
  const [node, ...words] = pkg.scripts.start!.split(' ');
  expect(node).toBe('node');
  expect(words.slice(0, -1)).toEqual(V8_FLAGS); // the shards of npm run start:sharded get the same (src/entry.ts)
  await new Promise<void>((resolve, reject) =>
    execFile('npm', ['run', 'build'], { cwd: ROOT }, (err, _out, stderr) => (err ? reject(new Error(stderr)) : resolve())),
  );
  fake = await startFakeDiscord();
  dir = await mkdtemp(join(tmpdir(), 'stammtisch-build-'));
  const env = { ...bareEnv(), DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl };
  const child = spawn(process.execPath, [...words.slice(0, -1), join(ROOT, words.at(-1)!)], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  try {
    await fake.waitFor(() => out.includes('logged in as') || child.exitCode !== null, 30_000);
    expect(child.exitCode, out).toBeNull();
    expect(out).toContain(`logged in as ${fake.botUser.username}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
});
