/**
 * The Activity's Entry Point command (`PRIMARY_ENTRY_POINT`, type 4): Discord creates one ("launch", handler
 * `DISCORD_LAUNCH_ACTIVITY`) when Activities are enabled for the application, and it is global only. The bot does
 * not own it, but `npm run deploy-commands` overwrites the global commands in bulk, which replaces every command:
 * so the deploy reads the current ones and sends each Entry Point back as it is (its id, so it is updated, not
 * created anew; its name, handler, contexts...), leaving out only the fields Discord sets itself.
 */
import { ApplicationCommandType, type APIApplicationCommand, type RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody } from 'discord.js';

/** An Entry Point command as the bulk overwrite takes it: its documented parameters, and its `id`. */
export type EntryPointBody = RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody & { id: string };

/** The Entry Point commands among `current` (the application's global commands, fetched with their localizations), ready to send back. */
export function entryPointsOf(current: readonly APIApplicationCommand[]): EntryPointBody[] {
  return current
    .filter((c) => c.type === ApplicationCommandType.PrimaryEntryPoint)
    .map((c) => {
      const body: EntryPointBody = { id: c.id, type: ApplicationCommandType.PrimaryEntryPoint, name: c.name, description: c.description };
      if (c.name_localizations) body.name_localizations = c.name_localizations;
      if (c.description_localizations) body.description_localizations = c.description_localizations;
      if (c.default_member_permissions !== undefined) body.default_member_permissions = c.default_member_permissions;
      if (c.integration_types) body.integration_types = c.integration_types;
      if (c.contexts) body.contexts = c.contexts;
      if (c.nsfw !== undefined) body.nsfw = c.nsfw;
      if (c.handler !== undefined) body.handler = c.handler;
      return body;
    });
}
