// The new-service form's hint names the address a service's page really has (the route registry's).
import { matchRoute } from '@studio/shared/routes';
import { contentMessages } from './messages';

test("the service id hint shows the service page's real address", () => {
  const hint = contentMessages.services.idHint;
  expect(hint).toContain('(/service/…)');
  // The address it shows, with an id in place of the ellipsis, is the service page of the registry.
  const shown = /\((\/[^)]*)…\)/.exec(hint)?.[1];
  expect(matchRoute(`${shown}brand-shoot`)?.id).toBe('service');
});
