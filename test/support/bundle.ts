/**
 * The child-process entry points bundled once per test run by test/setup/bot-bundle.ts, and where a test finds
 * them: `bundledEntry('src/index.ts')` is the path to run with plain `node` (no tsx loader in the child).
 */
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory of this run's bundle (test/setup/bot-bundle.ts). */
    botBundle: string;
  }
}

/** The entry points in the bundle, as paths from the repository root. */
export const BUNDLED_ENTRIES = ['src/index.ts', 'test/support/bot-gate.ts', 'test/support/ledger-child.ts', 'test/support/events-child.ts'] as const;

/** Absolute path of the bundled `entry` (a JavaScript ES module that imports packages from node_modules). */
export function bundledEntry(entry: (typeof BUNDLED_ENTRIES)[number]): string {
  return join(inject('botBundle'), entry.replace(/\.ts$/, '.js'));
}
