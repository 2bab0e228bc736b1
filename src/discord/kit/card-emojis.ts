/**
 * The deployed card emojis the hands put on their card buttons (src/faces, `npm run deploy-emojis`). Set once at
 * start (`startCardEmojis`) from the application's own emojis, or from card-emojis.json when that is present
 * (src/faces/emoji-ids.ts); until then, or when none are deployed, `cardEmoji` answers null and the hands show text
 * labels only. The reader's language picks the face's court letters (a German reader sees D for the queen), the
 * bot's CARD_COLOURS setting the two- or four-colour suits.
 */
import { type CardEmoji, type CardEmojis, cardEmojisOf, readCardEmojis } from '../../faces/emoji-ids.ts';
import { FACE_CARDS } from '../../faces/face-cards.ts';
import { isOurEmojiName, renderFaceSet } from '../../faces/set.ts';
import { type Colours, FACE_STYLES, styleCode } from '../../faces/style.ts';
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

/** What starting the emojis logs: info lines, and a warn line with the error when the listing failed. */
interface StartLog {
  info(msg: string): void;
  warn(obj: { err: unknown }, msg: string): void;
}

/** Where the card emojis come from at start. */
export interface EmojiSources {
  /** card-emojis.json (src/faces/emoji-ids.ts): when present and for `application`, it wins. */
  file: string;
  /** The bot's application id. */
  application: string;
  /** The application's emojis, name → id (GET /applications/{id}/emojis); rejects when Discord refuses or is unreachable. */
  list: () => Promise<ReadonlyMap<string, string>>;
}

/**
 * At start: use the card emojis in `scheme`'s colours. card-emojis.json (`sources.file`), when present and deployed
 * to this application, wins; else the application's emojis named as the deploy names them (the faces are rendered to
 * know the names: about a quarter of a second, and only when the application has emojis of ours). Logs one line
 * saying which, or why the hands show text labels: a file that cannot be used (broken, or another application's) is
 * one more line; a listing that fails is a warn line, and the bot goes on with text labels. Resolves to whether
 * emojis are in use.
 */
export async function startCardEmojis(sources: EmojiSources, scheme: Colours, log: StartLog): Promise<boolean> {
  const { file, application } = sources;
  const found = readCardEmojis(file);
  if (found.emojis?.application === application) {
    useCardEmojis(found.emojis, scheme);
    log.info(`card emojis: in use from ${file}, which overrides the application's emojis (${scheme}-colour faces)`);
    return true;
  }
  if (found.emojis) log.info(`card emojis: ${file} is for application ${found.emojis.application}, not ${application}: ignored`);
  else if (found.why === 'invalid') log.info(`card emojis: ${file} is not a record of card emojis: ignored`);
  useCardEmojis(null);
  let byName: ReadonlyMap<string, string>;
  try {
    byName = await sources.list();
  } catch (err) {
    log.warn({ err }, "card emojis: could not list the application's emojis: hands show text labels");
    return false;
  }
  if (![...byName.keys()].some(isOurEmojiName)) {
    log.info('card emojis: the application has none (npm run deploy-emojis): hands show text labels');
    return false;
  }
  const emojis = cardEmojisOf(application, renderFaceSet(FACE_STYLES.filter((s) => s.colours === scheme)), byName);
  const rows = Object.values(emojis.styles);
  const shown = rows.reduce((n, row) => n + Object.keys(row).length, 0);
  if (shown === 0) {
    log.info("card emojis: none of the application's match the current faces (npm run deploy-emojis): hands show text labels");
    return false;
  }
  useCardEmojis(emojis, scheme);
  const faces = rows.length * FACE_CARDS.length;
  log.info(
    `card emojis: in use from the application (${scheme}-colour faces${shown < faces ? `; ${faces - shown} of ${faces} not deployed, shown as text` : ''})`,
  );
  return true;
}
