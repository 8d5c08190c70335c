// The client's invoice on her booking page: the booking's quote as the contract states it (the same lines,
// total, deposit and balance with its due date, from the server's one computation), and a printable copy (with
// script; without it the browser prints the page). Read by the page with script; given by the server's answer to a
// plain form without it.
import { useEffect, useState } from 'react';
import { invoiceHtml, type Invoice } from '@studio/shared/domain/invoice';
import { formatCents } from '@studio/shared/domain/quote';
import { useHydrated } from '../../components/use-hydrated';
import { manageMessages as m } from './manage-messages';

export function InvoiceSection(props: { load: () => Promise<Invoice> } | { given: Invoice }) {
  const given = 'given' in props ? props.given : null;
  const load = 'load' in props ? props.load : null;
  const [invoice, setInvoice] = useState<Invoice | null>(given);
  const [failed, setFailed] = useState(false);
  const hydrated = useHydrated();
  // Read once, as the page reads the booking itself (the manage calls are the token's POSTs, not the backend port's).
  useEffect(() => {
    load?.().then(setInvoice, () => setFailed(true));
  }, [load]);

  const print = () => {
    if (!invoice) return;
    const win = window.open('', '_blank');
    if (!win) return;
    win.document.write(invoiceHtml(invoice));
    win.document.close();
    win.focus();
    win.print();
  };

  if (failed) return null;
  return (
    <section className="card manage-booking-card" aria-labelledby="manage-invoice-title">
      <h2 id="manage-invoice-title">
        {m.invoiceTitle}
        {invoice ? ` ${invoice.number}` : ''}
      </h2>
      {invoice ? (
        <>
          <ul className="manage-invoice-lines">
            {invoice.quote.lines.map((line, i) => (
              <li key={i}>
                <span>
                  {line.label}
                  {line.detail && <small>{line.detail}</small>}
                </span>
                <span>{formatCents(line.amountCents)}</span>
              </li>
            ))}
          </ul>
          {invoice.paymentTerms.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {hydrated && (
            <button type="button" className="btn" onClick={print}>
              {m.printInvoice}
            </button>
          )}
        </>
      ) : (
        <p className="muted">{m.invoiceLoading}</p>
      )}
    </section>
  );
}
