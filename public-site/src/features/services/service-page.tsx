// /service/{service} (docs/product.md §2): the service with a pricing table of its tiers; each tier's Book button carries
// selectedService and selectedTier to /book-me. 'Service Not Found' when the id is unknown.
import { Link } from '@studio/shared/router';
import { servicePriceText } from '@studio/shared/domain';
import { CONTACT_FOR_PRICING } from '@studio/shared/messages';
import { messages } from '../../messages';
import { useService } from './api/get-service';
import './service-page.css';
import { PageLoading } from '../../components/page-loading';

export function ServicePage({ serviceId }: { serviceId: string }) {
  const state = useService(serviceId);

  if (state.status === 'loading') {
    return (
      <section className="page">
        <PageLoading />
      </section>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="page">
        <p role="alert" className="alert alert-error">
          {messages.failedToLoadServices}
        </p>
      </section>
    );
  }
  const service = state.data;
  if (!service) {
    return (
      <section className="page not-found">
        <h1>{messages.serviceNotFound}</h1>
        <p className="muted">{messages.serviceNotFoundHint}</p>
        <Link className="btn btn-primary" to="/">
          {messages.allServices}
        </Link>
      </section>
    );
  }

  const bookHref = (tierId: string) =>
    `/book-me?selectedService=${encodeURIComponent(service.id)}&selectedTier=${encodeURIComponent(tierId)}`;

  return (
    <section className="page service-page">
      <Link className="back-link" to="/">
        <span aria-hidden="true">← </span>
        {messages.allServices}
      </Link>
      <header className="service-hero">
        <div>
          <p className="eyebrow">{messages.servicesTitle}</p>
          <h1>{service.displayName}</h1>
          <p className="service-description">{service.description}</p>
          <p className="price">{servicePriceText(service)}</p>
        </div>
        {service.image && (
          <img
            className="service-hero-media"
            src={service.image}
            alt=""
            width={1200}
            height={800}
            fetchPriority="high"
            decoding="async"
          />
        )}
      </header>

      <h2 id="pricing-title">{messages.pricingTitle}</h2>
      {/* Explicit roles keep the table's semantics when phone widths restyle its rows as stacked cards. */}
      <table className="pricing-table" role="table" aria-labelledby="pricing-title">
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">
              {messages.tierHeader}
            </th>
            <th role="columnheader" scope="col">
              {messages.priceHeader}
            </th>
            <th role="columnheader" scope="col">
              {messages.includesHeader}
            </th>
            <th role="columnheader" scope="col">
              <span className="visually-hidden">{messages.bookHeader}</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {service.tiers.map((tier) => (
            <tr role="row" key={tier.id}>
              <th role="rowheader" scope="row" className="tier-name">
                {tier.displayName}
              </th>
              <td role="cell" data-label={messages.priceHeader} className="tier-price">
                {tier.price.trim() === '' ? CONTACT_FOR_PRICING : tier.price}
              </td>
              <td role="cell" data-label={messages.includesHeader}>
                <ul className="tier-includes">
                  {tier.includes.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </td>
              <td role="cell" className="tier-book">
                <Link className="btn btn-primary" to={bookHref(tier.id)}>
                  {messages.book}
                  <span className="visually-hidden"> {tier.displayName}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
