// Her consultation hours in the dashboard: she opens Monday 10:00 to 12:00 in one-hour slots and saves;
// the server then offers exactly those slots on a Monday, and the form reads them back as she left them.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import { adminServer } from '../../test-support/admin-server';
import { WeeklyHoursEditor } from './weekly-hours-editor';

test('opening Monday 10:00 to 12:00 in one-hour slots saves two slots; hours with no slot in them are refused', async () => {
  const { server, backend } = await adminServer();
  await act(async () => {
    render(
      <BackendProvider backend={backend} cache={createQueryCache()}>
        <WeeklyHoursEditor weekly={[]} />
      </BackendProvider>,
    );
  });
  fireEvent.change(screen.getByRole('combobox', { name: 'Each consultation' }), { target: { value: '60' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
  fireEvent.change(screen.getByLabelText('Monday from'), { target: { value: '10:00' } });
  fireEvent.change(screen.getByLabelText('Monday until'), { target: { value: '10:30' } });
  expect(screen.getByRole('alert')).toHaveTextContent('No consultation fits in the hours of Monday.');
  fireEvent.change(screen.getByLabelText('Monday until'), { target: { value: '12:00' } });
  expect(screen.getByText('2 slots, 10:00 AM - 12:00 PM')).toBeInTheDocument();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    await server.idle();
  });
  expect(await screen.findByText('Saved.')).toBeInTheDocument();
  const open = await backend.availability.getPublic();
  expect(open.weekly?.map(({ weekday, startTime, endTime }) => ({ weekday, startTime, endTime }))).toEqual([
    { weekday: 1, startTime: '10:00', endTime: '11:00' },
    { weekday: 1, startTime: '11:00', endTime: '12:00' },
  ]);
});
