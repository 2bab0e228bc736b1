/**
 * A redis-server of the test's own, on a spare port, that the test can stop and start again (an outage). Data is
 * kept in an append-only file in a temporary directory, so it survives the restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';

/** The binary (REDIS_SERVER overrides; Debian's package installs /usr/bin/redis-server). */
const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

/** A port nobody listens on now. */
export async function sparePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A port below 1024 that refuses connections now. Other tests take spare ports from the ephemeral range, which never
 * includes these, so nothing starts answering on it while a test counts on "nothing answers".
 */
export async function refusingPort(): Promise<number> {
  for (const port of [9, 19, 39, 47, 61, 101]) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(false)));
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
    });
    if (refused) return port;
  }
  throw new Error('every candidate port below 1024 answers on 127.0.0.1');
}

/** A test's own Redis: `url`, `stop()` (SHUTDOWN, the AOF is flushed), `start()` again on the same port and dir. */
export class OwnRedis {
  private process: ChildProcess | null = null;
  private output = '';

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  /** Start a redis-server on a spare port with its data in a new temporary directory. */
  static async create(): Promise<OwnRedis> {
    const redis = new OwnRedis(await sparePort(), mkdtempSync(join(tmpdir(), 'stammtisch-redis-')));
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Start the server (again) and wait until it answers PING. */
  async start(): Promise<void> {
    if (this.process) throw new Error('redis-server is already running');
    const child = spawn(BINARY, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', this.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (this.output = (this.output + c.toString()).slice(-5000)));
    child.stderr?.on('data', (c: Buffer) => (this.output = (this.output + c.toString()).slice(-5000)));
    this.process = child;
    const begin = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server exited at start:\n${this.output}`);
      if (await this.ping()) return;
      if (performance.now() - begin > 10_000) throw new Error(`redis-server did not answer within 10 s:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** SHUTDOWN the server (the append-only file is written first) and wait until the process has exited. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const client = createClient({ url: this.url, socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.sendCommand(['SHUTDOWN']).catch(() => undefined); // the connection drops as the server exits
    } catch {
      child.kill('SIGTERM');
    }
    await exited;
    this.process = null;
  }

  /** Stop the server and delete its directory. */
  async destroy(): Promise<void> {
    if (this.process) {
      const child = this.process;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      this.process = null;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async ping(): Promise<boolean> {
    const client = createClient({ url: this.url, socket: { connectTimeout: 500, reconnectStrategy: false } });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      await client.quit().catch(() => undefined);
    }
  }
}
