/**
 * The `/rules game:reunion` summary. Rule source: docs/rules/reunion.md.
 */
export const REUNION_RULES = `**Réunion** — 3 players, 32 cards (A 10 K Q J 9 8 7), three deals.
**Trumps**: the bottom card is turned up; its suit is trump. The jack of trumps (**right bower**) is the highest trump, the other jack of the same colour (**left bower**) the second — it belongs to trumps for every purpose. Trumps: RB, LB, A, 10, K, Q, 9, 8, 7. Other suits: A, 10, K, Q, J, 9, 8, 7.
**Deal**: 10 cards each (3-4-3); the **dealer** takes the last two, including the turn-up, and discards two face down: no ace, no bower, not the turn-up, at most one ten. The discard counts for the dealer.
**Play**: the player after the dealer (**forehand**) leads. Follow suit if you can; if you cannot, you must trump if you can; otherwise play anything. No need to win or overtrump. Highest trump wins, else the highest card of the suit led; the winner leads next.
**Card points**: bowers 12, aces 11, tens 10, kings 4, queens 3, other jacks 2; the last trick 10 — 150 per deal.
**Side payments** (units): a left bower caught by the right bower pays 1 unit to the trick's winner; a player who takes no trick (a **Stange**) pays 1 unit to each opponent.
**Settlement** after three deals: the highest total wins (ties share the win). Each other player pays: 1 unit under 150, 2 under 100, 3 under 50, 4 with 0.
**How to play here**: \`/table new game:reunion\`, others press **Join**, the host presses **Start**. Press **My hand** to see and play your cards; only you see your hand.`;
