/**
 * The resource files, one per language and namespace (src/i18n/<lang>/<namespace>.json). A namespace holds one part
 * of the bot: `common` (seats, buttons, errors and refusals shared by every part, the lobby, /settings), `commands`
 * (slash-command names, descriptions, options and choices), one per game (its table, hand, narration, refusals,
 * options, records and /rules), `records` (/scoreboard, /stats, /history, /replay) and `weekly` (the game night).
 */
import deCommon from './de/common.json' with { type: 'json' };
import deCommands from './de/commands.json' with { type: 'json' };
import deDreierles from './de/dreierles.json' with { type: 'json' };
import deRecords from './de/records.json' with { type: 'json' };
import deReunion from './de/reunion.json' with { type: 'json' };
import deRomme from './de/romme.json' with { type: 'json' };
import deWeekly from './de/weekly.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enCommands from './en/commands.json' with { type: 'json' };
import enDreierles from './en/dreierles.json' with { type: 'json' };
import enRecords from './en/records.json' with { type: 'json' };
import enReunion from './en/reunion.json' with { type: 'json' };
import enRomme from './en/romme.json' with { type: 'json' };
import enWeekly from './en/weekly.json' with { type: 'json' };

/** Every namespace; `common` is the default (keys without a `namespace:` prefix). */
export const NAMESPACES = ['common', 'commands', 'reunion', 'dreierles', 'romme', 'records', 'weekly'] as const;

/** The resources by language and namespace, as i18next takes them. */
export const RESOURCES = {
  en: {
    common: enCommon,
    commands: enCommands,
    reunion: enReunion,
    dreierles: enDreierles,
    romme: enRomme,
    records: enRecords,
    weekly: enWeekly,
  },
  de: {
    common: deCommon,
    commands: deCommands,
    reunion: deReunion,
    dreierles: deDreierles,
    romme: deRomme,
    records: deRecords,
    weekly: deWeekly,
  },
} as const;
