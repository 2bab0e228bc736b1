/**
 * File order for the test run: the files known to take longest start first, so that with one worker per core
 * the short files fill in around them instead of one long file running alone at the end. The chaos restarts
 * (about three minutes, mostly the bot's own start-ups and play between kills) lead. Every other file keeps
 * vitest's order (longest first by the last run's durations; larger files first on a fresh clone).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { relative } from 'node:path';

/** The slowest files, slowest first (paths from the repository root). */
export const LONGEST_FIRST = [
  'test/chaos/restarts.test.ts',
  'test/bots/dreierles.test.ts',
  'test/records/ledger-crash.test.ts',
  'test/bots/romme.test.ts',
  'test/bots/reunion.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const i = LONGEST_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId).replaceAll('\\', '/'));
  return i < 0 ? LONGEST_FIRST.length : i;
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
