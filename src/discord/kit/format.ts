/**
 * Formatting helpers shared by every game's messages (src/discord/kit/: the pieces each game's UI in
 * src/discord/games/ builds from; it imports nothing from there).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, escapeMarkdown } from 'discord.js';
import { encodeId } from '../customId.ts';
import type { Locale } from '../../i18n/index.ts';

/** Names of the seated players, by seat. */
export type Names = readonly string[];

/** A seat's name. */
export const nameOf = (names: Names, seat: number): string => names[seat] ?? `#${seat + 1}`;

/** "Anna A♥ · Bernd 10♥": each card by `label` (the game's card label in the reader's language). */
export function formatPlays(plays: readonly { seat: number; card: string }[], names: Names, label: (card: string) => string): string {
  return plays.map((p) => `${nameOf(names, p.seat)} ${label(p.card)}`).join(' · ');
}

/** "+3" / "−2" / "0" */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** The "My hand" button every player uses to open their own hand. */
export function myHandRow(loc: Locale): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'hand' }))
      .setLabel(loc.t('button.hand'))
      .setStyle(ButtonStyle.Primary),
  );
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** `text` cut to at most `max` characters with "…", never inside an emoji or a letter with its accents. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const { segment } of graphemes.segment(text)) {
    if (out.length + segment.length > max - 1) break;
    out += segment;
  }
  return `${out}…`;
}

/** A player-chosen text (a name) shown as typed: markdown, including masked links `[text](url)`, is escaped. */
export const plainText = (text: string): string => escapeMarkdown(text, { maskedLink: true });

/**
 * A number with at most `digits` decimals and a real minus sign, as `loc`'s language writes it: 2.5 → "2.5"
 * (German "2,5"), −3 → "−3", 0.125 → "0.13" (digits 2).
 */
export function decimal(loc: Locale, n: number, digits = 1): string {
  const rounded = Number(n.toFixed(digits));
  const text = loc.number(Math.abs(rounded), { maximumFractionDigits: digits, useGrouping: false });
  return rounded < 0 ? `−${text}` : text;
}

/** "Anna +2 · Bernd −1 · Carl −1": a value per seat after the seat's name, shown by `show`. */
export const perSeat = (values: readonly number[], names: Names, show: (n: number) => string = String): string =>
  values.map((v, s) => `${nameOf(names, s)} ${show(v)}`).join(' · ');

/** A record count by key, 0 when the record has none (e.g. a count added after the record was made). */
export const countIn = (counts: Record<string, number>, key: string): number => counts[key] ?? 0;
