/**
 * `/table new|join|leave|start|status|cancel|takeover` and `/table bot add|remove` — open and run the channel's table.
 */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { BOT_LEVELS, type BotLevel } from '../src/bots/types.ts';
import { actorOf, addBot, cancelTable, channelOf, joinTable, leaveTable, removeBot, startTable, takeover } from '../src/discord/actions.ts';
import type { Command } from '../src/discord/context.ts';
import { afterChange } from '../src/discord/errors.ts';
import { TABLE_CHANNEL_PERMISSIONS } from '../src/discord/permissions.ts';
import { renderPublic } from '../src/discord/render/index.ts';
import { replyPrivately, replyPublicly } from '../src/discord/respond.ts';
import { formatOption } from '../src/discord/render/lobby.ts';
import { GAMES } from '../src/tables/games.ts';
import { ENGLISH } from '../src/i18n/index.ts';
import { DEFAULT_TURN_TIMER_S } from '../src/tables/deadlines.ts';
import { Refusal } from '../src/refusal.ts';

/** Turn timer choices, in seconds (0 = off). */
const TIMER_CHOICES = [30, 60, 120, 300, 600].map((s) => ({ name: `${s} s${s === DEFAULT_TURN_TIMER_S ? ' (default)' : ''}`, value: s }));

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Refuse (`Refusal('bad_input')`) when the bot lacks a permission it needs in the interaction's channel. */
function requireChannelPermissions(interaction: ChatInputCommandInteraction): void {
  const missing = TABLE_CHANNEL_PERMISSIONS.filter(({ flag }) => !interaction.appPermissions.has(flag)).map(({ name }) => name);
  if (missing.length)
    throw new Refusal(
      'bad_input',
      `I cannot run a table in this channel: I am missing ${missing.map((m) => `**${m}**`).join(', ')}. Ask a server admin to grant ${missing.length > 1 ? 'them' : 'it'} to me here, then try again.`,
    );
}

export const table: Command = {
  data: new SlashCommandBuilder()
    .setName('table')
    .setDescription("Start, join and run this channel's card table")
    .setDMPermission(false)
    .addSubcommand((sub) => {
      sub
        .setName('new')
        .setDescription('Open a table in this channel')
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('Which game')
            .setRequired(true)
            .addChoices(...Object.values(GAMES).map((g) => ({ name: g.name, value: g.id }))),
        )
        .addIntegerOption((o) =>
          o
            .setName('turn_timer')
            .setDescription(`Seconds per turn before the computer plays it for the player (default ${DEFAULT_TURN_TIMER_S}; off for relaxed games)`)
            .addChoices(...TIMER_CHOICES, { name: 'off', value: 0 }),
        );
      const seen = new Set<string>();
      for (const game of Object.values(GAMES))
        for (const opt of game.options)
          if (!seen.has(opt.key)) {
            seen.add(opt.key);
            const describe = `${game.name}: ${ENGLISH.t(`${game.id}:option.${opt.key}`)}`.slice(0, 100);
            if (opt.type === 'boolean') sub.addBooleanOption((o) => o.setName(snake(opt.key)).setDescription(describe));
            else sub.addIntegerOption((o) => o.setName(snake(opt.key)).setDescription(describe).setMinValue(opt.min).setMaxValue(opt.max));
          }
      return sub;
    })
    .addSubcommand((sub) => sub.setName('join').setDescription('Take a seat at the table'))
    .addSubcommand((sub) => sub.setName('leave').setDescription('Leave the table before it starts'))
    .addSubcommand((sub) => sub.setName('start').setDescription('Start the game (host)'))
    .addSubcommand((sub) => sub.setName('status').setDescription("Show the table's state (only to you)"))
    .addSubcommand((sub) => sub.setName('cancel').setDescription('Close the table without a result (host or Manage Messages)'))
    .addSubcommand((sub) => sub.setName('takeover').setDescription('Take the seat of a player who is away'))
    .addSubcommandGroup((group) =>
      group
        .setName('bot')
        .setDescription('Computer players (host, before the start)')
        .addSubcommand((sub) =>
          sub
            .setName('add')
            .setDescription('Seat a computer player')
            .addStringOption((o) =>
              o
                .setName('level')
                .setDescription('How well it plays (default strong)')
                .addChoices(...BOT_LEVELS.map((l) => ({ name: l, value: l }))),
            ),
        )
        .addSubcommand((sub) => sub.setName('remove').setDescription('Remove the last computer player')),
    ),

  async execute(interaction, ctx) {
    const group = interaction.options.getSubcommandGroup(false);
    const subcommand = interaction.options.getSubcommand(false);
    if (group === 'bot') {
      if (subcommand === 'remove') return removeBot(interaction, ctx);
      if (subcommand !== 'add') throw new Refusal('bad_input', `There is no \`/table bot ${subcommand ?? ''}\`; use \`add\` or \`remove\`.`);
      const level = interaction.options.getString('level') ?? 'strong';
      if (!(BOT_LEVELS as readonly string[]).includes(level))
        throw new Refusal('bad_input', `There is no "${level}" level; choose ${BOT_LEVELS.join(' or ')}.`);
      return addBot(interaction, ctx, level as BotLevel);
    }
    if (group !== null) throw new Refusal('bad_input', `There is no \`/table ${group}\` group.`);
    switch (subcommand) {
      case 'new': {
        requireChannelPermissions(interaction);
        const gameId = interaction.options.getString('game');
        if (!gameId) throw new Refusal('bad_input', 'Choose a game: `/table new game:…`.');
        const options: Record<string, unknown> = {};
        for (const game of Object.values(GAMES))
          for (const opt of game.options) {
            const value = opt.type === 'boolean' ? interaction.options.getBoolean(snake(opt.key)) : interaction.options.getInteger(snake(opt.key));
            if (value !== null) options[opt.key] = value;
          }
        const turnTimer = interaction.options.getInteger('turn_timer') ?? undefined;
        const created = await ctx.tables.create(channelOf(interaction), actorOf(interaction), gameId, options, { turnTimer });
        await afterChange('The table is open', async () => {
          const messageId = await replyPublicly(
            interaction,
            renderPublic(await ctx.languages.forInteraction(interaction), ctx.tables, created),
            'Your table is open: see its message below.',
          );
          if (messageId) await ctx.tables.setMessage(created.channelId, messageId);
        });
        return;
      }
      case 'join':
        return joinTable(interaction, ctx);
      case 'leave':
        return leaveTable(interaction, ctx);
      case 'start':
        return startTable(interaction, ctx);
      case 'status': {
        const current = await ctx.tables.require(channelOf(interaction).channelId);
        const shown = renderPublic(await ctx.languages.forInteraction(interaction), ctx.tables, current);
        const options = ctx.tables
          .engine(current)
          .options.map((o) => `${ENGLISH.t(`${current.game}:option.${o.key}`)}: **${formatOption(current.options[o.key])}**`);
        const timer = current.turnTimer ? `${current.turnTimer} s per move` : 'off';
        const content = [shown.content, `Turn timer: ${timer}`, options.length ? `Options — ${options.join(' · ')}` : '']
          .filter(Boolean)
          .join('\n')
          .slice(0, 2000);
        await replyPrivately(interaction, { ...shown, content, components: [], allowedMentions: { parse: [] } });
        return;
      }
      case 'cancel':
        return cancelTable(interaction, ctx);
      case 'takeover':
        return takeover(interaction, ctx);
      default:
        throw new Refusal('bad_input', `There is no \`/table ${subcommand ?? ''}\`.`);
    }
  },
};
