// The dashboard's Availability tab against the real server (test-support/dashboard.tsx): the lists and the calendar,
// the modals with their validation and the failure alerts of docs/product.md §8, and deletes that ask first and offer
// Undo.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { addCalendarDays } from '@studio/shared/domain';
import { memory, renderApp, server, signedInEachTest, today } from '../test-support/dashboard';

signedInEachTest();

describe('availability', () => {
  const openTab = () => fireEvent.click(screen.getByRole('tab', { name: 'Availability' }));
  const panel = () => screen.getByRole('tabpanel', { name: 'Availability' });
  const section = (name: string) => within(panel()).getByRole('region', { name });

  test('lists periods, unavailable days and time slots; the calendar marks available, blocked and slot days', async () => {
    await renderApp();
    openTab();
    expect(within(section('Availability periods')).getByText('Open')).toBeInTheDocument();
    expect(within(section('Unavailable days')).getByText('Travel')).toBeInTheDocument();
    expect(within(section('Time slots')).getByText('Morning')).toBeInTheDocument();
    // The calendar opens on today's month; near its end the later days are on the next page. Dates are checked in
    // order, so turning forward is enough.
    const cell = (date: string) => {
      if (!panel().querySelector(`[data-date="${date}"]`))
        fireEvent.click(within(panel()).getByRole('button', { name: 'Next month' }));
      return panel().querySelector(`[data-date="${date}"]`);
    };
    expect(cell(today)).toHaveAttribute('data-state', 'available');
    // A day a tap can block carries its name on its button.
    const named = cell(addCalendarDays(today, 1));
    expect((named?.querySelector('button') ?? named)?.getAttribute('aria-label')).toMatch(/1 time slot/);
    expect(cell(addCalendarDays(today, 3))?.getAttribute('data-state')).toMatch(/blocked|none/);
  });

  test('a period needs start and end dates; then it is added and listed', async () => {
    await renderApp();
    openTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add period' }));
    const dialog = screen.getByRole('dialog', { name: 'Add availability period' });
    expect(within(dialog).getByLabelText('Start date')).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a start date and an end date.');
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2031-02-01' } });
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2031-02-10' } });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'February' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await server.settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section('Availability periods')).getByText('February')).toBeInTheDocument();
  });

  test('an unavailable range needs start and end dates, and the end may not come first', async () => {
    await renderApp();
    openTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add unavailable days' }));
    const dialog = screen.getByRole('dialog', { name: 'Add unavailable days' });
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2031-02-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a start date and an end date.');
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2031-02-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The end date must not be before the start date.');
  });

  test('a time slot defaults to 09:00-17:00 and needs a date', async () => {
    await renderApp();
    openTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add time slot' }));
    const dialog = screen.getByRole('dialog', { name: 'Add time slot' });
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('End time')).toHaveValue('17:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a date, a start time and an end time.');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2031-03-03' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await server.settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section('Time slots')).getByText('Mar 3, 2031, 09:00–17:00')).toBeInTheDocument();
  });

  test('Escape closes a modal and gives focus back to its button', async () => {
    await renderApp();
    openTab();
    const button = screen.getByRole('button', { name: 'Add period' });
    button.focus();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  const failures: Array<[string, string, string, string]> = [
    [
      'Add period',
      'Add availability period',
      'POST /api/admin/availability/periods',
      'Failed to add availability period. Please try again.',
    ],
    [
      'Add unavailable days',
      'Add unavailable days',
      'POST /api/admin/availability/unavailable',
      'Failed to add unavailable day. Please try again.',
    ],
    [
      'Add time slot',
      'Add time slot',
      'POST /api/admin/availability/slots',
      'Failed to add time slot. Please try again.',
    ],
  ];

  test.each(failures)(
    '"%s" failing shows the docs/product.md §8 alert and keeps the modal with its values',
    async (button, title, request, text) => {
      server.failRequests(request);
      await renderApp();
      openTab();
      fireEvent.click(screen.getByRole('button', { name: button }));
      const dialog = screen.getByRole('dialog', { name: title });
      const dateField = within(dialog).queryByLabelText('Date') ?? within(dialog).getByLabelText('Start date');
      fireEvent.change(dateField, { target: { value: '2031-04-01' } });
      const end = within(dialog).queryByLabelText('End date');
      if (end) fireEvent.change(end, { target: { value: '2031-04-02' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
      await server.settle();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace(/\./g, '\\.')}$`));
      expect(dateField).toHaveValue('2031-04-01');
    },
  );

  const deletions: Array<[string, string, string]> = [
    [
      'Availability periods',
      'DELETE /api/admin/availability/periods/',
      'Failed to delete availability period. Please try again.',
    ],
    [
      'Unavailable days',
      'DELETE /api/admin/availability/unavailable/',
      'Failed to delete unavailable day. Please try again.',
    ],
    ['Time slots', 'DELETE /api/admin/availability/slots/', 'Failed to delete time slot. Please try again.'],
  ];

  test.each(deletions)(
    '%s: delete removes the item; a failed delete shows the docs/product.md §8 alert',
    async (name, request, text) => {
      await renderApp();
      openTab();
      server.failRequests(request);
      await deleteAfterConfirming(name);
      expect(within(section(name)).getByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace(/\./g, '\\.')}$`));
      server.restoreNetwork();
      await deleteAfterConfirming(name);
      expect(within(section(name)).queryByRole('button', { name: /^Delete/ })).toBeNull();
      expect(within(section(name)).queryByRole('alert')).toBeNull();
    },
  );

  /** Delete, then the confirmation's Delete. */
  async function deleteAfterConfirming(name: string) {
    fireEvent.click(within(section(name)).getByRole('button', { name: /^Delete/ }));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })));
    await server.settle();
    await server.settle();
  }

  test('a delete asks first: Cancel keeps it; the last period warns that bookings close; Undo brings it back', async () => {
    await renderApp();
    openTab();
    const periods = section('Availability periods');
    const before = (await memory.availability.getPublic()).periods.map(({ startDate, endDate }) => [
      startDate,
      endDate,
    ]);
    expect(before).toHaveLength(1);
    fireEvent.click(within(periods).getByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this availability period?' });
    expect(dialog).toHaveTextContent(
      "This is your last availability period: until you add another, the booking form shows 'No Availability Set' and visitors cannot book.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await memory.availability.getPublic()).periods).toHaveLength(1);

    await deleteAfterConfirming('Availability periods');
    expect((await memory.availability.getPublic()).periods).toHaveLength(0);
    const undo = screen.getByRole('status');
    expect(undo).toHaveTextContent(/^Deleted the availability period /);
    await act(async () => fireEvent.click(within(undo).getByRole('button', { name: 'Undo' })));
    await server.settle();
    expect(
      (await memory.availability.getPublic()).periods.map(({ startDate, endDate }) => [startDate, endDate]),
    ).toEqual(before);
    expect(screen.queryByText(/^Deleted the availability period/)).toBeNull();
  });

  test('Undo of a delete is offered for 10 seconds only', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await renderApp();
      openTab();
      await deleteAfterConfirming('Time slots');
      expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(10_100));
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
