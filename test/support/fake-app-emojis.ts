/**
 * The fake Discord's application emojis (https://discord.com/developers/docs/resources/emoji): list, get, create,
 * modify and delete under /applications/{application.id}/emojis, with Discord's documented limits — at most 2,000
 * emojis per application, names 2–32 characters of letters, digits and underscores, unique per application, images
 * as a data URI (`data:image/png;base64,…`, PNG, JPEG, GIF, WebP or AVIF) of at most 256 KiB — and its error shapes
 * (50035 Invalid Form Body with per-field `_errors`, 10014 Unknown Emoji, 30008 maximum reached, 50138 too large).
 */

/** Discord's documented limits for application emojis. */
export const APP_EMOJI_LIMITS = { max: 2000, nameMin: 2, nameMax: 32, imageBytes: 256 * 1024 } as const;

/** An answer of the fake: HTTP status and JSON body (none for 204). */
export interface EmojiReply {
  status: number;
  body?: unknown;
}

/** An application emoji as Discord returns it. */
export interface FakeAppEmoji {
  id: string;
  name: string;
  roles: string[];
  user: unknown;
  require_colons: boolean;
  managed: boolean;
  animated: boolean;
  available: boolean;
  /** The decoded image bytes (not part of Discord's object; stripped from answers). */
  image: Buffer;
}

const DATA_URI = /^data:image\/(png|jpeg|gif|webp|avif);base64,([A-Za-z0-9+/]+=*)$/;

const fail = (status: number, code: number, message: string, errors?: Record<string, unknown>): EmojiReply => ({
  status,
  body: errors ? { code, message, errors } : { code, message },
});
const fieldError = (field: string, code: string, message: string): EmojiReply =>
  fail(400, 50035, 'Invalid Form Body', { [field]: { _errors: [{ code, message }] } });

/** The emojis of one application, with the REST handlers the fake's routes call. */
export class FakeAppEmojis {
  /** The emojis by id, in creation order. */
  readonly byId = new Map<string, FakeAppEmoji>();

  constructor(
    private readonly newId: () => string,
    private readonly owner: unknown,
  ) {}

  /** An emoji as Discord shows it (without the stored image). */
  private shown(e: FakeAppEmoji): Omit<FakeAppEmoji, 'image'> {
    const { image: _image, ...rest } = e;
    return rest;
  }

  /** A name's problem, if any: length 2–32, letters, digits and underscores, unique among the others. */
  private nameProblem(name: unknown, except?: string): EmojiReply | null {
    if (typeof name !== 'string' || name.length < APP_EMOJI_LIMITS.nameMin || name.length > APP_EMOJI_LIMITS.nameMax)
      return fieldError('name', 'BASE_TYPE_BAD_LENGTH', 'Must be between 2 and 32 in length.');
    if (!/^\w+$/.test(name)) return fieldError('name', 'STRING_TYPE_REGEX', 'String value did not match validation regex.');
    if ([...this.byId.values()].some((e) => e.name === name && e.id !== except))
      return fieldError('name', 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN', 'Emoji name already taken.');
    return null;
  }

  /** GET /applications/{id}/emojis: `{ items: [...] }`. */
  list(): EmojiReply {
    return { status: 200, body: { items: [...this.byId.values()].map((e) => this.shown(e)) } };
  }

  /** GET /applications/{id}/emojis/{emoji.id}. */
  get(id: string): EmojiReply {
    const e = this.byId.get(id);
    return e ? { status: 200, body: this.shown(e) } : fail(404, 10014, 'Unknown Emoji');
  }

  /** POST /applications/{id}/emojis with `{ name, image }`. */
  create(body: Record<string, unknown> | undefined): EmojiReply {
    const problem = this.nameProblem(body?.name);
    if (problem) return problem;
    const m = typeof body?.image === 'string' ? DATA_URI.exec(body.image) : null;
    if (!m) return fieldError('image', 'IMAGE_INVALID', 'Invalid image data');
    const image = Buffer.from(m[2] ?? '', 'base64');
    if (image.length > APP_EMOJI_LIMITS.imageBytes)
      return fail(400, 50138, `Failed to resize asset below the maximum size: ${APP_EMOJI_LIMITS.imageBytes}`);
    if (this.byId.size >= APP_EMOJI_LIMITS.max) return fail(400, 30008, 'Maximum number of emojis reached (2000)');
    const e: FakeAppEmoji = {
      id: this.newId(),
      name: String(body?.name),
      roles: [],
      user: this.owner,
      require_colons: true,
      managed: false,
      animated: m[1] === 'gif',
      available: true,
      image,
    };
    this.byId.set(e.id, e);
    return { status: 201, body: this.shown(e) };
  }

  /** PATCH /applications/{id}/emojis/{emoji.id} with `{ name }`. */
  modify(id: string, body: Record<string, unknown> | undefined): EmojiReply {
    const e = this.byId.get(id);
    if (!e) return fail(404, 10014, 'Unknown Emoji');
    const problem = this.nameProblem(body?.name, id);
    if (problem) return problem;
    e.name = String(body?.name);
    return { status: 200, body: this.shown(e) };
  }

  /** DELETE /applications/{id}/emojis/{emoji.id}: 204. */
  remove(id: string): EmojiReply {
    return this.byId.delete(id) ? { status: 204 } : fail(404, 10014, 'Unknown Emoji');
  }
}
