/**
 * The rating chart `/scoreboard chart:true` attaches: a few players' rating ordinals over a span of time, drawn
 * server-side with @napi-rs/canvas as a PNG (lines with a dot per game, axes with ticks, a legend with the names).
 * Deterministic: the same data always gives the same image (no clock, no randomness; dates are formatted in the
 * time zone given). Every word drawn (the axis label, the empty plot's note, the dates) is in the reader's language.
 */
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { DateTime } from 'luxon';
import type { Locale } from '../../i18n/index.ts';
import type { RatingPoint } from '../../records/types.ts';

/** One line of the chart: a player's name and their rating after each game, oldest first. */
export interface ChartSeries {
  name: string;
  points: readonly RatingPoint[];
}

export interface ChartOptions {
  /** Shown above the plot, e.g. "Réunion rating · Q4 2026 season". */
  title: string;
  /** The span of the x axis, epoch ms (`from` < `to`; an empty span is widened to one day). */
  from: number;
  to: number;
  /** IANA time zone the x axis's dates are labelled in. */
  timeZone: string;
}

/** Image size in pixels. */
export const CHART_WIDTH = 900;
export const CHART_HEIGHT = 420;

/** The chart's font: DejaVu Sans (it has μ, σ and the umlauts), registered under this name. */
const FONT = 'DejaVuSans';
const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
if (!GlobalFonts.families.some((f) => f.family === FONT) && existsSync(FONT_FILE)) GlobalFonts.registerFromPath(FONT_FILE, FONT);

/** Line colours, one per series (at most five series are drawn distinctly; more reuse them). */
const COLOURS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f'];
const BACKGROUND = '#2b2d31';
const TEXT = '#dbdee1';
const GRID = '#3f4147';
const PLOT = { left: 64, right: 700, top: 48, bottom: 370 };
const DAY = 86_400_000;

/** About `count` round tick values from at or below `lo` to at or above `hi` (steps of 1, 2 or 5 times a power of ten). */
function niceTicks(lo: number, hi: number, count = 5): number[] {
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let i = Math.floor(lo / step); i <= Math.ceil(hi / step); i++) ticks.push(Number((i * step).toFixed(6)));
  return ticks;
}

/** Date ticks for the x axis: days for up to two weeks, Mondays up to four months, month starts beyond (labels by `Intl`). */
function timeTicks(loc: Locale, from: number, to: number, timeZone: string): { at: number; label: string }[] {
  const span = to - from;
  const unit = span <= 14 * DAY ? 'day' : span <= 120 * DAY ? 'week' : 'month';
  let t = DateTime.fromMillis(from, { zone: timeZone }).startOf(unit);
  if (t.toMillis() < from) t = t.plus({ [unit]: 1 });
  const ticks: { at: number; label: string }[] = [];
  for (; t.toMillis() <= to && ticks.length < 40; t = t.plus({ [unit]: 1 }))
    ticks.push({
      at: t.toMillis(),
      label: loc.date(t.toMillis(), timeZone, unit === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' }),
    });
  return ticks;
}

/** A name for the legend: without emoji and other characters beyond the font's plane, at most 18 characters. */
function legendName(name: string): string {
  const plain = name.replace(/[\u{10000}-\u{10FFFF}]|\uFE0F/gu, '').trim() || '?';
  return plain.length > 18 ? `${plain.slice(0, 17)}…` : plain;
}

/** Draw `text` with its centre (align 'center'), left or right end at x. */
function label(ctx: SKRSContext2D, text: string, x: number, y: number, align: CanvasTextAlign, size = 12): void {
  ctx.font = `${size}px ${FONT}`;
  ctx.textAlign = align;
  ctx.fillText(text, x, y);
}

/**
 * Render the chart as a PNG (`CHART_WIDTH` × `CHART_HEIGHT`). The y axis covers every rating shown and 0 (where every
 * rating starts); with no points at all the plot says "No games yet". Words and numbers in `loc`'s language.
 */
export function renderRatingChart(loc: Locale, series: readonly ChartSeries[], opts: ChartOptions): Buffer {
  const canvas = createCanvas(CHART_WIDTH, CHART_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, CHART_WIDTH, CHART_HEIGHT);
  ctx.fillStyle = TEXT;
  label(ctx, opts.title, CHART_WIDTH / 2, 28, 'center', 16);

  const from = opts.from;
  const to = Math.max(opts.to, from + DAY);
  const values = series.flatMap((s) => s.points.map((p) => p.ordinal));
  let lo = Math.min(0, ...values);
  let hi = Math.max(0, ...values);
  if (hi - lo < 1) [lo, hi] = [lo - 1, hi + 1];
  const yTicks = niceTicks(lo, hi);
  lo = yTicks[0] ?? lo;
  hi = yTicks[yTicks.length - 1] ?? hi;
  const x = (at: number) => PLOT.left + ((Math.min(Math.max(at, from), to) - from) / (to - from)) * (PLOT.right - PLOT.left);
  const y = (v: number) => PLOT.bottom - ((v - lo) / (hi - lo)) * (PLOT.bottom - PLOT.top);

  // Grid and axes.
  ctx.lineWidth = 1;
  for (const v of yTicks) {
    ctx.strokeStyle = GRID;
    ctx.beginPath();
    ctx.moveTo(PLOT.left, y(v));
    ctx.lineTo(PLOT.right, y(v));
    ctx.stroke();
    ctx.fillStyle = TEXT;
    label(ctx, loc.number(v, { maximumFractionDigits: 6, useGrouping: false }).replace('-', '−'), PLOT.left - 8, y(v) + 4, 'right');
  }
  for (const tick of timeTicks(loc, from, to, opts.timeZone)) {
    ctx.strokeStyle = GRID;
    ctx.beginPath();
    ctx.moveTo(x(tick.at), PLOT.top);
    ctx.lineTo(x(tick.at), PLOT.bottom);
    ctx.stroke();
    ctx.fillStyle = TEXT;
    label(ctx, tick.label, x(tick.at), PLOT.bottom + 18, 'center', 11);
  }
  ctx.strokeStyle = TEXT;
  ctx.beginPath();
  ctx.moveTo(PLOT.left, PLOT.top);
  ctx.lineTo(PLOT.left, PLOT.bottom);
  ctx.lineTo(PLOT.right, PLOT.bottom);
  ctx.stroke();
  ctx.save();
  ctx.translate(18, (PLOT.top + PLOT.bottom) / 2);
  ctx.rotate(-Math.PI / 2);
  label(ctx, loc.t('records:chart.axis'), 0, 0, 'center');
  ctx.restore();
  if (!values.length) label(ctx, loc.t('records:chart.empty'), (PLOT.left + PLOT.right) / 2, (PLOT.top + PLOT.bottom) / 2, 'center', 14);

  // One line per player, a dot per game, and the legend on the right.
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length] as string;
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = 2;
    ctx.beginPath();
    s.points.forEach((p, j) => (j === 0 ? ctx.moveTo(x(p.at), y(p.ordinal)) : ctx.lineTo(x(p.at), y(p.ordinal))));
    ctx.stroke();
    for (const p of s.points) {
      ctx.beginPath();
      ctx.arc(x(p.at), y(p.ordinal), 3, 0, 2 * Math.PI);
      ctx.fill();
    }
    const ly = PLOT.top + 10 + i * 24;
    ctx.fillRect(PLOT.right + 24, ly - 6, 16, 4);
    ctx.fillStyle = TEXT;
    label(ctx, legendName(s.name), PLOT.right + 48, ly, 'left', 13);
  });
  return canvas.toBuffer('image/png');
}
