// What other features may use of settings: everything else in this folder is its own.
export type { SettingsStore } from './settings-store';
