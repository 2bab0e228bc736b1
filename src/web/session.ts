/**
 * Web sessions: a signed token (a JWT, HS256 with WEB_SESSION_SECRET, made and checked by jose) that names the
 * Discord user, expires, and is bound to this bot (`aud`). It holds the user's id, display name and language — never
 * the OAuth access token. The browser keeps it in an HttpOnly cookie; the Activity sends it in the socket's `hello`.
 * The OAuth `state` of a browser sign-in is a token of the same kind, short-lived, in a cookie of its own.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { WebLang } from './protocol.ts';

/** Who a session belongs to. */
export interface WebUser {
  id: string;
  name: string;
  lang: WebLang;
}

/** How long a session lasts (12 hours): a game night. */
export const SESSION_TTL_S = 12 * 3600;
/** How long a sign-in may take from the redirect to Discord until it comes back (10 minutes). */
export const STATE_TTL_S = 600;

const SESSION_AUDIENCE = 'stammtisch-web';
const STATE_AUDIENCE = 'stammtisch-oauth-state';
const ALG = 'HS256';

/** Signs and checks sessions and sign-in states with one secret. */
export class Sessions {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A session for `user`, and when it expires (epoch ms). */
  async issue(user: WebUser): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(this.now() / 1000);
    const token = await new SignJWT({ name: user.name, lang: user.lang })
      .setProtectedHeader({ alg: ALG })
      .setSubject(user.id)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + SESSION_TTL_S)
      .sign(this.key);
    return { token, expiresAt: (iat + SESSION_TTL_S) * 1000 };
  }

  /** The user of a good session; null for anything else (malformed, forged, expired, another audience). */
  async verify(token: string | undefined): Promise<WebUser | null> {
    const payload = await this.check(token, SESSION_AUDIENCE);
    if (!payload || typeof payload.sub !== 'string' || !/^\d{17,20}$/.test(payload.sub)) return null;
    const lang = payload.lang === 'de' ? 'de' : 'en';
    return { id: payload.sub, name: typeof payload.name === 'string' ? payload.name : payload.sub, lang };
  }

  /** The signed sign-in state: the random `state` sent to Discord and the page to come back to. */
  async issueState(state: string, next: string): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ state, next })
      .setProtectedHeader({ alg: ALG })
      .setAudience(STATE_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + STATE_TTL_S)
      .sign(this.key);
  }

  /** The sign-in state of a good token; null otherwise. */
  async verifyState(token: string | undefined): Promise<{ state: string; next: string } | null> {
    const payload = await this.check(token, STATE_AUDIENCE);
    if (!payload || typeof payload.state !== 'string' || typeof payload.next !== 'string') return null;
    return { state: payload.state, next: payload.next };
  }

  private async check(token: string | undefined, audience: string): Promise<Record<string, unknown> | null> {
    if (!token || token.length > 2048) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { audience, algorithms: [ALG], currentDate: new Date(this.now()) });
      return payload;
    } catch {
      return null;
    }
  }
}
