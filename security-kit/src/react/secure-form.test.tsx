import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSecurityMonitor } from '../monitor/security-monitor';
import { SecureForm, type SecureFormField } from './secure-form';

const FIELDS: SecureFormField[] = [
  { name: 'name', label: 'Name', required: true, max: 50 },
  { name: 'email', label: 'Email', type: 'email', required: true, max: 254 },
  { name: 'phone', label: 'Phone', type: 'tel', max: 20 },
  { name: 'message', label: 'Message', type: 'textarea', required: true, max: 500 },
];

const BLOCKED = 'Suspicious content detected. Your submission was blocked.';

function setup(onSubmit = jest.fn()) {
  const monitor = createSecurityMonitor();
  const user = userEvent.setup();
  render(<SecureForm fields={FIELDS} onSubmit={onSubmit} submitLabel="Send request" monitor={monitor} />);
  const submit = () => user.click(screen.getByRole('button', { name: 'Send request' }));
  return { user, monitor, onSubmit, submit };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const control = screen.getByLabelText(label);
    await user.clear(control);
    // Pasting keeps characters user.type would read as key descriptors ({, [).
    await user.click(control);
    await user.paste(value);
  }
}

describe('SecureForm', () => {
  it('labels every control and uses the requested input types', () => {
    setup();
    expect(screen.getByLabelText('Name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Phone')).not.toBeRequired();
  });

  it('shows "{label} is required" next to each empty required field, and focuses the first', async () => {
    const { submit, onSubmit } = setup();
    await submit();

    for (const label of ['Name', 'Email', 'Message']) {
      const control = screen.getByLabelText(label);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(`${label} is required`);
    }
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-describedby');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the max-length message word for word', async () => {
    const { user, submit, onSubmit } = setup();
    await fill(user, { Name: 'Ana Silva', Email: 'ana@example.com', Message: 'x'.repeat(501) });
    await submit();

    expect(screen.getByText('Message must be 500 characters or less')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Message must be 500 characters or less');
    expect(screen.getByLabelText('Message')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the e-mail and phone formats', async () => {
    const { user, submit } = setup();
    await fill(user, { Name: 'Ana Silva', Email: 'ana@', Phone: '555-1234', Message: 'Hello' });
    await submit();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears a field error as soon as the value is fixed', async () => {
    const { user, submit } = setup();
    await submit();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it.each([
    ['a phishing phrase', 'Please verify   your ACCOUNT here'],
    ['a script', 'Hi <script>alert(1)</script>'],
    ['an HTML tag', 'Hello <img src=x onerror=alert(1)>'],
  ])('blocks a submission containing %s, says so and records it', async (_kind, message) => {
    const { user, submit, onSubmit, monitor } = setup();
    await fill(user, { Name: 'Ana Silva', Email: 'ana@example.com', Message: message });
    await submit();

    expect(screen.getByRole('alert')).toHaveTextContent(BLOCKED);
    expect(onSubmit).not.toHaveBeenCalled();
    const types = monitor.list().map((event) => event.type);
    expect(types).toContain('suspicious-input');
    expect(types).toContain('blocked-submission');
    // The monitor names the field, never the visitor's text.
    expect(monitor.list().some((event) => event.message.includes(message))).toBe(false);
  });

  it('records suspicious input when the visitor leaves the field, once per value', async () => {
    const { user, monitor } = setup();
    await fill(user, { Message: 'Pay with a gift card' });
    await user.tab();
    await user.click(screen.getByLabelText('Message'));
    await user.tab();
    expect(monitor.list().map((event) => event.type)).toEqual(['suspicious-input']);
    expect(monitor.list()[0]?.message).toContain('Message');
  });

  it('submits clean input sanitised and trimmed, and removes the warning', async () => {
    const onSubmit = jest.fn();
    const { user, submit, monitor } = setup(onSubmit);
    await fill(user, { Name: 'Ana Silva', Email: 'ana@example.com', Message: 'buy a gift card' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(BLOCKED);

    await fill(user, {
      Name: "  Zoë O'Brien-Smith ",
      Email: 'zoe@example.com',
      Phone: '+447911123456',
      Message: 'Editorial shoot, budget 500 & up, "golden hour" if possible',
    });
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Zoë OBrien-Smith',
      email: 'zoe@example.com',
      phone: '+447911123456',
      message: 'Editorial shoot, budget 500  up, golden hour if possible',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(monitor.list().filter((event) => event.type === 'blocked-submission')).toHaveLength(1);
  });

  it('can be filled and submitted with the keyboard alone', async () => {
    const onSubmit = jest.fn();
    const { user } = setup(onSubmit);
    await user.tab();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.keyboard('Ana Silva');
    await user.tab();
    await user.keyboard('ana@example.com');
    await user.tab();
    await user.tab();
    await user.keyboard('Hello');
    await user.click(screen.getByLabelText('Email')); // back to a single-line input, where Enter submits
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana Silva', email: 'ana@example.com', phone: '', message: 'Hello' });
  });

  it('shows a generic error when onSubmit fails, and allows another try', async () => {
    const onSubmit = jest.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(undefined);
    const { user, submit } = setup(onSubmit);
    await fill(user, { Name: 'Ana Silva', Email: 'ana@example.com', Message: 'Hello' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('ignores a second submit while the first is pending', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, submit } = setup(onSubmit);
    await fill(user, { Name: 'Ana Silva', Email: 'ana@example.com', Message: 'Hello' });
    await submit();
    expect(screen.getByRole('button', { name: 'Send request' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled());
  });
});
