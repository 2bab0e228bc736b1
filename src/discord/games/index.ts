/**
 * The games as the Discord side shows them: each engine joined with its UI (src/discord/games/<id>). `shown` checks
 * at registration that the UI reads the engine's own views, events, deal scores and results, and `everyGame` that
 * every game of src/tables/games.ts has a UI; the handle's functions close over the engine's types, so the rest of
 * the Discord layer renders every game alike without casting.
 */
import { dreierles } from '../../games/dreierles/index.ts';
import { reunion } from '../../games/reunion/index.ts';
import { romme } from '../../games/romme/index.ts';
import type { GameDefinition } from '../../games/types.ts';
import type { GameId } from '../../tables/games.ts';
import { dreierlesUi } from './dreierles/index.ts';
import { reunionUi } from './reunion/index.ts';
import { rommeUi } from './romme/index.ts';
import type { GameUi } from './types.ts';

/** A game's UI over the engine's values as stored and passed on (views, events, deal scores, results of this game only). */
export type ShownGame = GameUi<unknown, unknown, unknown, unknown>;

/** Join an engine with its UI (see `ShownGame`). */
function shown<S, M, V, O, E, R, D, Id extends GameId>(
  engine: GameDefinition<S, M, V, O, E, R, D, Id>,
  ui: GameUi<V, E, D, R>,
): readonly [Id, ShownGame] {
  // The one place a value of this game becomes its engine's type again: the table layer and the records hand the
  // UI only views, events, deals and results that this game's engine made.
  const own = <T>(value: unknown): T => value as T;
  return [
    engine.id,
    {
      table: (loc, view, names, mentions) => ui.table(loc, own<V>(view), names, mentions),
      result: (loc, view, names) => ui.result(loc, own<V>(view), names),
      hand: (loc, view, names, stamp, selection, note) => ui.hand(loc, own<V>(view), names, stamp, selection, note),
      parse: (loc, payload, view, values) => ui.parse(loc, payload, own<V>(view), values),
      narrate: (loc, events, names, view) => ui.narrate(loc, own<E[]>(events), names, own<V>(view)),
      opening: (loc, view, names) => ui.opening(loc, own<V>(view), names),
      rules: ui.rules,
      refusal: ui.refusal,
      toAct: (view) => ui.toAct(own<V>(view)),
      picture: (view, names) => ui.picture(own<V>(view), names),
      records: {
        unit: ui.records.unit,
        column: ui.records.column,
        penalty: ui.records.penalty,
        dealLine: (loc, deal, names) => ui.records.dealLine(loc, own<D>(deal), names),
        resultLine: (loc, order, result) => ui.records.resultLine(loc, order, own<R>(result)),
        countsLine: (loc, counts) => ui.records.countsLine(loc, counts),
      },
    },
  ];
}

/** `list` when it shows every game the bot runs; otherwise a type error naming the game without a UI. */
function everyGame<const T extends readonly (readonly [GameId, ShownGame])[]>(
  list: T & ([Exclude<GameId, T[number][0]>] extends [never] ? unknown : { withoutUi: Exclude<GameId, T[number][0]> }),
): T {
  return list;
}

const UIS = new Map<string, ShownGame>(everyGame([shown(reunion, reunionUi), shown(dreierles, dreierlesUi), shown(romme, rommeUi)]));

/** The UI of a game, or undefined for a game the bot does not run. */
export const findUi = (game: string): ShownGame | undefined => UIS.get(game);

/** The UI of a game; throws if the game has none. */
export function uiFor(game: GameId): ShownGame {
  const ui = UIS.get(game);
  if (!ui) throw new Error(`No Discord UI for ${game}`);
  return ui;
}
