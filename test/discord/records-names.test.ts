/**
 * Player names in the record renderers: markdown in a name stays text, long names are cut between characters.
 */
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.ts';
import { dealLines, resultLine } from '../../src/discord/render/deals.ts';
import { clip } from '../../src/discord/kit/format.ts';
import { historyLine } from '../../src/discord/render/records/history.ts';
import { toRecord } from '../../src/records/book.ts';
import { playFinished } from '../records/played.ts';

const LINK = '[x](https://e.example)';

describe('names in record lines', () => {
  it('a name with markdown is escaped in deal lines and history lines', () => {
    const { finished } = playFinished('romme', 2, 'names-1');
    finished.seats[0]!.name = LINK;
    const record = toRecord(finished, 'UTC');
    const lines = [...dealLines(ENGLISH, record), historyLine(ENGLISH, record, 'UTC')];
    // A masked link renders only unescaped: every "[x](" must come after a backslash.
    for (const line of lines) expect(line).not.toMatch(/(^|[^\\])\[x\]\(/);
    expect(lines.filter((l) => l.includes('\\[x]')).length).toBeGreaterThan(1);
  });

  it('marks computer players in the result line and says "1 game point" in the singular', () => {
    const { finished } = playFinished('dreierles', 3, 'names-2');
    const record = toRecord(finished, 'UTC');
    const line = resultLine(ENGLISH, record);
    for (const o of record.outcomes) expect(line).toContain(o.bot ? `🤖 ${o.name}` : o.name);
    expect(line).not.toMatch(/[+−-]1 game points/);
  });

  it('clip cuts between graphemes and marks the cut', () => {
    const cut = clip('🃏'.repeat(10), 6);
    expect(cut).toBe('🃏🃏…');
    expect(clip('Anna', 6)).toBe('Anna');
    expect(clip('Müller-Lüdenscheidt', 8)).toBe('Müller-…');
  });
});
