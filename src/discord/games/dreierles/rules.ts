/**
 * The `/rules game:dreierles` summary. Rule source: docs/rules/dreierles.md.
 */
export const DREIERLES_RULES = `**Dreierles** — a Tarock game for 3 (or 4: the dealer sits out and pays/receives as a defender), 54-card Cego pack.
**Cards**: 22 trumps — the **Stiess** (highest), 21 … 1 (the 1 is the **Pfeife**); red suits K Q C J A 2 3 4, black K Q C J 10 9 8 7.
**Counting**: Stiess, 21, 1 and Kings 5, Queens 4, Cavaliers 3, Jacks 2, others 1; cards count in threes (sum − 2 per three, − 1 for a leftover). The pack is 70; the declarer needs **36**.
**Deal**: 6 cards to the **blind**, 16 each. **Auction**: from forehand each speaks once; bids must rise: Dreier (take 3 blind cards, ×1) < Zweier (2, ×2) < Einer (1, ×3) < Solo (0, ×4). The highest bidder is the **declarer**; the rest of the blind counts for the defenders, who see it.
**Exchange**: the declarer discards as many as taken — no Kings, no trumps — then may announce **Zehn Druck** (10+ trumps) and **Pfeife raus** (lay out the 1, promising to win the last trick with it), and says **Fertig**.
**Knocking**: defenders and declarer knock in turn, each doubling (a defender who passed while Dreier was still open may not knock).
**Play**: the declarer leads; follow suit, else trump, else anything. Highest trump, else highest of the suit led wins.
**Score**: (⌊|points − 35| / 5⌋ + 1) × factor × 2^knocks game points from (or to) each other player. Bonuses 1 from each: Zehn Druck, Trull (Stiess, 21, 1), Four Kings; Pfeife in the last trick ±1 (±2 if laid out).
**Räuber** (all pass): no blind; each may knock once; the Pfeife must go in the third trump-led trick, the 21 not onto the Stiess; the most card points pays 2 (doubled per knock) to each other player.
**Here**: \`/table new game:dreierles rounds:2\`; use **My hand** for bids, discards, announcements, knocks and cards.`;
