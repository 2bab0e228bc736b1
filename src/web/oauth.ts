/**
 * Discord's OAuth2 for the web table (https://discord.com/developers/docs/topics/oauth2): the authorization URL of a
 * browser sign-in, the code exchanged at `POST /oauth2/token` with the application's id and secret, and the user
 * learned with the access token at `GET /users/@me`. The access token is used for that one request (and handed to
 * an Activity for the SDK's `authenticate`); it is never stored or logged.
 */
import type { WebLang } from './protocol.ts';

/** Discord's sign-in page. */
export const AUTHORIZE_URL = 'https://discord.com/oauth2/authorize';
/** The scope the web table asks for: who the user is. Whether they may see a channel the bot checks itself. */
export const SCOPES = ['identify'] as const;

/**
 * A sign-in Discord did not accept (`invalid_code`: `invalid_grant`, an unknown, used or expired code or a redirect URI
 * that does not match) or did not answer (`discord_failed`).
 */
export class OAuthError extends Error {
  constructor(readonly code: 'invalid_code' | 'discord_failed') {
    super(code);
    this.name = 'OAuthError';
  }
}

/** A user as the web table knows them. */
export interface OAuthUser {
  id: string;
  name: string;
  lang: WebLang;
}

/** What the OAuth client needs. */
export interface OAuthOptions {
  /** Discord's API base (DISCORD_API_URL), default `https://discord.com/api`. */
  apiUrl?: string;
  clientId: string;
  clientSecret: string;
}

/** The OAuth2 client of the web table. */
export class DiscordOAuth {
  private readonly api: string;

  constructor(private readonly opts: OAuthOptions) {
    this.api = `${(opts.apiUrl ?? 'https://discord.com/api').replace(/\/+$/, '')}/v10`;
  }

  /** Where a browser signs in: Discord's consent page, coming back to `redirectUri` with `state`. */
  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL(AUTHORIZE_URL);
    url.search = new URLSearchParams({
      client_id: this.opts.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: SCOPES.join(' '),
      state,
    }).toString();
    return url.toString();
  }

  /** Exchange an authorization code for an access token (`redirectUri` as sent to the consent page; none for an Activity). */
  async exchange(code: string, redirectUri?: string): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: this.opts.clientId,
      client_secret: this.opts.clientSecret,
      ...(redirectUri ? { redirect_uri: redirectUri } : {}),
    });
    const res = await this.request(`${this.api}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const json = (await res.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
    if (res.status === 400 || res.status === 401) throw new OAuthError('invalid_code');
    if (!res.ok || typeof json.access_token !== 'string') throw new OAuthError('discord_failed');
    return json.access_token;
  }

  /** The user an access token belongs to. */
  async user(accessToken: string): Promise<OAuthUser> {
    const res = await this.request(`${this.api}/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
    if (res.status === 401) throw new OAuthError('invalid_code');
    const json = (await res.json().catch(() => ({}))) as { id?: unknown; username?: unknown; global_name?: unknown; locale?: unknown };
    if (!res.ok || typeof json.id !== 'string' || typeof json.username !== 'string') throw new OAuthError('discord_failed');
    const name = typeof json.global_name === 'string' && json.global_name ? json.global_name : json.username;
    return { id: json.id, name, lang: typeof json.locale === 'string' && json.locale.startsWith('de') ? 'de' : 'en' };
  }

  private async request(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw new OAuthError('discord_failed');
    }
  }
}
