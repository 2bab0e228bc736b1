/**
 * The board's picture as a file to attach (docs/card-faces.md § The table picture): the game UI's `picture` of the
 * PUBLIC view (the trick or the last one, Rommé's discard top and melds), drawn by src/faces/table-image.ts in the
 * reader's court letters and the bot's suit colours, cached by content. The file is named after the picture's
 * content (`table-<12 hex>.png`), so the name says which picture a board message carries: an edit uploads the file
 * only when the name changes (src/discord/board/editor.ts).
 */
import { createHash } from 'node:crypto';
import { pictureKey, TableImages } from '../../faces/table-image.ts';
import type { Colours } from '../../faces/style.ts';
import type { Locale } from '../../i18n/index.ts';
import type { TableService } from '../../tables/service.ts';
import type { TableRecord } from '../../tables/types.ts';
import { uiFor } from '../games/index.ts';

/** A board picture: its file name (`table-<12 hex>.png`, from its content) and its PNG bytes, drawn when first asked for. */
export interface BoardPicture {
  name: string;
  png: () => Promise<Buffer>;
}

/** A board picture's file name: `table-` and 12 hex digits. */
const PICTURE_NAME = /^table-[0-9a-f]{12}\.png$/;

/** A board picture's file name from the hex digits of its content's hash. */
const fileName = (hash: string): string => `table-${hash}.png`;

/** Whether `filename` is the name of a board picture (an attachment of a board message). */
export const isPictureName = (filename: string): boolean => PICTURE_NAME.test(filename);

/** The pictures of the boards, drawn in `colours` (the bot's CARD_COLOURS), cached by content. */
export class BoardPictures {
  constructor(
    private readonly colours: Colours = 'two',
    /** The rendered PNGs by content (shared by every board of the process). */
    readonly images = new TableImages(),
  ) {}

  /**
   * The picture of `table`'s board in the server's language `loc`: null in the lobby, after the end and while nothing
   * is on the table. Built from the public view only (`tables.view(table, null)`), never a hand. The names printed
   * are the seats' plain names (no 🤖 or "(away)" marks: the board's text says those).
   */
  of(loc: Locale, tables: TableService, table: TableRecord): BoardPicture | null {
    if (table.status !== 'playing') return null;
    const picture = uiFor(table.game).picture(
      tables.view(table, null),
      table.seats.map((s) => s.name),
    );
    if (!picture) return null;
    const style = { lang: loc.lang, colours: this.colours };
    const hash = createHash('sha256').update(pictureKey(picture, style)).digest('hex').slice(0, 12);
    return { name: fileName(hash), png: () => this.images.image(picture, style) };
  }
}
