// Renders the public site at a path inside a memory router, with the location shown for navigation assertions.
// Tests install the backend with jest.mock('@studio/shared/backend', ...) (see the tests' headers).
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@studio/shared/router';
import PublicSiteApp from '../app/app';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PublicSiteApp />
      <LocationProbe />
    </MemoryRouter>,
  );
}
