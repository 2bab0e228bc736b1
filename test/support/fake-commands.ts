/**
 * The fake Discord's application commands beyond the names and limits of each one (fake-discord.ts
 * `commandProblems`): the Entry Point command of an application with Activities, and how a bulk overwrite keeps ids.
 * Only what Discord's documentation says (developers/interactions/application-commands, "Entry Point Commands", and
 * the Activities guide "Setting Up an Entry Point Command"):
 * - enabling Activities creates a default Entry Point command, `PRIMARY_ENTRY_POINT` (type 4) named "launch" with the
 *   `DISCORD_LAUNCH_ACTIVITY` (2) handler;
 * - an application has at most one, and only globally (no type-4 guild command); `handler` only on type 4, and only
 *   for an application with an Activity; `options` only on `CHAT_INPUT`;
 * - a bulk overwrite replaces **all** types of commands: one left out is deleted; a command named by its `id` (or,
 *   without one, by the same name and type) is updated and keeps its id.
 * Invalid bodies are answered as Discord answers any invalid form body, 400 with code 50035. Discord's documentation
 * does not describe a refusal of an overwrite that leaves the Entry Point out (reported elsewhere as code 50240), so
 * the fake does not model one: there the Entry Point is simply deleted, as the overwrite's rule says.
 */

// Wire payloads are loosely typed on purpose, as in fake-discord.ts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** Command types (application-command-object-application-command-types). */
export const CHAT_INPUT = 1;
export const PRIMARY_ENTRY_POINT = 4;
/** Entry Point handler `DISCORD_LAUNCH_ACTIVITY`. */
export const DISCORD_LAUNCH_ACTIVITY = 2;

/** The default Entry Point command Discord creates when Activities are enabled (without the server's fields). */
export const defaultEntryPoint = (appName: string): Json => ({
  type: PRIMARY_ENTRY_POINT,
  name: 'launch',
  description: `Launch ${appName}`.slice(0, 100),
  handler: DISCORD_LAUNCH_ACTIVITY,
  integration_types: [0],
  contexts: [0, 1, 2],
  default_member_permissions: null,
  nsfw: false,
});

/** What Discord refuses in a bulk overwrite's body beyond each command's names and limits (see the file's comment). */
export function overwriteProblems(body: Json[], guildId: string | null, activities: boolean): string[] {
  const out: string[] = [];
  const entryPoints = body.filter((c) => (c.type ?? CHAT_INPUT) === PRIMARY_ENTRY_POINT);
  if (entryPoints.length && guildId) out.push('PRIMARY_ENTRY_POINT commands can only be global');
  if (entryPoints.length > 1) out.push('only one PRIMARY_ENTRY_POINT command');
  if (entryPoints.length && !activities) out.push('PRIMARY_ENTRY_POINT needs an application with Activities');
  for (const c of body) {
    const type = c.type ?? CHAT_INPUT;
    if (c.handler !== undefined && type !== PRIMARY_ENTRY_POINT) out.push(`${String(c.name)}: handler only on PRIMARY_ENTRY_POINT`);
    if (c.options?.length && type !== CHAT_INPUT) out.push(`${String(c.name)}: options only on CHAT_INPUT`);
  }
  const seen = new Set<string>();
  for (const c of body) {
    const key = `${c.type ?? CHAT_INPUT}:${String(c.name)}`;
    if (seen.has(key)) out.push(`${String(c.name)}: two commands of one type with the same name`);
    seen.add(key);
  }
  return out;
}

/** The id a command of an overwrite keeps: its own `id` when it names one of `existing`, else that of the same name and type. */
export function keptId(command: Json, existing: readonly Json[]): string | undefined {
  const type = command.type ?? CHAT_INPUT;
  if (command.id !== undefined) return existing.find((c) => c.id === command.id)?.id as string | undefined;
  return existing.find((c) => (c.type ?? CHAT_INPUT) === type && c.name === command.name)?.id as string | undefined;
}
