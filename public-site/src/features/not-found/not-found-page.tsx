// The page for a path no route knows.
import { Link } from '@studio/shared/router';
import { messages } from '../../messages';

export function NotFoundPage() {
  return (
    <section className="page not-found">
      <p className="eyebrow">404</p>
      <h1>{messages.notFound.title}</h1>
      <p className="muted">{messages.notFound.body}</p>
      <Link className="btn btn-primary" to="/">
        {messages.notFound.home}
      </Link>
    </section>
  );
}
