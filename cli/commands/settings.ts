// `apiscout settings [get KEY | set KEY VALUE | unset KEY] [--project] [--dir DIR]`: the settings of
// spec §2.6 and the caller's, as in effect for a project, and changes to the user or project file.

import { parseArgs } from 'node:util';
import { describeSettings, SETTINGS, SettingsStore } from '../../core/config/settings';
import type { SettingKey, Settings } from '../../core/config/settings';
import { userConfigDir } from '../../core/config/user-dir';
import { InputError } from '../../core/errors';
import type { CliIO } from '../io';

/** The widest value the listing pads the others to. */
const VALUE_COLUMN = 24;

export const settingsHelp = `Usage: apiscout settings [get KEY | set KEY VALUE | unset KEY] [--project] [--dir DIR]

Without an action, lists every setting with its value and where the value comes from (default,
user, project). Values are JSON (true, 3000, ["a.local"], null) or plain text.

Actions:
  get KEY            one setting's value
  set KEY VALUE      store a value in your user settings (--project: in DIR/.apiscout/settings.json)
  unset KEY          remove a stored value so the level below shows through

Options:
  --project    change the project's settings instead of yours
  --dir DIR    the project (default: the current directory)
  -h, --help   show this help`;

export async function settingsCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      project: { type: 'boolean', default: false },
      dir: { type: 'string', default: '.' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(settingsHelp);
    return 0;
  }
  const store = new SettingsStore({ userDir: userConfigDir(process.env), projectDir: values.dir, warn: (m) => io.err(`warning: ${m}`) });
  const [action, key, value] = positionals;
  const known = (k: string | undefined): SettingKey => {
    if (!k) throw new InputError(`${action} needs a setting name`, action ?? '');
    if (!(k in SETTINGS)) throw new InputError(`unknown setting '${k}' (see 'apiscout settings')`, k);
    return k as SettingKey;
  };
  const show = (k: SettingKey, v: unknown) => ((SETTINGS[k] as { secret?: boolean }).secret && v !== null ? '"******"' : JSON.stringify(v));
  const scope = values.project ? 'project' : 'user';
  switch (action) {
    case undefined: {
      const rows = describeSettings(store).map((r) => ({ ...r, shown: r.secret ? (r.isSet ? '"******"' : 'null') : JSON.stringify(r.value) }));
      const keyWidth = Math.max(...rows.map((r) => r.key.length));
      // Columns line up; a long value (a list of prefixes) pushes only its own line's rest along.
      const valueWidth = Math.min(VALUE_COLUMN, Math.max(...rows.map((r) => r.shown.length)));
      const fromWidth = Math.max(...rows.map((r) => r.from.length)) + 2;
      for (const r of rows) io.out(`${r.key.padEnd(keyWidth)}  ${r.shown.padEnd(valueWidth)}  ${`(${r.from})`.padEnd(fromWidth)}  ${r.label}`);
      return 0;
    }
    case 'get': {
      const k = known(key);
      io.out(show(k, store.read()[k]));
      return 0;
    }
    case 'set': {
      const k = known(key);
      if (value === undefined) throw new InputError(`set ${k} needs a value`, k);
      await store.update(scope, { [k]: parseValue(value) } as Partial<Settings>);
      return 0;
    }
    case 'unset':
      await store.update(scope, { [known(key)]: undefined } as Partial<Settings>);
      return 0;
    default:
      io.err(`apiscout settings: unknown action '${action}'\nRun 'apiscout settings --help' for its usage.`);
      return 2;
  }
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
