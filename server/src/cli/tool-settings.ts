// The settings every tool starts with (npm run backup, restore, admin, deploy): the service's settings file
// (platform/settings-file.ts: --settings-file, STUDIO_ENV_FILE, or /etc/studio/studio.env) under the tool's own environment,
// parsed with the server's one schema (config.ts). A bad or unreadable setting stops the tool with its name, exit 1.
import { optionsFromEnv, SettingsError, type AppOptions } from '../platform/config';
import { loadToolSettings, SettingsFileError } from '../platform/settings-file';

export interface ToolStart {
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The settings, parsed. */
  options: AppOptions;
}

/** The tool's arguments and settings; undefined (after saying why on standard error) when it cannot start. */
export function startTool(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ToolStart | undefined {
  try {
    const settings = loadToolSettings(argv, env);
    return { args: settings.args, env: settings.env, options: optionsFromEnv(settings.env) };
  } catch (error) {
    if (!(error instanceof SettingsError || error instanceof SettingsFileError)) throw error;
    console.error(error.message);
    return undefined;
  }
}
