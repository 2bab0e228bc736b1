/**
 * A table's house rules: the game's declared options (`GameDefinition.options`) with the values a table was opened with.
 */
import { defaultOptions, type TableGame } from './games.ts';
import { Refusal } from '../refusal.ts';

/**
 * The game's options: its defaults overridden by `given`. Throws `Refusal('bad_input')` for an option of
 * another game or a value outside the option's limits.
 */
export function resolveOptions(game: Pick<TableGame, 'id' | 'name' | 'options'>, given: Record<string, unknown>): Record<string, unknown> {
  const options = defaultOptions(game);
  for (const [key, value] of Object.entries(given)) {
    const spec = game.options.find((o) => o.key === key);
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

/**
 * The options of a stored game or replay file: `resolveOptions` for the players' options, and the game's fixed
 * options (`GameDefinition.fixedOptions`) as the game was played with them — kept when given (switches), not added
 * when absent, so a game played before one came replays by the older rule. Throws `Refusal('bad_input')` like
 * `resolveOptions`, and for a fixed option that is not on or off.
 */
export function resolveStoredOptions(
  game: Pick<TableGame, 'id' | 'name' | 'options' | 'fixedOptions'>,
  given: Record<string, unknown>,
): Record<string, unknown> {
  const fixed = Object.entries(given).filter(([key]) => key in game.fixedOptions);
  const options = resolveOptions(game, Object.fromEntries(Object.entries(given).filter(([key]) => !(key in game.fixedOptions))));
  for (const [key, value] of fixed) {
    if (typeof value !== 'boolean') throw new Refusal('bad_input', 'refusal.option_switch', { option: { key: `${game.id}:option.${key}` } });
    options[key] = value;
  }
  return options;
}
