// The three "add" modals against the real server: the shared schemas decide what may be saved, each field shows
// one message in the words the dashboard has always used, and nothing refused reaches the backend.
import type { ReactElement } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { BackendProvider } from '@studio/shared/data';
import { LIMITS } from '@studio/shared/constants';
import { AddPeriodModal } from './add-period-modal';
import { AddUnavailableModal } from './add-unavailable-modal';
import { AddSlotModal } from './add-slot-modal';
import { adminServer } from '../../test-support/admin-server';

let server: StudioServer;
let backend: Backend;
let saves: jest.Mock[];
let onClose: jest.Mock;

beforeEach(async () => {
  ({ server, backend } = await adminServer());
  saves = (['addPeriod', 'addUnavailable', 'addSlot'] as const).map((method) => {
    const original = backend.availability[method] as (input: unknown) => Promise<void>;
    const save = jest.fn((input: unknown) => original(input));
    (backend.availability[method] as unknown) = save;
    return save;
  });
  onClose = jest.fn();
});

const show = (modal: ReactElement) => {
  render(<BackendProvider backend={backend}>{modal}</BackendProvider>);
  return screen.getByRole('dialog');
};
const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const save = (dialog: HTMLElement) =>
  act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await server.idle();
  });

test('two missing dates: one message, both fields marked and described by it, focus on the first', async () => {
  const dialog = show(<AddPeriodModal onClose={onClose} />);
  await save(dialog);
  const alert = within(dialog).getByRole('alert');
  expect(alert).toHaveTextContent(/^Please enter a start date and an end date\.$/);
  for (const label of ['Start date', 'End date']) {
    expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription(alert.textContent!);
  }
  expect(within(dialog).getByLabelText('Start date')).toHaveFocus();
  expect(saves[0]).not.toHaveBeenCalled();
});

test('after a refused Save the messages follow the fields as they change', async () => {
  const dialog = show(<AddUnavailableModal onClose={onClose} />);
  await save(dialog);
  type(dialog, 'Start date', '2031-02-10');
  type(dialog, 'End date', '2031-02-01');
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^The end date must not be before the start date\.$/);
  expect(within(dialog).getByLabelText('Start date')).not.toHaveAttribute('aria-invalid');
  type(dialog, 'End date', '2031-02-12');
  expect(within(dialog).queryByRole('alert')).toBeNull();
  await save(dialog);
  expect(saves[1]).toHaveBeenCalledWith({ startDate: '2031-02-10', endDate: '2031-02-12', reason: '' });
  expect(onClose).toHaveBeenCalled();
});

test('notes over the shared limit are refused in the wording of docs/product.md §5 and never sent', async () => {
  const dialog = show(<AddPeriodModal onClose={onClose} />);
  expect(within(dialog).getByLabelText('Notes')).toHaveAttribute('maxlength', String(LIMITS.notes));
  type(dialog, 'Start date', '2031-02-01');
  type(dialog, 'End date', '2031-02-02');
  // A paste or a script can go past maxlength; the schema is what holds.
  type(dialog, 'Notes', 'x'.repeat(LIMITS.notes + 1));
  await save(dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(
    new RegExp(`^Notes must be ${LIMITS.notes} characters or less$`),
  );
  expect(within(dialog).getByLabelText('Notes')).toHaveFocus();
  expect(saves[0]).not.toHaveBeenCalled();
});

test('a reason with a control character is refused; spaces around it are not saved', async () => {
  const dialog = show(<AddUnavailableModal onClose={onClose} />);
  expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('maxlength', String(LIMITS.notes));
  type(dialog, 'Start date', '2031-02-01');
  type(dialog, 'End date', '2031-02-01');
  type(dialog, 'Reason', 'Travel\u0007');
  await save(dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Reason must not contain control characters$/);
  expect(saves[1]).not.toHaveBeenCalled();
  type(dialog, 'Reason', '  Travel  ');
  await save(dialog);
  expect(saves[1]).toHaveBeenCalledWith({ startDate: '2031-02-01', endDate: '2031-02-01', reason: 'Travel' });
  expect(onClose).toHaveBeenCalled();
});

test('a note that hides or reverses text is refused by the shared rule, in words for the field', async () => {
  const dialog = show(<AddSlotModal onClose={onClose} />);
  type(dialog, 'Date', '2031-03-03');
  type(dialog, 'Notes', 'Studio \u202Eb4');
  await save(dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(
    /^Notes must not contain invisible, text-direction or broken characters$/,
  );
  expect(within(dialog).getByLabelText('Notes')).toHaveFocus();
  expect(saves[2]).not.toHaveBeenCalled();
});

test('a slot whose end time is not after its start is refused on the end time', async () => {
  const dialog = show(<AddSlotModal onClose={onClose} />);
  type(dialog, 'Date', '2031-03-03');
  type(dialog, 'Start time', '17:00');
  type(dialog, 'End time', '09:00');
  await save(dialog);
  const alert = within(dialog).getByRole('alert');
  expect(alert).toHaveTextContent(/^The end time must be after the start time\.$/);
  expect(within(dialog).getByLabelText('End time')).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getByLabelText('End time')).toHaveAccessibleDescription(alert.textContent!);
  expect(within(dialog).getByLabelText('Start time')).not.toHaveAttribute('aria-invalid');
  expect(saves[2]).not.toHaveBeenCalled();
});

test('a slot with a cleared time needs it back, in the same words as a missing date', async () => {
  const dialog = show(<AddSlotModal onClose={onClose} />);
  type(dialog, 'Date', '2031-03-03');
  type(dialog, 'Start time', '');
  await save(dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Please enter a date, a start time and an end time\.$/);
  expect(within(dialog).getByLabelText('Start time')).toHaveFocus();
  type(dialog, 'Start time', '09:00');
  await save(dialog);
  expect(saves[2]).toHaveBeenCalledWith({
    date: '2031-03-03',
    startTime: '09:00',
    endTime: '17:00',
    isAvailable: true,
    notes: '',
  });
});

test('a failed save, then a refused Save: the old failure goes, the field message shows', async () => {
  server.failRequests('POST /api/admin/availability/periods');
  const dialog = show(<AddPeriodModal onClose={onClose} />);
  type(dialog, 'Start date', '2031-02-01');
  type(dialog, 'End date', '2031-02-02');
  await save(dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(
    /^Failed to add availability period\. Please try again\.$/,
  );
  type(dialog, 'End date', '');
  await save(dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Please enter a start date and an end date\.$/);
  expect(onClose).not.toHaveBeenCalled();
});
