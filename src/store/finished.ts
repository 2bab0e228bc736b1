/**
 * The last finished game of each channel (key `finished:{<channelId>}`, src/store/keys.ts), kept for a day so that
 * My hand, `/hand` and a hand button pressed after the end answer where the result is instead of "no table". Small
 * (a record id, a game, a time and a message id) and through Keyv, so the same on Redis and in the embedded store; Keyv
 * keeps the expiry (Redis `PX`; the embedded store inside the value, dropped when read after it).
 */
import type Keyv from 'keyv';
import type { FinishedNote, FinishedNotes } from '../tables/types.ts';
import { finishedKey } from './keys.ts';

/** How long a channel's last finished game is remembered, ms (a day). */
export const FINISHED_NOTE_TTL_MS = 24 * 60 * 60 * 1000;

/** The channels' last finished games on Keyv (see the file's comment). */
export class FinishedNoteStore implements FinishedNotes {
  constructor(private readonly keyv: Keyv) {}

  async get(channelId: string): Promise<FinishedNote | undefined> {
    const note = await this.keyv.get<FinishedNote>(finishedKey(channelId));
    return note ?? undefined;
  }

  async set(channelId: string, note: FinishedNote): Promise<void> {
    await this.keyv.set(finishedKey(channelId), note, FINISHED_NOTE_TTL_MS);
  }

  async delete(channelId: string): Promise<void> {
    await this.keyv.delete(finishedKey(channelId));
  }
}
