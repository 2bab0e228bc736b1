/**
 * The web table's settings (src/config.ts): on only with all four of PUBLIC_URL, WEB_PORT, DISCORD_CLIENT_SECRET and
 * WEB_SESSION_SECRET; some but not all of them is a configuration error naming the missing ones; none leaves the bot
 * as it was.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, webSettings } from '../../src/config.ts';

const ALL = {
  PUBLIC_URL: 'https://cards.example.org/',
  WEB_PORT: '8443',
  DISCORD_CLIENT_SECRET: 'secret',
  WEB_SESSION_SECRET: 'x'.repeat(32),
};

describe('web table settings', () => {
  it('none: the web table is off', () => {
    expect(webSettings(loadConfig({}))).toBeNull();
  });

  it('all four: on, PUBLIC_URL without its trailing slash, Activities off unless asked', () => {
    expect(webSettings(loadConfig(ALL))).toEqual({
      publicUrl: 'https://cards.example.org',
      port: 8443,
      host: '0.0.0.0',
      clientSecret: 'secret',
      sessionSecret: 'x'.repeat(32),
      activity: false,
      rateFrames: 20,
      rateToken: 20,
    });
    expect(webSettings(loadConfig({ ...ALL, ACTIVITY_ENABLED: 'true' }))?.activity).toBe(true);
  });

  it('some but not all: a configuration error naming what is missing', () => {
    expect(() => loadConfig({ PUBLIC_URL: ALL.PUBLIC_URL, WEB_PORT: '8443' })).toThrow(/DISCORD_CLIENT_SECRET, WEB_SESSION_SECRET/);
  });

  it('a session secret shorter than 32 characters is refused', () => {
    expect(() => loadConfig({ ...ALL, WEB_SESSION_SECRET: 'short' })).toThrow(/WEB_SESSION_SECRET must be at least 32/);
  });
});
