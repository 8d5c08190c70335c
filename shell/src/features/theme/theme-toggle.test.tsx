import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ThemeToggle } from './theme-toggle';
import { THEME_STORAGE_KEY } from './theme';

type Listener = (event: { matches: boolean }) => void;

/** A controllable prefers-color-scheme: dark. */
function mockSystem(dark: boolean) {
  const listeners = new Set<Listener>();
  const query = {
    matches: dark,
    addEventListener: (_: string, l: Listener) => listeners.add(l),
    removeEventListener: (_: string, l: Listener) => listeners.delete(l),
  };
  window.matchMedia = jest.fn().mockReturnValue(query) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      query.matches = next;
      listeners.forEach((l) => l({ matches: next }));
    },
  };
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

describe('ThemeToggle', () => {
  it('follows the system preference until the visitor chooses', () => {
    const system = mockSystem(true);
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    act(() => system.change(false));
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('applies and remembers the choice, which then wins over the system', async () => {
    const system = mockSystem(false);
    const user = userEvent.setup();
    const { unmount } = render(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    unmount();

    render(<ThemeToggle />);
    act(() => system.change(false));
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});

describe('theme-init.js (runs in <head> before the first paint)', () => {
  const script = readFileSync(path.join(__dirname, '..', '..', 'theme-init.js'), 'utf8');
  const run = () => new Function(script)();

  it('sets the remembered theme on <html>, reading the same key as the toggle', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('leaves the system preference in charge when nothing (or garbage) is stored', () => {
    run();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    run();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });
});
