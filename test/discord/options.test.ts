/**
 * Every table option as players meet it, for every game and in both languages: `/rules` lists each one by its name
 * in `/table new`, with what it does, what it may be and its default, and the turn timer; the lobby shows each one
 * with the table's value, a choice by its name (a penalty limit of 0 is "off").
 */
import { describe, expect, it } from 'vitest';
import { findUi } from '../../src/discord/games/index.ts';
import { formatOption } from '../../src/discord/options.ts';
import { renderLobby } from '../../src/discord/render/lobby.ts';
import type { OptionSpec } from '../../src/games/types.ts';
import { LANGS, localeOf } from '../../src/i18n/index.ts';
import { defaultOptions, GAMES, gameById, type TableGame } from '../../src/tables/games.ts';
import type { TableRecord } from '../../src/tables/types.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every string a payload shows: content, embed titles, descriptions and fields. */
function shown(payload: unknown): string {
  const body: Json = JSON.parse(JSON.stringify(payload));
  const embeds = (body.embeds ?? []) as Json[];
  return [body.content ?? '', ...embeds.flatMap((e) => [e.title, e.description, ...(e.fields ?? []).flatMap((f: Json) => [f.name, f.value])])]
    .filter(Boolean)
    .join('\n');
}

/** A lobby of `game` with one person seated and the given options. */
const lobby = (game: TableGame, options: Record<string, unknown>): TableRecord => ({
  id: 'abcdef1234',
  channelId: '1',
  guildId: '2',
  game: game.id,
  options,
  seats: [{ userId: '100000000000000000', name: 'Anna' }],
  hostId: '100000000000000000',
  status: 'lobby',
  version: 0,
  createdAt: 0,
  startedAt: null,
  updatedAt: 0,
  turnTimer: 0,
  deadline: null,
  messageId: null,
  seed: 'seed',
  moves: [],
  state: null,
});

/** A value other than the default: a switch turned, a number one step up, a choice's last value. */
function otherValue(spec: OptionSpec): boolean | number {
  if (spec.type === 'boolean') return !spec.default;
  if (spec.type === 'choice') return spec.values.at(-1)!;
  return spec.default + (spec.step ?? 1) <= spec.max ? spec.default + (spec.step ?? 1) : spec.min;
}

describe.each(LANGS)('table options in %s', (lang) => {
  const loc = localeOf(lang);

  it.each(GAMES.map((g) => [g.id, g] as const))('/rules %s lists every option: its name, what it does and its default', (id, game) => {
    const text = shown(findUi(id)!.rules(loc));
    expect(text).toContain(`/${loc.t('commands:table.name')} ${loc.t('commands:table.new.name')} ${id}`);
    for (const spec of game.options) {
      const name = loc.t(`commands:table.new.option.${spec.key}.name`);
      const line = text.split('\n').find((l) => l.startsWith(`\`${name}\` — `));
      expect(line, spec.key).toBeDefined();
      expect(line).toContain(loc.t(`${id}:option.${spec.key}`));
      expect(line).toContain(`**${formatOption(loc, game, spec, spec.default)}**`);
      if (spec.type === 'choice') for (const v of spec.values) expect(line).toContain(formatOption(loc, game, spec, v));
      if (spec.type === 'integer') expect(line).toContain(`${loc.number(spec.min)}–${loc.number(spec.max)}`);
    }
    expect(text).toContain(`\`${loc.t('commands:table.new.turn_timer.name')}\` — `);
  });

  it.each(GAMES.map((g) => [g.id, g] as const))('the %s lobby shows every option with the table’s value', (_id, game) => {
    const options = Object.fromEntries(game.options.map((o) => [o.key, otherValue(o)]));
    const text = shown(renderLobby(loc, lobby(game, { ...defaultOptions(game), ...options }), game));
    for (const spec of game.options)
      expect(text).toContain(
        loc.t('lobby.option', { label: loc.t(`${game.id}:option.${spec.key}`), value: formatOption(loc, game, spec, options[spec.key]) }),
      );
  });

  it('names a choice’s value by its words, and a value outside the choices by its number', () => {
    const romme = gameById('romme')!;
    const limit = romme.options.find((o) => o.key === 'penaltyLimit')!;
    expect(formatOption(loc, romme, limit, 0)).toBe(lang === 'de' ? 'aus' : 'off');
    expect(formatOption(loc, romme, limit, 500)).toBe(lang === 'de' ? '500 (die übliche Grenze)' : '500 (the usual limit)');
    expect(formatOption(loc, romme, limit, 1200)).toBe(loc.number(1200));
    const text = shown(renderLobby(loc, lobby(romme, { ...defaultOptions(romme), penaltyLimit: 500 }), romme));
    expect(text).toContain(`**${lang === 'de' ? '500 (die übliche Grenze)' : '500 (the usual limit)'}**`);
  });
});
