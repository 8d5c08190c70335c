// One area of the Content tab: a section named by its heading (the id `<name>-heading`), an optional Add button
// beside the heading and an optional introduction under it.
import type { ReactNode } from 'react';

export function ContentSection({
  name,
  heading,
  intro,
  add,
  children,
}: {
  name: string;
  heading: string;
  intro?: string;
  add?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  const title = <h2 id={`${name}-heading`}>{heading}</h2>;
  return (
    <section aria-labelledby={`${name}-heading`} className="content-section">
      {add ? (
        <div className="admin-section-head">
          {title}
          <button type="button" className="btn btn-primary" onClick={add.onClick}>
            {add.label}
          </button>
        </div>
      ) : (
        title
      )}
      {intro && <p className="muted">{intro}</p>}
      {children}
    </section>
  );
}
