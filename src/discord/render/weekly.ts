/**
 * Messages of the weekly game night: the set-up summary, reminders with the sign-up buttons, the seating list,
 * the night's standings with the season's top five, each in the reader's language (`loc`: the server's for the
 * posts in the channel, the user's for private answers). Weekdays, months and times come from `Intl` in the
 * night's time zone. Reminders mention only the night's role; the seating list and a skipped night's line mention
 * the players; standings mention nobody. Player names are markdown-escaped.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { DateTime } from 'luxon';
import type { GameId } from '../../tables/games.ts';
import type { Locale } from '../../i18n/index.ts';
import { clock, dateParts, periodLabel } from '../../records/periods.ts';
import type { NightReport } from '../../weekly/night.ts';
import type { NightRow, NightState, Occurrence, SeasonTop, WeeklyConfig } from '../../weekly/types.ts';
import { encodeId } from '../customId.ts';
import type { Payload } from '../games/types.ts';
import { decimal, plainText } from '../kit/format.ts';
import { gameName, measureText, playerName } from './records/measure.ts';

/** Discord's limit on a message's content. */
const MAX_CONTENT = 2000;

/** "Saturday 5 December 2026" / "Samstag, 5. Dezember 2026", in `timeZone`. */
export const localDate = (loc: Locale, at: number, timeZone: string): string => loc.t('weekly:date.long', { ...dateParts(loc, at, timeZone) });

/** The weekday of `at` in `timeZone`: "Saturday" / "Samstag". */
export const localWeekday = (loc: Locale, at: number, timeZone: string): string => dateParts(loc, at, timeZone).weekday;

/** "20:00" */
export const localTime = (loc: Locale, at: number, timeZone: string): string => clock(loc, at, timeZone);

/**
 * When `at` is, seen from `from`, in `timeZone`: "today at 20:00", "tomorrow at 20:00" or "on Saturday 5 December
 * at 20:00" (German "heute um 20:00 Uhr", "morgen um …", "am Samstag, 5. Dezember um …").
 */
export function whenFrom(loc: Locale, at: number, from: number, timeZone: string): string {
  const day = DateTime.fromMillis(at, { zone: timeZone }).startOf('day');
  const today = DateTime.fromMillis(from, { zone: timeZone }).startOf('day');
  const days = Math.round(day.diff(today, 'days').days);
  const time = localTime(loc, at, timeZone);
  if (days === 0) return loc.t('weekly:when.today', { time });
  if (days === 1) return loc.t('weekly:when.tomorrow', { time });
  return loc.t('weekly:when.on', { date: loc.t('weekly:date.dayMonth', { ...dateParts(loc, at, timeZone) }), time });
}

/** The "I'm in" / "I'm out" buttons of an occurrence. */
function signUpRow(loc: Locale, occurrence: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'weekly', joining: true, occurrence }))
      .setLabel(loc.t('weekly:button.in'))
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(encodeId({ kind: 'weekly', joining: false, occurrence }))
      .setLabel(loc.t('weekly:button.out'))
      .setStyle(ButtonStyle.Secondary),
  );
}

/** A scoreboard name (`playerName`), escaped. */
const shownName = (loc: Locale, player: { playerId: string; name: string; bot: boolean }): string => plainText(playerName(loc, player));

/** Names joined with commas, cut to fit in `max` characters ("… and 12 more"). */
function nameList(loc: Locale, names: readonly string[], max: number): string {
  const shown: string[] = [];
  for (const name of names) {
    if ([...shown, name].join(', ').length > max) return loc.t('weekly:more', { names: shown.join(', '), count: names.length - shown.length });
    shown.push(name);
  }
  return shown.join(', ');
}

/**
 * A reminder posted at `postedAt` in `loc`'s language: when the night is, who signed up, and the buttons
 * (mentions the night's role only).
 */
export function renderReminder(loc: Locale, config: Pick<WeeklyConfig, 'roleId'>, night: NightState, postedAt: number): Payload {
  const n = night.signUps.length;
  const title = loc.t('weekly:reminder.title', {
    game: gameName(night.game),
    when: whenFrom(loc, night.startsAt, postedAt, night.timeZone),
    timeZone: night.timeZone,
  });
  const lines = [
    `${config.roleId ? `<@&${config.roleId}> ` : ''}${title}`,
    loc.t('weekly:reminder.how'),
    n
      ? loc.t('weekly:reminder.in', {
          count: n,
          names: nameList(
            loc,
            night.signUps.map((s) => plainText(s.name)),
            1200,
          ),
        })
      : loc.t('weekly:reminder.nobody'),
  ];
  return {
    content: lines.join('\n'),
    components: [signUpRow(loc, night.id)],
    allowedMentions: { parse: [], roles: config.roleId ? [config.roleId] : [] },
  };
}

/** Nobody signed up: no tables this week. */
export function renderNobody(loc: Locale, night: NightState): Payload {
  return {
    content: loc.t('weekly:nobody', { game: gameName(night.game), date: localDate(loc, night.startsAt, night.timeZone) }),
    allowedMentions: { parse: [] },
  };
}

/** The start was missed while the bot was offline: the night is skipped (mentions those who had signed up). */
export function renderSkipped(loc: Locale, night: NightState): Payload {
  const users = night.signUps.map((s) => s.userId);
  const who = users.length ? ` ${users.map((u) => `<@${u}>`).join(' ')}` : '';
  const text = loc.t('weekly:skipped', { game: gameName(night.game), date: localDate(loc, night.startsAt, night.timeZone) });
  return { content: `${text}${who}`.slice(0, MAX_CONTENT), allowedMentions: { parse: [], users: users.slice(0, 100) } };
}

/**
 * The night has started: its tables (thread mentions) and who sits where, mentioning the seated players; at a
 * duplicate night of several tables, that they play the same deals (so nobody reads another table's thread early).
 */
export function renderSeating(loc: Locale, night: NightState): Payload {
  if (!night.tables.length) return { content: loc.t('weekly:seating.failed', { game: gameName(night.game) }), allowedMentions: { parse: [] } };
  const lines = [loc.t('weekly:seating.title', { game: gameName(night.game), count: night.tables.length })];
  for (const [i, t] of night.tables.entries())
    lines.push(
      loc.t('weekly:seating.table', {
        number: i + 1,
        thread: t.threadId,
        seats: t.seats.map((s) => (s.bot ? `🤖 ${plainText(s.name)}` : `<@${s.userId}>`)).join(', '),
      }),
    );
  lines.push(loc.t('weekly:seating.hand'));
  if (night.format === 'duplicate' && night.tables.length > 1) lines.push(loc.t('weekly:duplicate.seating'));
  const users = night.tables.flatMap((t) => t.seats.filter((s) => !s.bot).map((s) => s.userId));
  return { content: lines.join('\n').slice(0, MAX_CONTENT), allowedMentions: { parse: [], users: users.slice(0, 100) } };
}

/** One standings line: "1. alice — +3 units · 1 win · 1 game" (the total in the game's measure, src/discord/render/records/measure.ts). */
function standingLine(loc: Locale, game: GameId, position: number, row: NightRow | SeasonTop['rows'][number], total: number): string {
  return loc.t('weekly:standings.line', {
    position,
    name: shownName(loc, row),
    total: measureText(loc, game, total),
    wins: loc.t('weekly:standings.wins', { count: row.wins }),
    games: loc.t('weekly:standings.games', { count: row.games }),
  });
}

/** A duplicate score, signed with one decimal: "+12.5", "−3" (German "+12,5"); higher is better in every game. */
function duplicateNumber(loc: Locale, score: number): string {
  const text = decimal(loc, score, 1);
  return score > 0 && text !== '0' ? `+${text}` : text;
}

/** Lines of a night's standings, best first (a duplicate night's with each player's duplicate score first). */
function standingLines(loc: Locale, game: GameId, rows: readonly NightRow[]): string[] {
  return rows.map((r, i) =>
    r.duplicate === undefined
      ? standingLine(loc, game, i + 1, r, r.total)
      : loc.t('weekly:standings.duplicateLine', {
          position: i + 1,
          name: shownName(loc, r),
          duplicate: duplicateNumber(loc, r.duplicate),
          total: measureText(loc, game, r.total),
          wins: loc.t('weekly:standings.wins', { count: r.wins }),
          games: loc.t('weekly:standings.games', { count: r.games }),
        }),
  );
}

/**
 * Under a duplicate night's title: how its standings read (duplicate score, in the game's deal measure), or that
 * with one table it is ranked by the plain total. Nothing for a plain night.
 */
function duplicateNote(loc: Locale, night: NightState): string[] {
  if (night.format !== 'duplicate' || night.tables.length === 0) return [];
  if (night.tables.length === 1) return [loc.t('weekly:duplicate.oneTable')];
  return [loc.t('weekly:duplicate.how', { measure: loc.t(`weekly:duplicate.measure.${night.game}`) })];
}

/** The season's top five under the night's standings. */
function seasonLines(loc: Locale, game: GameId, season: SeasonTop, timeZone: string): string[] {
  if (!season.rows.length) return [];
  return [
    loc.t('weekly:standings.season', {
      period: periodLabel(loc, season.periodId, timeZone),
      count: season.rows.length,
      order: loc.t(`weekly:standings.order.${season.sort}`),
    }),
    ...season.rows.map((r) => standingLine(loc, game, r.position, r, r.net)),
  ];
}

/** "No game of the night's 2 tables finished with a result." */
const noResult = (loc: Locale, tables: number): string => loc.t('weekly:standings.noResult', { count: tables });

/** The night's standings when its tables are over (posted once in the channel), with the season's top five. */
export function renderStandings(loc: Locale, night: NightState, rows: readonly NightRow[], season: SeasonTop): Payload {
  const lines = [loc.t('weekly:standings.title', { game: gameName(night.game), date: localDate(loc, night.startsAt, night.timeZone) })];
  lines.push(...duplicateNote(loc, night));
  lines.push(...(rows.length ? standingLines(loc, night.game, rows) : [noResult(loc, night.tables.length)]));
  lines.push(...seasonLines(loc, night.game, season, night.timeZone));
  return { content: lines.join('\n').slice(0, MAX_CONTENT), allowedMentions: { parse: [] } };
}

/** `/weekly standings` in `loc`'s language: a night's standings so far (or why there are none). */
export function renderReport(loc: Locale, report: NightReport): Payload {
  const { night, rows, tablesOver } = report;
  const title = loc.t('weekly:report.title', { game: gameName(night.game), date: localDate(loc, night.startsAt, night.timeZone) });
  const tables = night.tables.length;
  const lines =
    night.status === 'empty'
      ? [loc.t('weekly:report.nobody', { title })]
      : night.status === 'skipped' || !tables
        ? [loc.t('weekly:report.noTables', { title })]
        : tablesOver === tables
          ? [
              loc.t('weekly:report.final', { title }),
              ...duplicateNote(loc, night),
              ...(rows.length ? standingLines(loc, night.game, rows) : [noResult(loc, tables)]),
            ]
          : [
              loc.t('weekly:report.soFar', { title, over: tablesOver, count: tables }),
              ...duplicateNote(loc, night),
              ...(rows.length ? standingLines(loc, night.game, rows) : [loc.t('weekly:report.noneYet')]),
            ];
  return { content: lines.join('\n').slice(0, MAX_CONTENT), allowedMentions: { parse: [] } };
}

/**
 * The set-up (or resume) summary in `loc`'s language: what, when, where, the next night, that `resetSignUps`
 * sign-ups of the replaced upcoming night were dropped (if any), and a warning when the event could not be created.
 */
export function renderSetup(loc: Locale, config: WeeklyConfig, eventError: string | null, resetSignUps = 0): string {
  const { startsAt } = config.next;
  const lines = [
    loc.t('weekly:setup.what', {
      game: gameName(config.game),
      day: localWeekday(loc, startsAt, config.timeZone),
      time: localTime(loc, startsAt, config.timeZone),
      timeZone: config.timeZone,
      channel: config.channelId,
      role: config.roleId ? loc.t('weekly:setup.role', { role: config.roleId }) : '',
    }),
    loc.t('weekly:setup.next', { date: localDate(loc, startsAt, config.timeZone), time: localTime(loc, startsAt, config.timeZone) }),
    loc.t('weekly:setup.zone', { timeZone: config.timeZone }),
  ];
  if (config.format === 'duplicate') lines.push(loc.t('weekly:duplicate.setup'));
  if (resetSignUps) lines.push(loc.t('weekly:setup.reset', { count: resetSignUps }));
  if (eventError) lines.push(loc.t('weekly:setup.eventError', { error: eventError.slice(0, 200) }));
  return lines.join('\n');
}

/** `/weekly pause`'s answer: paused, and the upcoming night's event taken off the server's events. */
export const renderPaused = (loc: Locale, config: WeeklyConfig): string =>
  loc.t('weekly:paused', { date: localDate(loc, config.next.startsAt, config.timeZone) });

/** `/weekly cancel`'s answer. */
export const renderCancelled = (loc: Locale): string => loc.t('weekly:cancelled');

/** The server event of a night (its name and description), in the server's language; `channel` is the channel's name. */
export function eventTexts(loc: Locale, config: WeeklyConfig, occ: Occurrence, channel: string): { name: string; description: string } {
  const game = gameName(config.game);
  return {
    name: loc.t('weekly:event.name', { game }).slice(0, 100),
    description: loc
      .t('weekly:event.description', { game, channel, time: localTime(loc, occ.startsAt, config.timeZone), timeZone: config.timeZone })
      .slice(0, 1000),
  };
}

/** The thread of a night's table number `table` (1-based): "Rommé night 2026-12-05 · table 1", at most 100 characters. */
export const threadName = (loc: Locale, night: NightState, table: number): string =>
  loc.t('weekly:thread', { game: gameName(night.game), date: night.id, number: table }).slice(0, 100);

/**
 * The private answer to "I'm in" (`joining`) or "I'm out" pressed at `now`: signed up, already in, out, or not in
 * (`changed` false when nothing changed), with when the night is and how many signed up.
 */
export function signUpText(loc: Locale, night: NightState, now: number, joining: boolean, changed: boolean): string {
  const when = loc.t('weekly:signUp.when', {
    game: gameName(night.game),
    when: whenFrom(loc, night.startsAt, now, night.timeZone),
    date: localDate(loc, night.startsAt, night.timeZone),
    timeZone: night.timeZone,
  });
  const key = joining ? (changed ? 'in' : 'already') : changed ? 'out' : 'notIn';
  return loc.t(`weekly:signUp.${key}`, { when, count: night.signUps.length });
}
