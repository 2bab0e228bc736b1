/**
 * A table's house rules: the game's declared options (`GameDefinition.options`) with the values a table was opened with.
 */
import { defaultOptions, type TableGame } from './games.ts';
import { Refusal } from '../refusal.ts';

/**
 * The game's options: its defaults overridden by `given`. `given` may also hold the game's fixed options (a stored
 * game's, or a replay file's: `GameDefinition.fixedOptions`) as switches; they are not added when absent — a game
 * gets them when it starts (`TableService.start`). Throws `Refusal('bad_input')` for an option of another game or a value
 * outside the option's limits.
 */
export function resolveOptions(
  game: Pick<TableGame, 'id' | 'name' | 'options'> & { fixedOptions?: TableGame['fixedOptions'] },
  given: Record<string, unknown>,
): Record<string, unknown> {
  const options = defaultOptions(game);
  for (const [key, value] of Object.entries(given)) {
    const spec =
      game.options.find((o) => o.key === key) ??
      (game.fixedOptions && key in game.fixedOptions ? { key, type: 'boolean' as const, default: false } : undefined);
    if (!spec) throw new Refusal('bad_input', 'refusal.no_option', { game: game.name, option: key });
    const step = spec.type === 'integer' ? (spec.step ?? 1) : 1;
    const ok =
      spec.type === 'boolean'
        ? typeof value === 'boolean'
        : Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max && ((value as number) - spec.min) % step === 0;
    const option = { key: `${game.id}:option.${key}` };
    if (!ok)
      throw new Refusal(
        'bad_input',
        spec.type === 'boolean' ? 'refusal.option_switch' : step > 1 ? 'refusal.option_steps' : 'refusal.option_range',
        spec.type === 'boolean' ? { option } : { option, min: spec.min, max: spec.max, step },
      );
    options[key] = value;
  }
  return options;
}
