/**
 * The real entry point (src/index.ts) as a child process against a fake Discord, for chaos tests: start it, wait
 * until its gateway session is identified, kill it with SIGKILL at any moment. The child runs this run's bundle of
 * src/index.ts with plain `node` (test/setup/bot-bundle.ts: our sources compiled as tsx would, packages from
 * node_modules), which halves the CPU of a start-up against `node --import tsx`.
 * `prepareBot` starts a warm spare: the process loads its modules ahead (test/support/bot-gate.ts) and runs the
 * entry point only on `start()`, so a restart does not wait ~1 s (more on a busy machine) for discord.js.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FakeDiscord } from './fake-discord.ts';
import { REDIS_URL } from './bot.ts';
import { bundledEntry } from './bundle.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How a child bot ended: its exit code, or the signal that killed it. */
export interface BotExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running child bot. */
export interface BotProcess {
  child: ChildProcess;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<BotExit>;
  /** Everything the process wrote to stdout and stderr so far (the last 20,000 characters, for failure messages). */
  output(): string;
  /** SIGKILL the process; resolves once it is gone and the fake Discord has seen its gateway session close. */
  kill(): Promise<BotExit>;
}

/** A child bot whose modules are loaded, waiting to run the entry point. */
export interface PreparedBot extends BotProcess {
  /** Run src/index.ts now; resolves once its gateway session is identified (as `spawnBot`). */
  start(): Promise<BotProcess>;
}

/** Settings of a child bot. */
export interface BotProcessOptions {
  /** KEY_PREFIX of the bot (tests use `testPrefix`). */
  prefix: string;
  /** REDIS_URL (default: the tests' Redis). */
  redisUrl?: string;
  /** More environment variables (they win over the defaults). */
  env?: Record<string, string>;
  /** How long start-up may take before it fails (default 30 s: a busy machine). */
  startTimeoutMs?: number;
}

/**
 * Start `src/index.ts` with DISCORD_TOKEN / DISCORD_API_URL of `fake`, REDIS_URL, KEY_PREFIX and LOG_LEVEL=silent;
 * resolves once the fake Discord counts one more identified gateway session than before (the bot can take
 * interactions). Fails with the child's output if it exits or does not connect in time.
 */
export async function spawnBot(fake: FakeDiscord, opts: BotProcessOptions): Promise<BotProcess> {
  const proc = launch(fake, opts, false);
  await connected(fake, proc, fake.connectedBots(), opts.startTimeoutMs ?? 30_000);
  return proc;
}

/**
 * Start a warm spare: the child loads the bot's modules and waits; resolves once it is ready. Its `start()` runs
 * the entry point (configuration, storage, login — everything a cold start does after loading code).
 */
export async function prepareBot(fake: FakeDiscord, opts: BotProcessOptions): Promise<PreparedBot> {
  const proc = launch(fake, opts, true);
  const limit = opts.startTimeoutMs ?? 30_000;
  const begin = performance.now();
  while (!/^ready$/m.test(proc.output())) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`the spare bot exited while loading:\n${proc.output()}`);
    if (performance.now() - begin > limit) {
      proc.child.kill('SIGKILL');
      throw new Error(`the spare bot did not load within ${limit} ms:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return {
    ...proc,
    async start() {
      const before = fake.connectedBots();
      proc.child.stdin?.end('go\n');
      await connected(fake, proc, before, limit);
      return proc;
    },
  };
}

function launch(fake: FakeDiscord, opts: BotProcessOptions, warm: boolean): BotProcess {
  const preload = warm ? ['--import', bundledEntry('test/support/bot-gate.ts')] : [];
  const child = spawn(process.execPath, [...preload, bundledEntry('src/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      REDIS_URL: opts.redisUrl ?? REDIS_URL,
      KEY_PREFIX: opts.prefix,
      LOG_LEVEL: 'silent',
      ...opts.env,
    },
    stdio: [warm ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.stdin?.on('error', () => undefined); // the child may die before reading its go line
  const exited = new Promise<BotExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    output: () => out,
    async kill() {
      const sessions = fake.connectedBots();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const how = await exited;
      // The kernel closes the dead process's sockets; wait until the fake has noticed its gateway session end.
      await fake.waitFor(() => fake.connectedBots() < sessions || sessions === 0, 10_000);
      return how;
    },
  };
}

/** Wait until the fake counts more gateway sessions than `before`; fail with the child's output if it exits first. */
async function connected(fake: FakeDiscord, proc: BotProcess, before: number, limit: number): Promise<void> {
  const begin = performance.now();
  while (fake.connectedBots() <= before) {
    const { exitCode, signalCode } = proc.child;
    if (exitCode !== null || signalCode !== null)
      throw new Error(`the bot exited during start-up (code ${exitCode}, signal ${signalCode}):\n${proc.output()}`);
    if (performance.now() - begin > limit) {
      proc.child.kill('SIGKILL');
      throw new Error(`the bot did not connect within ${limit} ms:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}
