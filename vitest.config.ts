import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/setup/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/redis.ts', 'test/setup/bot-bundle.ts'],
    // At least two files at once (vitest's default, one per core less one, runs the files one by one on 2 cores).
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    sequence: { sequencer: LongestFirstSequencer },
    // Safety nets, not speed checks: the heaviest files (seeded playouts, the fuzz run) take 25-60 CPU-s on a busy
    // 2-core machine, and a timeout there would fail a suite that is right.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
