/**
 * The fake Discord's OAuth2 (https://discord.com/developers/docs/topics/oauth2): what Discord's consent page hands
 * back (`authorize`: a code for a user, as the redirect or the embedded app SDK's `authorize` returns it), the code
 * exchange at `POST /oauth2/token` (authorization_code grant, client id and secret in the form body or HTTP Basic;
 * the answer `{ access_token, token_type: 'Bearer', expires_in, refresh_token, scope }`), and the bearer's user at
 * `GET /users/@me`. Errors as OAuth2 (RFC 6749 § 5.2) and Discord answer them: 400 `{ error: 'invalid_grant',
 * error_description }` for an unknown, used or expired code or a redirect URI that does not match,
 * 401 `{ error: 'invalid_client' }` for a wrong client id or secret, 400 `unsupported_grant_type`, and
 * 401 `{ message: '401: Unauthorized', code: 0 }` for a bearer Discord does not know.
 */
import { randomBytes } from 'node:crypto';

/** An answer of the fake: HTTP status and JSON body. */
export interface OAuthReply {
  status: number;
  body?: unknown;
}

/** How long a code lives (Discord: 10 minutes) and an access token (Discord: 7 days), in ms. */
const CODE_TTL_MS = 10 * 60_000;
const TOKEN_TTL_S = 604_800;

interface Grant {
  userId: string;
  redirectUri: string | null;
  scopes: string[];
  expiresAt: number;
}

/** The OAuth2 side of the fake Discord. */
export class FakeOAuth {
  /** The application's client secret (DISCORD_CLIENT_SECRET). */
  readonly clientSecret = `fake-secret-${randomBytes(8).toString('hex')}`;
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  /** Every code exchanged successfully, in order (tests check a code works once). */
  readonly exchanged: string[] = [];

  constructor(
    private readonly clientId: string,
    private readonly now: () => number,
  ) {}

  /** The code Discord's consent page gives `userId` (redirect URI as the authorization request named it; none for an Activity). */
  authorize(userId: string, opts: { redirectUri?: string; scopes?: string[] } = {}): string {
    const code = randomBytes(15).toString('hex');
    this.codes.set(code, { userId, redirectUri: opts.redirectUri ?? null, scopes: opts.scopes ?? ['identify'], expiresAt: this.now() + CODE_TTL_MS });
    return code;
  }

  /** `POST /oauth2/token` (form body already parsed; `authorization` the request's header). */
  token(body: Record<string, unknown> | undefined, authorization: string | undefined): OAuthReply {
    const form = body ?? {};
    let [id, secret] = [form.client_id, form.client_secret];
    if (authorization?.startsWith('Basic ')) [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
    if (id !== this.clientId || secret !== this.clientSecret) return { status: 401, body: { error: 'invalid_client' } };
    if (form.grant_type !== 'authorization_code') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const code = typeof form.code === 'string' ? form.code : '';
    const grant = this.codes.get(code);
    const redirect = typeof form.redirect_uri === 'string' ? form.redirect_uri : null;
    if (!grant || grant.expiresAt < this.now() || (grant.redirectUri !== null && grant.redirectUri !== redirect))
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' } };
    this.codes.delete(code);
    this.exchanged.push(code);
    const accessToken = randomBytes(15).toString('hex');
    this.tokens.set(accessToken, { ...grant, expiresAt: this.now() + TOKEN_TTL_S * 1000 });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_S,
        refresh_token: randomBytes(15).toString('hex'),
        scope: grant.scopes.join(' '),
      },
    };
  }

  /** The user id of a bearer token, or null (unknown or expired). */
  bearer(authorization: string | undefined): string | null {
    if (!authorization?.startsWith('Bearer ')) return null;
    const grant = this.tokens.get(authorization.slice(7));
    return grant && grant.expiresAt >= this.now() ? grant.userId : null;
  }
}
