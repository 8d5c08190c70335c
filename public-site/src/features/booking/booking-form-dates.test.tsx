// The booking form's dates against the real server: unavailable dates, the calendar and its keyboard.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMonths, format } from 'date-fns';
import { dateInput, day, field, fillUgc, monthCell, setup, submitButton, turnTo } from './booking-form-support';

describe('dates', () => {
  test('an unavailable date stops the submit with the docs/product.md §5 message; one availability request serves it all', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, create } = await setup();
    await screen.findByRole('textbox', { name: 'Full Name' });
    await fillUgc(user);
    fireEvent.change(dateInput('Preferred Date'), { target: { value: day(4) } });
    expect(screen.getByText('This date is not available. Please choose another one.')).toBeInTheDocument();

    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The following dates are not available: ${day(4)}. Please select different dates.`,
    );
    expect(create).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Suggest next available date for Preferred Date' }));
    expect(dateInput('Preferred Date')).toHaveValue(day(3));
    expect(screen.getByText('This date is available.')).toBeInTheDocument();
    expect(server.requests('GET /api/availability')).toBe(1);
  });

  test('photoshoot: both dates are checked on submit and listed together', async () => {
    const user = userEvent.setup({ delay: null });
    await setup({ url: '/book-me?selectedService=photoshoot&selectedTier=photoshoot-mini' });
    await user.type(await screen.findByRole('textbox', { name: 'Full Name' }), 'Jane Doe');
    await user.type(field('Email Address'), 'jane@example.com');
    await user.type(field('Consultation Location'), 'Cafe');
    await user.type(field('Shoot Location'), 'Desert');
    await user.type(field('Project Description'), 'Lookbook.');
    fireEvent.change(dateInput('Consultation Meeting Date'), { target: { value: day(2) } });
    fireEvent.change(dateInput('Preferred Shoot Date'), { target: { value: day(4) } });
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The following dates are not available: ${day(4)}, ${day(2)}. Please select different dates.`,
    );
  });

  test('no available date in the next 30 days is said plainly', async () => {
    const user = userEvent.setup({ delay: null });
    await setup({
      seed: {
        availability: {
          periods: [
            {
              startDate: day(40),
              endDate: day(60),
              isAvailable: true,
              notes: '',
            },
          ],
          unavailable: [],
          slots: [],
        },
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Service Type' }), 'usergeneratedcontent');
    await user.click(screen.getByRole('button', { name: 'Suggest next available date for Preferred Date' }));
    expect(screen.getByText(/No available date in the next 30 days/)).toBeInTheDocument();
    expect(dateInput('Preferred Date')).toHaveValue('');
  });

  test('the calendar opens on the month of the first day that can be booked', async () => {
    const user = userEvent.setup({ delay: null });
    const nextMonth = format(addMonths(new Date(), 1), 'yyyy-MM');
    const open = `${nextMonth}-10`;
    await setup({
      url: '/book-me?selectedService=usergeneratedcontent',
      seed: {
        availability: {
          periods: [
            {
              startDate: open,
              endDate: `${nextMonth}-20`,
              isAvailable: true,
              notes: '',
            },
          ],
          unavailable: [],
          slots: [],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Show calendar' }));
    const calendar = await screen.findByRole('group', { name: 'Calendar for Preferred Date' });
    // Nothing of this month can be booked: the grid shown is next month's, with its first open day to pick.
    const first = await waitFor(() => {
      const cell = monthCell(calendar, open);
      expect(cell).not.toBeNull();
      return cell!;
    });
    expect(first).not.toHaveAttribute('data-disabled');
    expect(monthCell(calendar, format(new Date(), 'yyyy-MM-dd'))).toBeNull();
    await user.click(first.querySelector('button')!);
    expect(dateInput('Preferred Date')).toHaveValue(open);
  });

  test('the calendar shows unavailable days as unavailable before picking, and a pick fills the field', async () => {
    const user = userEvent.setup({ delay: null });
    await setup({ url: '/book-me?selectedService=usergeneratedcontent' });
    await user.click(await screen.findByRole('button', { name: 'Show calendar' }));
    const calendar = await screen.findByRole('group', { name: 'Calendar for Preferred Date' });
    const cell = (iso: string) => monthCell(calendar, iso);
    const show = async (iso: string) => {
      await turnTo(user, calendar, iso);
      return cell(iso);
    };
    // today+1 is blocked by the unavailable range, today+4 by its only (unavailable) time slot.
    expect(await show(day(1))).toHaveAttribute('data-disabled', 'true');
    expect(cell(day(1))?.querySelector('button')).toBeDisabled();
    expect(await show(day(4))).toHaveAttribute('data-disabled', 'true');
    const free = await show(day(5));
    expect(free).not.toHaveAttribute('data-disabled');
    await user.click(free!.querySelector('button')!);
    expect(dateInput('Preferred Date')).toHaveValue(day(5));
    expect(screen.getByRole('button', { name: 'Show calendar' })).toHaveFocus();
  });
});

test('the calendar works from the keyboard: focus moves into it, arrows move, Enter picks, Escape closes', async () => {
  const user = userEvent.setup({ delay: null });
  await setup({ url: '/book-me?selectedService=usergeneratedcontent' });
  const toggle = await screen.findByRole('button', { name: 'Show calendar' });
  toggle.focus();
  await user.keyboard('{Enter}');
  const calendar = await screen.findByRole('group', { name: 'Calendar for Preferred Date' });
  await waitFor(() => expect(calendar).toContainElement(document.activeElement as HTMLElement));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('group', { name: 'Calendar for Preferred Date' })).not.toBeInTheDocument();
  expect(toggle).toHaveFocus();

  await user.keyboard('{Enter}');
  await screen.findByRole('group', { name: 'Calendar for Preferred Date' });
  // Focus starts on today; today..today+2 are unavailable, so the first arrow steps land on available days later on.
  await waitFor(() => expect(document.activeElement?.closest('[data-day]')).not.toBeNull());
  const start = document.activeElement?.closest('[data-day]')?.getAttribute('data-day');
  await user.keyboard('{ArrowRight}');
  const next = document.activeElement?.closest('[data-day]')?.getAttribute('data-day');
  expect(next).not.toBe(start);
  await user.keyboard('{Enter}');
  expect(dateInput('Preferred Date')).toHaveValue(next);
});
