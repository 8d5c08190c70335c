// The navbar's dark-mode switch. It names what it will do ('Switch to dark theme') and shows the theme in force.
import { messages } from '../../messages';
import { useTheme } from './theme';
import './theme-toggle.css';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  // Both icons are in the markup and the stylesheet shows the one of the theme in force, so the server's HTML shows
  // the right one before any script: the island loader (src/islands/island-loader.ts) toggles the theme without
  // React and sets the label from the two it finds here, and React's first render matches that markup.
  return (
    <button
      type="button"
      className="theme-toggle"
      data-island="theme-toggle"
      data-label-to-dark={messages.theme.toDark}
      data-label-to-light={messages.theme.toLight}
      onClick={toggle}
      aria-label={dark ? messages.theme.toLight : messages.theme.toDark}
      title={dark ? messages.theme.toLight : messages.theme.toDark}
    >
      <MoonIcon />
      <SunIcon />
    </button>
  );
}

function MoonIcon() {
  return (
    <svg
      className="theme-icon-moon"
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg
      className="theme-icon-sun"
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="4.5" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}
