/**
 * Messages of the weekly game night: the set-up summary, reminders with the sign-up buttons, the seating list,
 * the night's standings with the season's top five. Dates and times are shown in the night's time zone.
 * Reminders mention only the night's role; the seating list and a skipped night's line mention the players;
 * standings mention nobody. Player names are markdown-escaped.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { DateTime } from 'luxon';
import type { GameId } from '../../tables/games.ts';
import { periodLabel } from '../../records/periods.ts';
import type { NightReport } from '../../weekly/night.ts';
import type { NightRow, NightState, SeasonTop, WeeklyConfig } from '../../weekly/types.ts';
import { encodeId } from '../customId.ts';
import type { Payload } from '../games/types.ts';
import { plainText, plural } from './format.ts';
import { gameName, measureText, playerName } from './records/measure.ts';

/** Discord's limit on a message's content. */
const MAX_CONTENT = 2000;

/** "Saturday 5 December 2026" */
export const localDate = (at: number, timeZone: string): string => DateTime.fromMillis(at, { zone: timeZone }).toFormat('cccc d LLLL yyyy');

/** "20:00" */
const localTime = (at: number, timeZone: string): string => DateTime.fromMillis(at, { zone: timeZone }).toFormat('HH:mm');

/** When `at` is, seen from `from`, in `timeZone`: "today at 20:00", "tomorrow at 20:00" or "on Saturday 5 December at 20:00". */
export function whenFrom(at: number, from: number, timeZone: string): string {
  const day = DateTime.fromMillis(at, { zone: timeZone }).startOf('day');
  const today = DateTime.fromMillis(from, { zone: timeZone }).startOf('day');
  const days = Math.round(day.diff(today, 'days').days);
  const date = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `on ${day.toFormat('cccc d LLLL')}`;
  return `${date} at ${localTime(at, timeZone)}`;
}

/** The "I'm in" / "I'm out" buttons of an occurrence. */
function signUpRow(occurrence: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'weekly', joining: true, occurrence }))
      .setLabel("I'm in")
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'weekly', joining: false, occurrence }))
      .setLabel("I'm out")
      .setStyle(ButtonStyle.Secondary),
  );
}

/** A scoreboard name (`playerName`), escaped. */
const shownName = (player: { playerId: string; name: string; bot: boolean }): string => plainText(playerName(player));

/** Names joined with commas, cut to fit in `max` characters ("… and 12 more"). */
function nameList(names: readonly string[], max: number): string {
  const shown: string[] = [];
  for (const name of names) {
    if ([...shown, name].join(', ').length > max) return `${shown.join(', ')} … and ${names.length - shown.length} more`;
    shown.push(name);
  }
  return shown.join(', ');
}

/** A reminder posted at `postedAt`: when the night is, who signed up, and the buttons (mentions the night's role only). */
export function renderReminder(config: Pick<WeeklyConfig, 'roleId'>, night: NightState, postedAt: number): Payload {
  const n = night.signUps.length;
  const lines = [
    `${config.roleId ? `<@&${config.roleId}> ` : ''}🎲 **Game night: ${gameName(night.game)} ${whenFrom(night.startsAt, postedAt, night.timeZone)}** (${night.timeZone})`,
    `Press **I'm in** to play. At the start everyone signed up is seated at tables, each in a thread of this channel; computer players fill empty seats.`,
    n
      ? `✋ **${n} in:** ${nameList(
          night.signUps.map((s) => plainText(s.name)),
          1200,
        )}`
      : '✋ Nobody has signed up yet.',
  ];
  return {
    content: lines.join('\n'),
    components: [signUpRow(night.id)],
    allowedMentions: { parse: [], roles: config.roleId ? [config.roleId] : [] },
  };
}

/** Nobody signed up: no tables this week. */
export function renderNobody(night: NightState): Payload {
  return {
    content: `🎲 Nobody signed up for the ${gameName(night.game)} night of ${localDate(night.startsAt, night.timeZone)}: no tables this week.`,
    allowedMentions: { parse: [] },
  };
}

/** The start was missed while the bot was offline: the night is skipped (mentions those who had signed up). */
export function renderSkipped(night: NightState): Payload {
  const users = night.signUps.map((s) => s.userId);
  const who = users.length ? ` ${users.map((u) => `<@${u}>`).join(' ')}` : '';
  return {
    content:
      `🎲 The bot was offline at the start time; this week's ${gameName(night.game)} night (${localDate(night.startsAt, night.timeZone)}) was skipped.${who}`.slice(
        0,
        MAX_CONTENT,
      ),
    allowedMentions: { parse: [], users: users.slice(0, 100) },
  };
}

/** The night has started: its tables (thread mentions) and who sits where, mentioning the seated players. */
export function renderSeating(night: NightState): Payload {
  if (!night.tables.length)
    return {
      content: `🎲 The ${gameName(night.game)} night could not open its tables (see the bot's log); no tables this week.`,
      allowedMentions: { parse: [] },
    };
  const lines = [`🎲 **The ${gameName(night.game)} night has started: ${plural(night.tables.length, 'table')}.**`];
  for (const [i, t] of night.tables.entries())
    lines.push(`**Table ${i + 1}** <#${t.threadId}>: ${t.seats.map((s) => (s.bot ? `🤖 ${plainText(s.name)}` : `<@${s.userId}>`)).join(', ')}`);
  lines.push("Press **My hand** on your table's message in its thread.");
  const users = night.tables.flatMap((t) => t.seats.filter((s) => !s.bot).map((s) => s.userId));
  return { content: lines.join('\n').slice(0, MAX_CONTENT), allowedMentions: { parse: [], users: users.slice(0, 100) } };
}

/** Lines of standings: "1. alice — +3 units · 1 win · 1 game" (totals in the game's measure, src/discord/render/records/measure.ts). */
function standingLines(game: GameId, rows: readonly NightRow[]): string[] {
  return rows.map((r, i) => `${i + 1}. ${shownName(r)} — ${measureText(game, r.total)} · ${plural(r.wins, 'win')} · ${plural(r.games, 'game')}`);
}

/** The season's top five under the night's standings. */
function seasonLines(game: GameId, season: SeasonTop, timeZone: string): string[] {
  if (!season.rows.length) return [];
  const order = season.sort === 'wins' ? 'by wins' : season.sort === 'rating' ? 'by rating' : season.sort === 'games' ? 'by games' : 'by total';
  return [
    `**${periodLabel(season.periodId, timeZone)} — top ${season.rows.length}** (${order})`,
    ...season.rows.map((r) => `${r.position}. ${shownName(r)} — ${measureText(game, r.net)} · ${plural(r.wins, 'win')} · ${plural(r.games, 'game')}`),
  ];
}

/** The night's standings when its tables are over (posted once in the channel), with the season's top five. */
export function renderStandings(night: NightState, rows: readonly NightRow[], season: SeasonTop): Payload {
  const games = night.tables.length;
  const lines = [`🏆 **${gameName(night.game)} night of ${localDate(night.startsAt, night.timeZone)} — standings**`];
  lines.push(...(rows.length ? standingLines(night.game, rows) : [`No game of the night's ${plural(games, 'table')} finished with a result.`]));
  lines.push(...seasonLines(night.game, season, night.timeZone));
  return { content: lines.join('\n').slice(0, MAX_CONTENT), allowedMentions: { parse: [] } };
}

/** `/weekly standings`: a night's standings so far (or why there are none). */
export function renderReport(report: NightReport): Payload {
  const { night, rows, tablesOver } = report;
  const title = `**${gameName(night.game)} night of ${localDate(night.startsAt, night.timeZone)}**`;
  const lines =
    night.status === 'empty'
      ? [`${title}: nobody signed up.`]
      : night.status === 'skipped' || !night.tables.length
        ? [`${title}: no tables were played.`]
        : tablesOver === night.tables.length
          ? [
              `${title} — final standings`,
              ...(rows.length
                ? standingLines(night.game, rows)
                : [`No game of the night's ${plural(night.tables.length, 'table')} finished with a result.`]),
            ]
          : [
              `${title} — standings so far (${tablesOver} of ${plural(night.tables.length, 'table')} over)`,
              ...(rows.length ? standingLines(night.game, rows) : ['No game has finished yet.']),
            ];
  return { content: lines.join('\n').slice(0, MAX_CONTENT), allowedMentions: { parse: [] } };
}

/**
 * The set-up (or resume) summary: what, when, where, the next night, that `resetSignUps` sign-ups of the replaced
 * upcoming night were dropped (if any), and a warning when the event could not be created.
 */
export function renderSetup(config: WeeklyConfig, eventError: string | null, resetSignUps = 0): string {
  const day = config.day[0]?.toUpperCase() + config.day.slice(1);
  const lines = [
    `✅ Weekly game night: **${gameName(config.game)}** every **${day} at ${config.time}** (${config.timeZone}) in <#${config.channelId}>${config.roleId ? `, reminders mention <@&${config.roleId}>` : ''}.`,
    `Next: **${localDate(config.next.startsAt, config.timeZone)}, ${localTime(config.next.startsAt, config.timeZone)}**. Reminders go out a day and an hour before with an **I'm in** button; at the start everyone signed up is seated at tables in threads, and the night's standings follow when the tables are done.`,
    `Scoreboard weeks, months and seasons of this server now count in ${config.timeZone}.`,
  ];
  if (resetSignUps)
    lines.push(
      `🔄 The upcoming night was replaced: its ${plural(resetSignUps, 'sign-up')} ${resetSignUps === 1 ? 'was' : 'were'} reset, and its earlier reminders' buttons no longer work. Members sign up again on the next reminder.`,
    );
  if (eventError)
    lines.push(
      `⚠️ I could not create the server event (${eventError.slice(0, 200)}). Grant me **Manage Events** to have the nights listed as events.`,
    );
  return lines.join('\n');
}
