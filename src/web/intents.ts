/**
 * A web socket's intents, applied as the chat's buttons apply them: a move through `TableService.act` with the stamp
 * of the table the socket was shown (so a move at an old version, or for a table that was replaced, is `stale`), the
 * lobby's join, leave, start and fill through the same service calls as the lobby buttons. The chat's screens (the
 * board, live hands, pings) are then told of the change as a button's handler tells them; the sockets get it from the
 * table's change event (src/web/hub.ts). A refusal is answered to the socket alone: the table refusal's sentence, or
 * the engine's `IllegalReason` as `<game>:refusal.<code>`; nothing was changed.
 */
import { IllegalMoveError } from '../games/types.ts';
import type { Locale, Text } from '../i18n/index.ts';
import type { Logger } from '../logger.ts';
import { Refusal } from '../refusal.ts';
import { LockTimeoutError } from '../store/lock.ts';
import { stampOf, type TableService } from '../tables/service.ts';
import type { TableRecord } from '../tables/types.ts';
import type { Viewer } from './hub.ts';
import type { IntentFrame, LobbyAction, LobbyFrame, RefusedFrame } from './protocol.ts';

/** The chat's screens of a table, as a button's handler updates them (src/discord/views.ts `TableViews`). */
export interface ChatScreens {
  /** A move was stored (with its engine events). */
  moved(table: TableRecord, events: unknown[]): Promise<void>;
  /** The table changed outside play (lobby, seats, a start, a player back). */
  refresh(table: TableRecord): Promise<void>;
  /** Public lines that are not a move's events (a player left, a seat taken over) were stored with `table`. */
  noted(table: TableRecord, lines: readonly string[]): Promise<void>;
  /** The table was closed without a result: its board `messageId` becomes `content`. */
  closed(channelId: string, messageId: string, content: Text): Promise<void>;
}

/** What applying intents needs. */
export interface IntentDeps {
  tables: TableService;
  screens: ChatScreens;
  /** The language of a guild's public lines. */
  guildLocale(guildId: string): Promise<Locale>;
  log: Logger;
}

/** The `refused` frame of an error thrown by the table layer; rethrows anything else. */
export function refusalOf(err: unknown, id: number | undefined): RefusedFrame {
  const base = id === undefined ? {} : { id };
  if (err instanceof Refusal)
    return { type: 'refused', ...base, code: err.code, key: err.text.key, ...(err.text.vars ? { vars: jsonVars(err.text.vars) } : {}) };
  if (err instanceof IllegalMoveError)
    return {
      type: 'refused',
      ...base,
      code: err.reason.code,
      key: `${err.game ?? 'common'}:refusal.${err.reason.code}`,
      ...(err.reason.vars ? { vars: jsonVars(err.reason.vars) } : {}),
    };
  if (err instanceof LockTimeoutError) return { type: 'refused', ...base, code: 'busy', key: 'error.busy' };
  throw err;
}

/** Variables as JSON (a nested `Text` stays an object the client translates first). */
const jsonVars = (vars: Record<string, unknown>): NonNullable<RefusedFrame['vars']> =>
  JSON.parse(JSON.stringify(vars)) as NonNullable<RefusedFrame['vars']>;

/** Applies one socket's intents (see the file's comment). */
export class Intents {
  constructor(private readonly deps: IntentDeps) {}

  /** A game move; resolves to the refusal, or null when it was stored. */
  async move(viewer: Viewer, frame: IntentFrame): Promise<RefusedFrame | null> {
    const { tables } = this.deps;
    const stamp = viewer.shown ? stampOf({ id: viewer.shown.tableId, version: frame.version }) : '';
    try {
      const outcome = await tables.act(viewer.channel, actorOf(viewer), stamp, frame.move);
      await this.after(() => this.deps.screens.moved(outcome.table, outcome.events));
      return null;
    } catch (err) {
      return refusalOf(err, frame.id);
    }
  }

  /** A lobby action (or `back`); resolves to the refusal, or null when it was stored. */
  async lobby(viewer: Viewer, frame: LobbyFrame): Promise<RefusedFrame | null> {
    try {
      const before = await this.deps.tables.require(viewer.channel);
      if (!viewer.shown || viewer.shown.tableId !== before.id || viewer.shown.version !== frame.version) throw new Refusal('stale', 'refusal.stale');
      await this.apply(viewer, frame, before);
      return null;
    } catch (err) {
      return refusalOf(err, frame.id);
    }
  }

  private async apply(viewer: Viewer, frame: LobbyFrame, before: TableRecord): Promise<void> {
    const { tables, screens } = this.deps;
    const actor = actorOf(viewer);
    const channel = viewer.channel;
    const action: LobbyAction = frame.action;
    switch (action) {
      case 'join': {
        if (before.status === 'playing') {
          const { table, seat, replaced, left } = await tables.takeover(channel, actor);
          const loc = await this.deps.guildLocale(table.guildId);
          const line = loc.t(left ? 'table.taken_over_left' : 'table.taken_over', { user: actor.userId, seat: seat + 1, replaced });
          return this.after(() => screens.noted(table, [line]));
        }
        const { table } = await tables.join(channel, actor);
        return this.after(() => screens.refresh(table));
      }
      case 'leave': {
        if (before.status !== 'lobby') throw new Refusal('not_in_lobby', 'refusal.leave_button_started');
        const table = await tables.leave(channel, actor);
        if (table) return this.after(() => screens.refresh(table));
        if (before.messageId) {
          const messageId = before.messageId;
          await this.after(() => screens.closed(channel, messageId, { key: 'table.closed_empty' }));
        }
        return;
      }
      case 'start': {
        const table = await tables.start(channel, actor);
        return this.after(() => screens.refresh(table));
      }
      case 'fill': {
        const table = await tables.fillWithBots(channel, actor);
        return this.after(() => screens.refresh(table));
      }
      case 'back': {
        const table = await tables.back(channel, actor);
        return this.after(() => screens.refresh(table));
      }
    }
  }

  /** Update the chat's screens after a stored change; a failure there is logged (the change is made). */
  private async after(show: () => Promise<void>): Promise<void> {
    await show().catch((err: unknown) => this.deps.log.warn({ err }, 'a web table change was stored, but the chat could not be updated'));
  }
}

/** The table layer's actor of a socket's user. */
const actorOf = (viewer: Viewer): { userId: string; name: string } => ({ userId: viewer.user.id, name: viewer.user.name });
