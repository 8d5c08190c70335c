// Renders shell parts with a backend from context, as bootstrap.tsx provides it: tests hand in the http adapter to
// the test server (shared/src/test-support/studio-server.ts).
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BackendProvider, type Backend } from '@studio/shared/data';

export function renderWithBackend(ui: ReactNode, backend: Backend) {
  return render(<BackendProvider backend={backend}>{ui}</BackendProvider>);
}
