/**
 * deploy/stammtisch.service, the systemd unit of docs/operations.md: `systemd-analyze verify` accepts it without a
 * word. verify fails (exit 1) when ExecStart's program does not resolve on this machine as systemd would resolve it
 * (`node` through systemd's fixed search path), but only warns, exiting 0, about an unknown key or a bad value, so a
 * warning fails the test too (the last case shows it would). The unit runs what `npm start` runs, gives the bot's
 * graceful shutdown more time than the bot allows itself, and lets it write where the default DATA_FILE lives.
 * No skipping: without systemd-analyze the test fails, and .ci/run installs it (Debian's `systemd` package).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const UNIT = join(ROOT, 'deploy/stammtisch.service');
const text = readFileSync(UNIT, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'stammtisch-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `systemd-analyze verify <file>`: its exit code and everything it printed. Throws when systemd-analyze is missing. */
function verify(file: string): { code: number | null; out: string } {
  const run = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
  if (run.error) throw new Error(`systemd-analyze could not run (${run.error.message}): install Debian's systemd package, as .ci/run does`);
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The value of `key` in the unit's [Service] section (the last one set, as systemd reads it). */
function service(key: string): string | undefined {
  const section = text.split(/^\[Service\]$/m)[1]?.split(/^\[/m)[0] ?? '';
  return [...section.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].at(-1)?.[1];
}

it('passes systemd-analyze verify without an error or a warning', () => {
  expect(verify(UNIT)).toEqual({ code: 0, out: '' });
});

it('runs what npm start runs, directly, with Restart=on-failure', () => {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
  expect(start).toMatch(/^node (--[\w-]+=\S+ )*dist\/index\.js$/);
  expect(service('ExecStart')).toBe(start);
  expect(service('Restart')).toBe('on-failure');
});

it('waits longer for a stop than the bot takes for its graceful shutdown', () => {
  const limitMs = Number(/^const SHUTDOWN_LIMIT_MS = ([\d_]+);$/m.exec(readFileSync(join(ROOT, 'src/index.ts'), 'utf8'))?.[1]?.replaceAll('_', ''));
  expect(limitMs).toBeGreaterThan(0);
  expect(service('KillSignal')).toBe('SIGTERM');
  expect(Number(/^(\d+)s$/.exec(service('TimeoutStopSec') ?? '')?.[1]) * 1000).toBeGreaterThan(limitMs);
});

it('may write only the folder of the default DATA_FILE under its working directory', () => {
  expect(service('ProtectSystem')).toBe('strict');
  expect(service('ReadWritePaths')).toBe(join(service('WorkingDirectory') ?? '', dirname(loadConfig({}).DATA_FILE)));
  expect(service('NoNewPrivileges')).toBe('yes');
});

it('would fail on a misspelt key or an ExecStart that does not resolve', () => {
  const misspelt = join(dir, 'misspelt.service');
  writeFileSync(misspelt, text.replace('ProtectSystem=', 'ProtectSytem='));
  expect(verify(misspelt).out).toContain("Unknown key 'ProtectSytem'");
  const missing = join(dir, 'missing.service');
  writeFileSync(missing, text.replace('ExecStart=node ', 'ExecStart=no-such-node '));
  expect(verify(missing)).toMatchObject({ code: 1, out: expect.stringContaining('no-such-node is not executable') });
});
