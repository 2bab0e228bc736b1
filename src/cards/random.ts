/**
 * Seeded randomness for deals. Deterministic — the same seed string always gives the same stream, so a
 * game replays from its seed and move log — and unpredictable to players: the stream is the ChaCha20
 * keystream (@noble/ciphers) under the key SHA-256(seed) (@noble/hashes), so the cards a player holds say
 * nothing usable about the others' as long as the seed (128 random bits per table) stays secret.
 * `shuffle` is the Fisher–Yates (Durstenfeld) shuffle.
 */
import { chacha20 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** A PRNG returning floats in [0, 1). */
export type Rng = () => number;

const ZERO_NONCE = new Uint8Array(12);
/** Keystream bytes generated at a time: 64 draws, enough for one shuffle of the largest pack but one. */
const CHUNK = 256;

/** A generator of floats in [0, 1) from the ChaCha20 keystream keyed by SHA-256(`seed`); each float takes 32 bits. */
export function seededRng(seed: string): Rng {
  const key = sha256(utf8ToBytes(seed));
  let counter = 0;
  let words = new Uint32Array(0);
  let next = 0;
  return () => {
    if (next >= words.length) {
      const stream = chacha20(key, ZERO_NONCE, new Uint8Array(CHUNK), undefined, counter);
      counter += CHUNK / 64;
      words = new Uint32Array(stream.buffer, stream.byteOffset, CHUNK / 4);
      next = 0;
    }
    return (words[next++] as number) / 4294967296;
  };
}

/** Fisher–Yates shuffle; returns a new array, the input is left alone. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}
