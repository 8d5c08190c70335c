// A domain list written into SQL: the queries say which statuses close a request with the domain's own constant, so
// a list with anything but plain words (a quote that would end the string) is refused rather than written.
import { CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';
import { sqlTextList } from '../src/platform/sqlite/sql-text-list';

test('the closed statuses become the SQL list the stores query with', () => {
  expect(sqlTextList(CLOSED_STATUSES)).toBe("'Declined', 'Cancelled'");
});

test('a value that is not a plain word, or no value at all, is refused', () => {
  expect(() => sqlTextList(["Declined') OR ('1'='1"])).toThrow('Not a plain word for an SQL list');
  expect(() => sqlTextList([])).toThrow('An SQL list needs at least one value.');
});
