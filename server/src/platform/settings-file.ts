// One settings file for the service and every tool (docs/deploy.md, "The settings file"): the unit reads it with
// `EnvironmentFile=`, and `npm run backup`, `restore`, `admin` and `deploy` read the same file, so nothing has to be
// retyped on a command line (a passkey reset once addressed its notice to the default ADMIN_EMAIL because the tool
// was not given hers). Which file: `--settings-file <path>`, else STUDIO_ENV_FILE, else /etc/studio/studio.env when it
// exists. A variable set in the tool's own environment wins over the file (`env DATA_DIR=... npm run restore` restores
// elsewhere on purpose), as systemd's `-E` would.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnvFile } from './env-file';

export const DEFAULT_SETTINGS_FILE = '/etc/studio/studio.env';

export interface ToolSettings {
  /** The arguments without `--settings-file <path>`. */
  args: string[];
  /** The file's values under the process's own environment. */
  env: NodeJS.ProcessEnv;
  /** The file read, if any. */
  file: string | undefined;
}

/** Thrown when the named settings file cannot be read: a tool then stops and says which file. */
export class SettingsFileError extends Error {
  override name = 'SettingsFileError';
}

export function loadToolSettings(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  defaultFile = DEFAULT_SETTINGS_FILE,
): ToolSettings {
  const args: string[] = [];
  let named: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--settings-file') {
      named = argv[++i];
      if (!named) throw new SettingsFileError('--settings-file needs the path of the settings file.');
    } else if (arg.startsWith('--settings-file=')) named = arg.slice('--settings-file='.length);
    // Node 20 takes `--env-file` for itself even after the script's name: it reads the file with its own (dotenv)
    // rules before the tool starts, and stops with exit code 9 when the file is missing. Not this flag, then.
    else if (arg === '--env-file' || arg.startsWith('--env-file='))
      throw new SettingsFileError(
        'Name the settings file with --settings-file <path> (or STUDIO_ENV_FILE): Node reads --env-file itself, with other rules than systemd.',
      );
    else args.push(arg);
  }
  named ??= env.STUDIO_ENV_FILE?.trim() || undefined;
  const file = named ?? (existsSync(defaultFile) ? defaultFile : undefined);
  if (!file) return { args, env, file };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EACCES'
        ? 'permission denied (run the tool as the studio user)'
        : code === 'ENOENT'
          ? 'it does not exist'
          : (error as Error).message;
    throw new SettingsFileError(`The settings file ${file} cannot be read: ${why}.`);
  }
  const { values } = parseEnvFile(text);
  return { args, env: { ...values, ...definedOnly(env) }, file };
}

function definedOnly(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
}
