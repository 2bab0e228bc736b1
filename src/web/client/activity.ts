/**
 * Inside Discord (an Activity): the embedded app SDK — `ready()`, `authorize` for a code, the code exchanged by our
 * server (`POST /api/activity/token`) for the access token and a session, `authenticate` with the token. The table's
 * channel is the SDK's `channelId`; the session goes into the socket's first frame, never into a URL. The SDK is
 * loaded only here, as a chunk of its own. Outside Discord a test page may run the same path through the SDK's
 * `DiscordSDKMock` by setting `window.stammtischSdkMock` (the code to hand back, the guild and channel).
 */
import type { ActivityTokenResponse, ClientConfig, HttpError } from '../protocol.ts';

/** What a test page sets to run the Activity path through `DiscordSDKMock`. */
export interface SdkMockSettings {
  code: string;
  guildId: string;
  channelId: string;
}

declare global {
  interface Window {
    stammtischSdkMock?: SdkMockSettings;
  }
}

/** Whether this page runs as an Activity (Discord adds `frame_id`), or a test asked for the mock SDK. */
export const isActivity = (): boolean => new URLSearchParams(location.search).has('frame_id') || Boolean(window.stammtischSdkMock);

/** The Activity's sign-in: its channel, the session for `hello` and the signed-in user. */
export interface ActivitySession {
  channel: string;
  session: string;
  user: ActivityTokenResponse['user'];
}

/** Sign in through the embedded app SDK (see the file's comment). */
export async function activitySignIn(): Promise<ActivitySession> {
  const { DiscordSDK, DiscordSDKMock } = await import('@discord/embedded-app-sdk');
  const config = (await (await fetch('/api/config')).json()) as ClientConfig;
  const mock = window.stammtischSdkMock;
  let sdk: InstanceType<typeof DiscordSDK> | InstanceType<typeof DiscordSDKMock>;
  if (mock) {
    const m = new DiscordSDKMock(config.clientId, mock.guildId, mock.channelId, null);
    m._updateCommandMocks({ authorize: async () => ({ code: mock.code }) });
    sdk = m;
  } else sdk = new DiscordSDK(config.clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: config.scopes as Parameters<typeof sdk.commands.authorize>[0]['scope'],
  });
  const res = await fetch('/api/activity/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  if (!res.ok) throw new Error(`token exchange failed: ${res.status} ${((await res.json().catch(() => ({}))) as Partial<HttpError>).error ?? ''}`);
  const token = (await res.json()) as ActivityTokenResponse;
  await sdk.commands.authenticate({ access_token: token.access_token });
  if (!sdk.channelId) throw new Error('the Activity has no channel');
  return { channel: sdk.channelId, session: token.session, user: token.user };
}
