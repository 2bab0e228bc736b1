/**
 * The one interactionCreate router: slash commands by name, our components by custom_id, everything
 * through the error boundary. Every interaction is watched against Discord's 3-second deadline (deferred in
 * time when the answer is slow, src/discord/respond.ts) and counted against the per-user rate limit
 * (src/discord/ratelimit.ts) before anything is read or changed.
 */
import { DiscordjsErrorCodes, DiscordjsTypeError, type Interaction, type MessageComponentInteraction, MessageFlags } from 'discord.js';
import { Refusal } from '../refusal.ts';
import { comeBack, fillTable, joinTable, leaveTable, requireTableMessage, startTable } from './actions.ts';
import { openWebTable } from './web-open.ts';
import { showHand } from './hand/show.ts';
import type { BotContext, Command } from './context.ts';
import { decodeId } from './customId.ts';
import { answerError } from './errors.ts';
import { handleHandControl } from './hand/clicks.ts';
import { privateLocale } from './language.ts';
import { ActionLimiter, type RateLimitSettings, TOO_FAST } from './ratelimit.ts';
import { replyPrivately, watchDeadline } from './respond.ts';
import { answerStandingsPage } from './scoreboard.ts';
import { answerSignUp } from './weekly.ts';
import { answerHint, answerReview } from './review/answer.ts';

/** Router settings beyond the context. */
export interface RouterOptions {
  /** Per-user rate limit (default: off). */
  rateLimit?: RateLimitSettings;
}

const NOT_OURS = 'refusal.not_ours';

/** discord.js's complaints about options that do not match the command's definition (a stale or forged command). */
const OPTION_ERRORS = new Set<string>([
  DiscordjsErrorCodes.CommandInteractionOptionNotFound,
  DiscordjsErrorCodes.CommandInteractionOptionType,
  DiscordjsErrorCodes.CommandInteractionOptionEmpty,
  DiscordjsErrorCodes.CommandInteractionOptionNoSubcommand,
  DiscordjsErrorCodes.CommandInteractionOptionNoSubcommandGroup,
]);

/** Every component below `rows` (action rows and their children). */
function* componentsOf(rows: readonly unknown[]): Generator<Record<string, unknown>> {
  for (const row of rows) {
    const json = (row as { toJSON?: () => unknown }).toJSON?.() ?? row;
    const c = json as Record<string, unknown>;
    yield c;
    if (Array.isArray(c.components)) yield* componentsOf(c.components);
  }
}

/**
 * Check a component interaction against the message it came from: the message must be the bot's own; an ephemeral
 * message (a hand, a scoreboard page) only answers the user it was shown to — the user of its interaction metadata
 * (Discord shows it to no one else, but a forged interaction can name it); and a select's values must be options of
 * that select (within its count). `hand`: the component is a hand control (says "That hand is not yours" to anyone
 * else). Throws `Refusal('bad_input')` otherwise.
 */
function checkComponent(interaction: MessageComponentInteraction, hand: boolean): void {
  const { message } = interaction;
  if (message.author && message.author.id !== interaction.client.user.id) throw new Refusal('bad_input', NOT_OURS);
  const owner = message.flags.has(MessageFlags.Ephemeral) ? message.interactionMetadata?.user.id : undefined;
  if (owner !== undefined && owner !== interaction.user.id)
    throw new Refusal('bad_input', hand ? 'refusal.not_your_hand' : 'refusal.not_your_message');
  if (!interaction.isStringSelectMenu()) return;
  const values = interaction.values;
  if (values.length > 25 || new Set(values).size !== values.length || values.some((v) => v.length > 100))
    throw new Refusal('bad_input', 'refusal.bad_choice');
  const select = [...componentsOf(message.components ?? [])].find((c) => c.custom_id === interaction.customId);
  if (!select || !Array.isArray(select.options)) return;
  const allowed = new Set((select.options as { value: string }[]).map((o) => o.value));
  const min = typeof select.min_values === 'number' ? select.min_values : 1;
  const max = typeof select.max_values === 'number' ? select.max_values : 1;
  if (values.some((v) => !allowed.has(v)) || values.length < min || values.length > max) throw new Refusal('bad_input', 'refusal.bad_choice');
}

/** Build the handler for `interactionCreate`. */
export function createRouter(
  ctx: BotContext,
  commands: readonly Command[],
  options: RouterOptions = {},
): (interaction: Interaction) => Promise<void> {
  const byName = new Map(commands.map((c) => [c.data.name, c]));
  const limiter = new ActionLimiter(options.rateLimit ?? { actions: 0, windowS: 1 });
  return async (interaction) => {
    if (!interaction.isChatInputCommand() && !interaction.isButton() && !interaction.isStringSelectMenu()) return;
    const stopWatch = watchDeadline(interaction, ctx.log);
    try {
      if (!(await limiter.allow(interaction.user.id))) {
        ctx.log.info({ user: interaction.user.id, interaction: interaction.id }, 'rate limited');
        await replyPrivately(interaction, privateLocale(interaction).say(TOO_FAST));
        return;
      }
      if (interaction.isChatInputCommand()) {
        const command = byName.get(interaction.commandName);
        if (!command) throw new Refusal('bad_input', 'refusal.unknown_command', { command: interaction.commandName });
        try {
          await command.execute(interaction, ctx);
        } catch (err) {
          if (err instanceof DiscordjsTypeError && OPTION_ERRORS.has(err.code))
            throw new Refusal('bad_input', 'refusal.command_mismatch', { command: interaction.commandName });
          throw err;
        }
        return;
      }
      const id = decodeId(interaction.customId);
      if (!id) throw new Refusal('bad_input', NOT_OURS);
      checkComponent(interaction, id.kind === 'hand' || id.kind === 'game' || id.kind === 'hint');
      if (id.kind === 'standings') return await answerStandingsPage(interaction, ctx, id.page);
      if (id.kind === 'weekly') return await answerSignUp(interaction, ctx, id.joining, id.occurrence);
      if (id.kind === 'review') return await answerReview(interaction, ctx, id.table, id.deal);
      if (id.kind === 'hint') {
        if (!interaction.isButton()) throw new Refusal('bad_input', NOT_OURS);
        return await answerHint(interaction, ctx, id.stamp);
      }
      if (id.kind !== 'game' && id.kind !== 'hand' && id.kind !== 'open') await requireTableMessage(interaction, ctx);
      switch (id.kind) {
        case 'join':
          return await joinTable(interaction, ctx);
        case 'leave':
          return await leaveTable(interaction, ctx);
        case 'start':
          return await startTable(interaction, ctx);
        case 'fill':
          return await fillTable(interaction, ctx);
        case 'back':
          return await comeBack(interaction, ctx);
        case 'hand':
          return await showHand(interaction, ctx);
        case 'open':
          return await openWebTable(interaction, ctx);
        case 'game':
          return await handleHandControl(interaction, ctx, id.stamp, id.payload);
      }
    } catch (err) {
      await answerError(interaction, err, ctx.log, ctx.onError);
    } finally {
      stopWatch();
    }
  };
}
