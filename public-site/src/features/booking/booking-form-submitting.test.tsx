// The booking form's sending against the real server: the states, failures and retries, idempotency keys and the
// server's refusals.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BackendError } from '@studio/shared/data';
import { bookings, field, fillUgc, select, setup, submitButton } from './booking-form-support';

describe('submitting', () => {
  test("'Submitting...' while sending, 'Thank You!' for 3 s, then the form resets", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { server, create, realCreate } = await setup();
    let release: () => void = () => undefined;
    create.mockImplementation(async (input, key) => {
      await new Promise<void>((r) => (release = r));
      return realCreate(input, key);
    });
    // The page's first reads, over real HTTP: the fake clock does not move them, so they are waited for.
    await act(() => server.idle());
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();

    await act(async () => {
      release();
      await server.idle();
    });
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).not.toBeInTheDocument();
    expect(field('Full Name')).toHaveValue('');
    expect(select('Service Type')).toHaveValue('');
    expect(field('Project Description')).toHaveValue('');
    expect(field('Full Name')).toHaveFocus();
  });

  test('a failed send keeps what she typed, says it was not sent, and the retry cannot store it twice', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, create } = await setup();
    // The first attempt is stored but its answer is lost: the retry must not create a second booking.
    server.loseNextAnswer('POST /api/bookings');
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your request was not sent.');
    expect(alert).toHaveTextContent('Press the button again to retry.');
    expect(field('Full Name')).toHaveValue('Jane Doe');
    expect(field('Project Description')).toHaveValue('Three reels for a launch.');
    expect(select('Service Package')).toHaveValue('ugc-single');

    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(2);
    const [first, second] = create.mock.calls;
    expect(second?.[1]).toBe(first?.[1]);
    expect(await bookings(server)).toHaveLength(1);
  });

  test('an edited request after a lost answer gets a new key, so it is stored, not refused as a reused key', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, create } = await setup();
    server.loseNextAnswer('POST /api/bookings');
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    await screen.findByRole('alert');
    await user.type(field('Project Description'), ' And a poster.');
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    const [first, second] = create.mock.calls;
    expect(second?.[1]).not.toBe(first?.[1]);
    expect(await bookings(server)).toHaveLength(2);
  });

  test('after a success the next request gets a fresh idempotency key', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { create, server } = await setup();
    // The page's first reads, over real HTTP: the fake clock does not move them, so they are waited for.
    await act(() => server.idle());
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    await act(() => server.idle());
    await screen.findByRole('heading', { name: 'Thank You!' });
    await act(async () => jest.advanceTimersByTime(3000));
    await fillUgc(user);
    await user.click(submitButton());
    await act(() => server.idle());
    await screen.findByRole('heading', { name: 'Thank You!' });
    expect(create.mock.calls[1]?.[1]).not.toBe(create.mock.calls[0]?.[1]);
    expect(await bookings(server)).toHaveLength(2);
  });

  test("the server's field errors are shown next to the fields", async () => {
    const user = userEvent.setup({ delay: null });
    const { create } = await setup();
    create.mockRejectedValueOnce(
      new BackendError('validation', 'Some fields are not valid.', {
        status: 400,
        fieldErrors: { email: ['Must be a valid e-mail address'], description: ['Must be 2000 characters or less'] },
      }),
    );
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    expect(await screen.findByText('Must be a valid e-mail address')).toBeInTheDocument();
    expect(field('Email Address')).toHaveAccessibleDescription('Must be a valid e-mail address');
    expect(field('Project Description')).toHaveAccessibleDescription('Must be 2000 characters or less');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your request was not sent. Please correct the highlighted fields.',
    );
  });

  test("the server's refusals are shown in its words, e.g. a rate limit", async () => {
    const user = userEvent.setup({ delay: null });
    const { create } = await setup();
    create.mockRejectedValueOnce(
      new BackendError('rate-limited', 'Too many requests.', { status: 429, retryAfter: 42 }),
    );
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 42 seconds.');
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });
});
