// The booking form's checks against the real server: the shared schema's errors, the security kit's warnings.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS } from '@studio/shared/domain';
import { SMS_OPT_IN_TEXT } from '@studio/shared/messages';
import { warningMessages } from '@studio/security-kit';
import { bookings, field, fillUgc, schemaMessage, setup, submitButton } from './booking-form-support';

describe('checks: the shared schema for errors, the security kit for warnings', () => {
  test("e-mail, phone and name are checked inline once a field is left, in the schema's words", async () => {
    const user = userEvent.setup({ delay: null });
    await setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email Address' }), 'jane@');
    await user.tab();
    expect(field('Email Address')).toHaveAccessibleDescription(schemaMessage('email', 'jane@'));
    expect(field('Email Address')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('Phone'), '555-12');
    await user.tab();
    expect(screen.getByText(schemaMessage('phone', '555-12'))).toHaveClass('field-error');

    await user.type(field('Full Name'), '<b>Jane</b>');
    await user.tab();
    expect(field('Full Name')).toHaveAccessibleDescription(schemaMessage('name', '<b>Jane</b>'));
  });

  test("a name over the schema's limit gets the schema's own message (the limit is LIMITS.name)", async () => {
    const user = userEvent.setup({ delay: null });
    const { create } = await setup();
    const name = 'A'.repeat(LIMITS.name + 10);
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.clear(field('Full Name'));
    await user.click(field('Full Name'));
    await user.paste(name);
    // Nothing is cut off silently: what she pasted stays, with the reason it cannot be sent.
    expect(field('Full Name')).toHaveValue(name);
    expect(screen.getByText(schemaMessage('name', name))).toHaveClass('field-error');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(field('Full Name')).toHaveFocus();
    expect(create).not.toHaveBeenCalled();
  });

  test('warnings are shown and do not block the request', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await setup();
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user, { email: 'admin@mailinator.com' });
    await user.type(field('Phone'), '12345');

    expect(screen.getByText(warningMessages.adminEmail)).toBeInTheDocument();
    expect(screen.getByText(warningMessages.disposableEmail)).toBeInTheDocument();
    expect(screen.getByText(warningMessages.phoneLength)).toBeInTheDocument();

    // A name the schema takes whatever LIMITS.name is; the e-mail and phone warnings stay on screen.
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Maria Lopez');
    expect(screen.getByText(warningMessages.adminEmail)).toBeInTheDocument();
    expect(screen.getByText(warningMessages.phoneLength)).toBeInTheDocument();
    // Five digits are no phone number: that one is an error, so it goes before sending.
    await user.clear(field('Phone'));
    await user.click(submitButton());
    expect(await screen.findByText('Thank You!')).toBeInTheDocument();
    expect(await bookings(server)).toHaveLength(1);
  });

  test('a name of exactly LIMITS.name characters is sent and stored whole (docs/product.md §5)', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await setup();
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), `Maria ${'a'.repeat(LIMITS.name - 6)}`);

    await user.click(submitButton());
    expect(await screen.findByText('Thank You!')).toBeInTheDocument();
    expect((await bookings(server))[0]?.name).toHaveLength(LIMITS.name);
  });

  test('opting in to SMS needs a phone number', async () => {
    const user = userEvent.setup({ delay: null });
    await setup({ seed: { smsEnabled: true } });
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(screen.getByRole('checkbox', { name: SMS_OPT_IN_TEXT }));
    await user.click(submitButton());
    expect(
      await screen.findByText('Enter a phone number to receive text messages, or untick the box.'),
    ).toBeInTheDocument();
  });
});
