/**
 * The sentence for a move the Dreierles engine refused: `dreierles:refusal.<code>` with the reason's variables in
 * the reader's language (codes in `REFUSAL_CODES`, src/games/dreierles/legal.ts). Ids in the variables become words:
 * a card id its label, a contract id its name, a phase id its name, the suit `T` "trumps", an announcement its name.
 */
import type { IllegalReason } from '../../../games/types.ts';
import type { Locale } from '../../../i18n/index.ts';
import { cegoLabel } from './cego-labels.ts';

/** How each known variable is shown; any other variable is passed as it is. */
const SHOWN: Record<string, (loc: Locale, value: string) => string> = {
  card: (loc, v) => cegoLabel(loc, v),
  contract: (loc, v) => loc.t(`dreierles:contract.${v}`),
  phase: (loc, v) => loc.t(`dreierles:phase.${v}`),
  suit: (loc, v) => (v === 'T' ? loc.t('dreierles:suit.T') : v),
  announcement: (loc, v) => loc.t(`dreierles:announcement.${v}`),
};

/** The refusal's sentence; the bare code if the resources have none (never expected: test/i18n/dreierles.test.ts). */
export function refusal(loc: Locale, reason: IllegalReason): string {
  const key = `dreierles:refusal.${reason.code}`;
  const vars = Object.fromEntries(
    Object.entries(reason.vars ?? {}).map(([k, v]) => {
      const show = SHOWN[k];
      return [k, show && typeof v === 'string' ? show(loc, v) : v];
    }),
  );
  const text = loc.t(key, vars);
  return text === key || text === `refusal.${reason.code}` ? reason.code : text;
}
