/**
 * Logs never carry a token or a request body (a hand's buttons name its cards).
 */
import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { serializeError } from '../src/logger.ts';

describe('error serialisation for logs', () => {
  it('drops the request body and the interaction token', () => {
    const err = new DiscordAPIError(
      { code: 10062, message: 'Unknown interaction' },
      10062,
      404,
      'POST',
      'https://discord.com/api/v10/interactions/123456/aW50ZXJhY3Rpb246c2VjcmV0/callback',
      { body: { data: { components: [{ custom_id: 'st:g:ab.7:p.Q♣', label: 'Q♣' }] } } },
    );
    const text = JSON.stringify(serializeError(err));
    expect(text).not.toContain('Q♣');
    expect(text).not.toContain('aW50ZXJhY3Rpb246c2VjcmV0');
    expect(text).toContain('/interactions/123456/[token]/callback');
  });
});
