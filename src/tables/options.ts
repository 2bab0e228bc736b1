/**
 * A table's house rules: the game's declared options (`GameDefinition.options`) with the values a table was opened with.
 */
import type { OptionSpec } from '../games/types.ts';
import { defaultOptions, type TableGame } from './games.ts';
import { Refusal } from '../refusal.ts';

/** Whether `value` is one `spec` allows: a boolean for a switch, a whole number within limits and steps, or one of a choice's values. */
function allowed(spec: OptionSpec, value: unknown): boolean {
  if (spec.type === 'boolean') return typeof value === 'boolean';
  if (!Number.isInteger(value)) return false;
  const n = value as number;
  if (spec.type === 'choice') return spec.values.includes(n);
  return n >= spec.min && n <= spec.max && (n - spec.min) % (spec.step ?? 1) === 0;
}

/** The refusal for a value `spec` does not allow, naming the option by its label in the reader's language. */
function refusal(game: Pick<TableGame, 'id'>, spec: OptionSpec): Refusal {
  const option = { key: `${game.id}:option.${spec.key}` };
  if (spec.type === 'boolean') return new Refusal('bad_input', 'refusal.option_switch', { option });
  if (spec.type === 'choice') return new Refusal('bad_input', 'refusal.option_choice', { option, values: spec.values.join(', ') });
  const step = spec.step ?? 1;
  return new Refusal('bad_input', step > 1 ? 'refusal.option_steps' : 'refusal.option_range', { option, min: spec.min, max: spec.max, step });
}

/**
 * The game's options: its defaults overridden by `given`. Throws `Refusal('bad_input')` for an option of
 * another game or a value the option does not allow (outside its limits, or not one of its choices).
 */
export function resolveOptions(game: Pick<TableGame, 'id' | 'name' | 'options'>, given: Record<string, unknown>): Record<string, unknown> {
  const options = defaultOptions(game);
  for (const [key, value] of Object.entries(given)) {
    const spec = game.options.find((o) => o.key === key);
    if (!spec) throw new Refusal('bad_input', 'refusal.no_option', { game: game.name, option: key });
    if (!allowed(spec, value)) throw refusal(game, spec);
    options[key] = value;
  }
  return options;
}

/**
 * The options of a stored game or replay file: `resolveOptions` for the players' options, and the game's fixed
 * options (`GameDefinition.fixedOptions`) as the game was played with them — kept when given (switches), not added
 * when absent, so a game played before one came replays by the older rule; a choice narrowed from a range
 * (`stored`) takes any whole number of that range. Throws `Refusal('bad_input')` like `resolveOptions`, and for a
 * fixed option that is not on or off.
 */
export function resolveStoredOptions(
  game: Pick<TableGame, 'id' | 'name' | 'options' | 'fixedOptions'>,
  given: Record<string, unknown>,
): Record<string, unknown> {
  const fixed = Object.entries(given).filter(([key]) => key in game.fixedOptions);
  // A choice narrowed from a range takes what a game stored before may hold (e.g. a Rommé penalty limit of 300).
  const storedGame = {
    ...game,
    options: game.options.map((o) => (o.type === 'choice' && o.stored ? { ...o, type: 'integer' as const, ...o.stored } : o)),
  };
  const options = resolveOptions(storedGame, Object.fromEntries(Object.entries(given).filter(([key]) => !(key in game.fixedOptions))));
  for (const [key, value] of fixed) {
    if (typeof value !== 'boolean') throw new Refusal('bad_input', 'refusal.option_switch', { option: { key: `${game.id}:option.${key}` } });
    options[key] = value;
  }
  return options;
}
