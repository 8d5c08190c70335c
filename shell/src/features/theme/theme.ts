// The site's theme: follows the system preference until the visitor chooses, then remembers the choice.
// The choice is applied as <html data-theme>, which global.css lets win over prefers-color-scheme. The pre-paint part
// lives in src/theme-init.js (a blocking script in <head>), which reads the same key.
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'studio-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme in force: the visitor's choice, else the system's. */
export function currentTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function chooseTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered when storage is blocked; it still applies to this page.
  }
  document.documentElement.setAttribute('data-theme', theme);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  // Another tab's choice, or a system change while no choice is stored, changes what is in force here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const theme = storedTheme();
    if (theme) document.documentElement.setAttribute('data-theme', theme);
    else document.documentElement.removeAttribute('data-theme');
    listener();
  };
  window.addEventListener('storage', onStorage);
  media?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener('change', listener);
  };
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as Theme);
  const toggle = useCallback(() => chooseTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
