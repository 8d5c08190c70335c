// The /security-test page in jsdom with the real kit: the self-tests all pass and are listed, the phishing
// tester flags phrases as the visitor types, and the SecureForm demo blocks a suspicious submission with its warning.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { securityMonitor } from '@studio/security-kit';
import SecurityTestPage from './security-test-page';

const BLOCKED = 'Suspicious content detected. Your submission was blocked.';

beforeEach(() => {
  securityMonitor.clear();
  sessionStorage.clear();
});

function monitorSection() {
  return screen.getByRole('region', { name: 'Security events' });
}

test('the page has its heading and one heading per tool', () => {
  render(<SecurityTestPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Security test' })).toBeInTheDocument();
  for (const name of ['Self-tests', 'Phishing tester', 'Secure form demo', 'Security events']) {
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  }
});

test('Run Tests runs every check in the browser and lists each one as passed', async () => {
  const user = userEvent.setup();
  render(<SecurityTestPage />);
  const status = screen.getByTestId('security-summary');
  expect(status).toHaveTextContent('Not run yet. Press Run Tests to start.');
  expect(screen.queryAllByTestId('security-check')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Run Tests' }));

  expect(status).toHaveAttribute('role', 'status');
  expect(status).toHaveTextContent('24 of 24 passed');
  const items = screen.getAllByTestId('security-check');
  expect(items).toHaveLength(24);
  for (const item of items) {
    expect(item).toHaveTextContent(/^✓ Pass/);
    expect(item).not.toHaveTextContent('Fail');
  }
  // Every helper of the kit (docs/product.md, "Security helpers") has its group.
  for (const group of [
    'Validators',
    'Warnings',
    'Sanitiser',
    'Phishing detector',
    'Rate limiter',
    'CSRF token',
    'Security monitor',
  ]) {
    expect(screen.getByRole('heading', { level: 3, name: group })).toBeInTheDocument();
  }
  expect(screen.getByText('Flags each of the 19 phishing phrases')).toBeInTheDocument();
  expect(screen.getByText('Refuses the 61st request and says when the next is allowed')).toBeInTheDocument();
  // The run leaves the CSRF token where the http adapter keeps it, and is recorded in the page's monitor.
  expect(sessionStorage.getItem('studio.csrf')).toMatch(/^[0-9a-f]{64}$/);
  expect(within(monitorSection()).getByText('Self-tests run: 24 of 24 passed')).toBeInTheDocument();
});

test('the phishing tester lists the flagged phrases live, whatever the case and spacing', async () => {
  const user = userEvent.setup();
  render(<SecurityTestPage />);
  const input = screen.getByLabelText('Text to check');
  const result = screen.getByTestId('phishing-result');
  expect(result).toHaveAttribute('role', 'status');
  expect(result).toHaveTextContent('Nothing to check yet.');

  await user.type(input, 'Hello, I love your portfolio.');
  expect(result).toHaveTextContent('No phishing phrases found.');

  await user.type(input, ' Please VERIFY   your account');
  expect(result).toHaveTextContent('1 phishing phrase found:');
  expect(
    within(result)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['verify your account']);

  await user.type(input, ' and buy a Gift Card');
  expect(result).toHaveTextContent('2 phishing phrases found:');
  expect(
    within(result)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['verify your account', 'gift card']);

  await user.clear(input);
  expect(result).toHaveTextContent('Nothing to check yet.');
});

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  values: { name: string; email: string; message: string },
) {
  await user.type(screen.getByLabelText('Name'), values.name);
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Message'), values.message);
}

test('the SecureForm demo blocks a suspicious submission with its warning and records it in the monitor', async () => {
  const user = userEvent.setup();
  render(<SecurityTestPage />);
  await fillForm(user, { name: 'Ann Lee', email: 'ann@example.com', message: 'Please send a gift card first.' });
  await user.click(screen.getByRole('button', { name: 'Send' }));

  expect(screen.getByRole('alert')).toHaveTextContent(BLOCKED);
  expect(screen.queryByText(/^Accepted\./)).not.toBeInTheDocument();
  const monitor = within(monitorSection());
  expect(monitor.getByText('Blocked submission')).toBeInTheDocument();
  expect(monitor.getByText('Submission blocked: suspicious content in "Message"')).toBeInTheDocument();
  // What was typed is kept so the visitor can fix it.
  expect(screen.getByLabelText('Message')).toHaveValue('Please send a gift card first.');
});

test('the SecureForm demo blocks HTML as well', async () => {
  const user = userEvent.setup();
  render(<SecurityTestPage />);
  await fillForm(user, { name: 'Ann Lee', email: 'ann@example.com', message: '<img src=x onerror=alert(1)>' });
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByRole('alert')).toHaveTextContent(BLOCKED);
});

test('the SecureForm demo shows its required and length messages, then accepts clean values', async () => {
  // About 140 keystrokes, each a re-render with validation: typed without the default pause between keys (a timer
  // turn each), which made this test pass the 5 s limit on a busy 2-core machine.
  const user = userEvent.setup({ delay: null });
  render(<SecurityTestPage />);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByText('Name is required')).toBeInTheDocument();
  expect(screen.getByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Message is required')).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveFocus();

  await user.type(screen.getByLabelText('Name'), 'x'.repeat(51));
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByText('Name must be 50 characters or less')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Name'));
  await fillForm(user, { name: 'Ann Lee', email: 'ann@example.com', message: 'Are you free on 12 May?' });
  await user.click(screen.getByRole('button', { name: 'Send' }));

  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(
    screen.getByText('Accepted. A real form would now send these sanitised values; this demo sends nothing.'),
  ).toBeInTheDocument();
  // Editing again hides the confirmation, so it cannot stand next to a later warning.
  await user.type(screen.getByLabelText('Message'), ' wire transfer');
  expect(screen.queryByText(/^Accepted\./)).not.toBeInTheDocument();
});

test('the monitor shows the page-wide monitor and re-reads it every 30 s', () => {
  jest.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
  try {
    render(<SecurityTestPage />);
    const monitor = within(monitorSection());
    expect(monitor.getByText('No security events recorded.')).toBeInTheDocument();
    act(() => {
      securityMonitor.record('csp-violation', 'script-src blocked https://evil.example/x.js');
    });
    expect(monitor.getByText('script-src blocked https://evil.example/x.js')).toBeInTheDocument();

    const updated = () => monitor.getByText('Last updated').querySelector('time')?.getAttribute('dateTime');
    const before = updated();
    act(() => {
      jest.advanceTimersByTime(29_999);
    });
    expect(updated()).toBe(before);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(updated()).toBe('2026-11-21T08:00:30.000Z');
  } finally {
    jest.useRealTimers();
  }
});
