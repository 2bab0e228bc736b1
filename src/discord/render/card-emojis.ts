/**
 * The deployed card emojis the hands put on their card buttons (src/faces, `npm run deploy-emojis`). Set once at
 * start from card-emojis.json (src/faces/emoji-ids.ts); until then, or when none are deployed, `cardEmoji` answers
 * null and the hands show text labels only. The reader's language picks the face's court letters (a German reader
 * sees D for the queen), the bot's CARD_COLOURS setting the two- or four-colour suits.
 */
import { type CardEmoji, type CardEmojis, readCardEmojis } from '../../faces/emoji-ids.ts';
import { type Colours, styleCode } from '../../faces/style.ts';
import type { Locale } from '../../i18n/index.ts';

let deployed: CardEmojis | null = null;
let colours: Colours = 'two';

/** Use `emojis` (null: none) in `scheme`'s colours for every hand rendered from now on. */
export function useCardEmojis(emojis: CardEmojis | null, scheme: Colours = 'two'): void {
  deployed = emojis;
  colours = scheme;
}

/** Whether card emojis are in use. */
export const hasCardEmojis = (): boolean => deployed !== null;

/**
 * The emoji of `card` for a reader of `loc` — a card label of any pack (`10♥`, `C♣`, `18`, `Stiess`, `Joker`) or a
 * Rommé card id (`7♥/1`) — or null when no emojis are deployed or the card has none.
 */
export function cardEmoji(loc: Locale, card: string): CardEmoji | null {
  if (!deployed) return null;
  const slash = card.indexOf('/');
  const label = slash < 0 ? card : card.slice(0, slash);
  return deployed.styles[styleCode({ lang: loc.lang, colours })]?.[label] ?? null;
}

/** What the bot's log needs here: an info line. */
interface InfoLog {
  info(msg: string): void;
}

/**
 * At start: use the emojis recorded in `file` (src/faces/emoji-ids.ts) when they were deployed to application
 * `clientId` (when known), in `scheme`'s colours; else text labels. Logs one line either way and returns whether
 * emojis are in use.
 */
export function startCardEmojis(file: string, clientId: string | undefined, scheme: Colours, log: InfoLog): boolean {
  const found = readCardEmojis(file);
  if (!found.emojis) {
    useCardEmojis(null);
    log.info(
      found.why === 'missing'
        ? `card emojis: none deployed (${file} missing; npm run deploy-emojis): hands show text labels`
        : `card emojis: ${file} is not a deploy's record: hands show text labels (run npm run deploy-emojis)`,
    );
    return false;
  }
  if (clientId && found.emojis.application !== clientId) {
    useCardEmojis(null);
    log.info(`card emojis: ${file} is for application ${found.emojis.application}, not ${clientId}: hands show text labels`);
    return false;
  }
  useCardEmojis(found.emojis, scheme);
  log.info(`card emojis: in use (${scheme}-colour faces)`);
  return true;
}
