/**
 * Computer players: one policy per game and level. A policy is pure (no Discord, storage, clock or
 * unseeded randomness): it gets only the acting seat's view — never the full state — and a decision
 * context, and returns a move that the table layer then checks and applies like any player's.
 */
/**
 * Levels a table can seat: `easy` (simple rules), `strong` (search with simple rollouts, or heuristics) and `expert`
 * (Dreierles: determinized search with an exact endgame solver; in Réunion and Rommé the strong player until an
 * expert is measured better there). Each game names its default level for Fill with bots (`GamePolicies`' game entry
 * in src/tables/games.ts).
 */
export const BOT_LEVELS = ['easy', 'strong', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Policy levels, including the `random` legal-move baseline used only to measure the others. */
export type PolicyLevel = 'random' | BotLevel;

/** Default time budget of one decision, in milliseconds (on one core of the reference machine). */
export const DEFAULT_BUDGET_MS = 300;

/** What a policy may use besides the view. */
export interface DecisionContext {
  /**
   * Seed of this decision's randomness (sampling, tie-breaks). The table layer derives it one-way from the
   * table and the move number, so it says nothing about the deal.
   */
  seed: string;
  /** Time budget in milliseconds: a search stops sampling and answers with what it has once `now()` passes start + budget. */
  budgetMs: number;
  /** A monotonic clock in milliseconds, injected so the policy stays pure. */
  now: () => number;
}

/** A policy: the acting seat's view in, a move for that seat out. Throws only on a view where the seat has no move. */
export type Policy<View, Move> = (view: View, ctx: DecisionContext) => Move;

/** The policies of one game, by level. */
export type GamePolicies<View, Move> = Record<PolicyLevel, Policy<View, Move>>;
