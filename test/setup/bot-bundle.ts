/**
 * Vitest global set-up: bundle the entry points that tests run as child processes (src/index.ts, the warm-spare
 * preload test/support/bot-gate.ts, the ledger crash child test/support/ledger-child.ts) once per run with esbuild,
 * our sources only: every package stays an import of node_modules. A child then starts with plain `node` instead
 * of `node --import tsx`, whose loader hooks sit in front of every module discord.js and the rest load (about half
 * of a child's start-up CPU; the chaos tests start over a hundred). esbuild is the compiler tsx uses, so the code
 * that runs is the same. The bundle lives in node_modules/.cache for the run (imports of packages resolve from
 * there) and is removed afterwards. Tests find the files with `bundledEntry` (test/support/bundle.ts).
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { BUNDLED_ENTRIES } from '../support/bundle.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export default async function bundleBot(project: TestProject): Promise<() => Promise<void>> {
  const dir = join(ROOT, 'node_modules', '.cache', 'stammtisch-test', `${process.pid}-${Date.now().toString(36)}`);
  await mkdir(dir, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: [...BUNDLED_ENTRIES],
    outdir: dir,
    outbase: '.',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  project.provide('botBundle', dir);
  return () => rm(dir, { recursive: true, force: true });
}
