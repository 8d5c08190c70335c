// The booking form hydrating the server's HTML after the visitor used it (the island's script arrives late on a slow
// phone): what she typed, ticked or chose is the state it starts from (plain-form-post.tsx, useTypedBeforeHydration).
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BackendProvider, type Backend } from '@studio/shared/data';
import { SHOOT_SERVICE_RULES } from '@studio/shared/domain';
import { changedBeforeHydration } from '../../app/plain-form-post';
import { BookingForm } from './booking-form';
import { EMPTY_BOOKING, type BookingFormValues } from './booking-values';
import { SERVICES as SERVED } from './booking-form-support';

// Her photoshoot as the server gives it: with a consultation first.
const SERVICES = SERVED.map((s) => (s.id === 'photoshoot' ? { ...s, rules: SHOOT_SERVICE_RULES } : s));

// Nothing is sent here: the form only needs a backend in its context.
const backend = {} as Backend;

function form(initial: BookingFormValues) {
  return (
    <BackendProvider backend={backend}>
      <BookingForm
        services={SERVICES}
        availability={null}
        lookupAvailability={() => Promise.reject(new Error('not asked'))}
        today="2026-12-07"
        disabled={false}
        initial={initial}
      />
    </BackendProvider>
  );
}

let container: HTMLDivElement;
let root: Root | undefined;
const recoverable: unknown[] = [];

/** The server's HTML for the form, in the page as a visitor sees it before any script. */
function serverRendered(initial: BookingFormValues) {
  container = document.createElement('div');
  container.innerHTML = renderToString(form(initial));
  document.body.append(container);
  return (selector: string) => container.querySelector(selector) as HTMLInputElement & HTMLSelectElement;
}

async function hydrate(initial: BookingFormValues) {
  await act(async () => {
    root = hydrateRoot(container, form(initial), { onRecoverableError: (e) => recoverable.push(e) });
  });
}

/** What a visitor's browser does when she types into or chooses in a field: the value, then the events. */
function use(el: HTMLInputElement | HTMLSelectElement, value: string) {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  recoverable.length = 0;
});

test('Photoshoot chosen and her name typed before hydration: the form starts from them', async () => {
  const $ = serverRendered(EMPTY_BOOKING);
  expect($('select[name="serviceTierId"]')).toBeNull();
  use($('select[name="serviceId"]'), 'photoshoot');
  use($('input[name="name"]'), 'Jane Early');
  $('input[name="smsOptIn"]').click();

  await hydrate(EMPTY_BOOKING);
  // The photoshoot's own fields, which only the state can add.
  expect($('select[name="serviceTierId"]')).not.toBeNull();
  expect($('input[name="consultationDate"]')).not.toBeNull();
  expect($('input[name="location"]')).not.toBeNull();
  // Kept through the renders that followed (a value the state lacked would have been written over).
  expect($('select[name="serviceId"]').value).toBe('photoshoot');
  expect($('input[name="name"]').value).toBe('Jane Early');
  expect($('input[name="smsOptIn"]').checked).toBe(true);
  // Nothing she left alone is marked as wrong.
  expect(container.querySelectorAll('.field-error')).toHaveLength(0);
  expect(recoverable).toEqual([]);
});

test('a package chosen for the service the page showed goes when she chose another service too', async () => {
  const initial = { ...EMPTY_BOOKING, serviceId: 'usergeneratedcontent', serviceTierId: 'ugc-single' };
  const $ = serverRendered(initial);
  use($('select[name="serviceTierId"]'), 'ugc-monthly');
  use($('select[name="serviceId"]'), 'photoshoot');

  await hydrate(initial);
  expect($('select[name="serviceId"]').value).toBe('photoshoot');
  const tiers = $('select[name="serviceTierId"]');
  expect(Array.from(tiers.options, (o) => o.value)).toEqual(['', 'photoshoot-mini']);
  expect(tiers.value).toBe('');
  // Not kept in the state either: a package of another service would be checked as wrong at once.
  expect(tiers).not.toHaveAttribute('aria-invalid');
  expect(container.querySelectorAll('.field-error')).toHaveLength(0);
});

test('a package changed alone is kept', async () => {
  const initial = { ...EMPTY_BOOKING, serviceId: 'usergeneratedcontent', serviceTierId: 'ugc-single' };
  const $ = serverRendered(initial);
  use($('select[name="serviceTierId"]'), 'ugc-monthly');

  await hydrate(initial);
  expect($('select[name="serviceTierId"]').value).toBe('ugc-monthly');
  expect($('select[name="serviceId"]').value).toBe('usergeneratedcontent');
});

describe('changedBeforeHydration', () => {
  test('lists each named control whose value is no longer the one the server rendered, in the form order', () => {
    const el = document.createElement('form');
    el.innerHTML = `
      <input name="name" value="Kept" />
      <input name="email" value="" />
      <select name="service"><option value="">Choose</option><option value="a" selected>A</option><option value="b">B</option></select>
      <select name="tier"><option value="">Choose</option><option value="x">X</option></select>
      <input type="checkbox" name="sms" checked />
      <input type="radio" name="size" value="s" checked /><input type="radio" name="size" value="m" />
      <textarea name="description">As sent</textarea>
      <input name="untouched" value="same" />
      <input value="no name" />`;
    const field = (selector: string) => el.querySelector(selector) as HTMLInputElement;
    field('[name="email"]').value = 'jane@example.com';
    (el.querySelector('[name="service"]') as HTMLSelectElement).value = 'b';
    field('[name="sms"]').checked = false;
    field('[name="size"][value="m"]').checked = true;
    (el.querySelector('textarea') as HTMLTextAreaElement).value = 'Edited';
    field('[name="untouched"]').value = 'same';
    field(':not([name])').value = 'typed';

    expect(changedBeforeHydration(el)).toEqual([
      ['email', 'jane@example.com'],
      ['service', 'b'],
      ['sms', false],
      ['size', 'm'],
      ['description', 'Edited'],
    ]);
  });
});
