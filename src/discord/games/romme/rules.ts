/**
 * The `/rules game:romme` summary, with every table option and its default. Rule source: docs/rules/romme.md.
 */
import { romme } from '../../../games/romme/index.ts';
import { ENGLISH } from '../../../i18n/index.ts';

const options = romme.options
  .map((o) => `• ${ENGLISH.t(`romme:option.${o.key}`)}: default **${o.type === 'boolean' ? (o.default ? 'on' : 'off') : o.default}**`)
  .join('\n');

export const ROMME_RULES = `**Rommé** (German Rummy) — 2 to 6 players, two packs plus 6 jokers (110 cards); 13 cards each.
**Turn**: draw from the stock or take the top discard; meld, lay off or swap a joker if you wish; discard one card (not the one you just took).
**Melds**: a **set** is 3–4 cards of one rank in different suits; a **run** 3+ cards of one suit in sequence, ace low (A-2-3) or high (Q-K-A). Jokers stand for any card but never outnumber the natural cards; two jokers side by side only in runs of 4+.
**First meld**: worth at least 40 (all melds of that turn; J Q K 10, ace 1 or 11, joker as the card it stands for); no lay-offs in that turn. After it, lay off on any meld; from the next turn, swap a joker by putting in the card it stands for — and meld that joker at once.
**Going out**: meld and lay off everything (a last discard allowed). The others score penalty points for their hands: 2–10 face value, J Q K 10, ace 11, joker 30. Lowest total wins.
**Options** (\`/table new game:romme …\`):
${options}
**Here**: in **My hand**, pick cards in the menu (the value shows as you go), then Meld, Add group (for a first meld of several melds), Lay off on #n, Swap joker in #n or Discard; **Suggestions** sets aside your best melds.`;
