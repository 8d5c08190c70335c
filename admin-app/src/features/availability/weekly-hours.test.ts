// The editor's arithmetic: hours become back-to-back slots of her length, and stored slots read back as the hours.
import { slotsBetween, slotsOfWeek, weekOfSlots } from './weekly-hours';

test('10:00 to 18:00 in one-hour slots is eight slots, the last ending at 18:00', () => {
  const slots = slotsBetween('10:00', '18:00', 60);
  expect(slots).toHaveLength(8);
  expect(slots[0]).toEqual({ startTime: '10:00', endTime: '11:00' });
  expect(slots.at(-1)).toEqual({ startTime: '17:00', endTime: '18:00' });
});

test('a last piece shorter than a slot is left out; nothing for hours that end before they start', () => {
  expect(slotsBetween('10:00', '11:40', 45)).toEqual([
    { startTime: '10:00', endTime: '10:45' },
    { startTime: '10:45', endTime: '11:30' },
  ]);
  expect(slotsBetween('12:00', '10:00', 30)).toEqual([]);
});

test('only open days are saved, and what is saved reads back as the same hours', () => {
  const week = weekOfSlots([]);
  week.days[1] = { open: true, from: '10:00', to: '12:00' };
  week.days[3] = { open: true, from: '14:00', to: '15:30' };
  week.minutes = 30;
  const saved = slotsOfWeek(week);
  expect(saved.map((s) => s.weekday)).toEqual([1, 1, 1, 1, 3, 3, 3]);
  const again = weekOfSlots(saved.map((s, i) => ({ id: String(i), ...s })));
  expect(again.minutes).toBe(30);
  expect(again.days[1]).toEqual({ open: true, from: '10:00', to: '12:00' });
  expect(again.days[3]).toEqual({ open: true, from: '14:00', to: '15:30' });
  expect(again.days[0]?.open).toBe(false);
});
