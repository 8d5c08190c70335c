import { useEffect, useState } from 'react';
import { backend } from '@studio/shared/backend';
import type { Service } from '@studio/shared/domain';
import { messages } from '../../messages';

export function HomePage() {
  const [services, setServices] = useState<Service[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    backend.services.list().then(setServices, () => setError(true));
  }, []);
  return (
    <section className="page">
      <h1>{messages.servicesTitle}</h1>
      {error && <p role="alert">{messages.failedToLoadServices}</p>}
      {!services && !error && <p role="status">{messages.loading}</p>}
      <ul className="grid" data-testid="services">
        {services?.map((s) => (
          <li key={s.id} className="card">
            <div className="card-body">
              <h2>{s.displayName}</h2>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
