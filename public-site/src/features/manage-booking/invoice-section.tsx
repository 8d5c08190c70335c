// The client's invoice on her booking page: the booking's quote as the contract states it (the same lines,
// total, deposit and balance with its due date, from the server's one computation), and a printable copy.
import { useEffect, useState } from 'react';
import { invoiceHtml, type Invoice } from '@studio/shared/domain/invoice';
import { formatCents } from '@studio/shared/domain/quote';

export function InvoiceSection({ load }: { load: () => Promise<Invoice> }) {
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const [failed, setFailed] = useState(false);
  // Read once, as the page reads the booking itself (the manage calls are the token's POSTs, not the backend port's).
  useEffect(() => {
    load().then(setInvoice, () => setFailed(true));
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
      <h2 id="manage-invoice-title">Invoice{invoice ? ` ${invoice.number}` : ''}</h2>
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
          <button type="button" className="btn" onClick={print}>
            Print invoice
          </button>
        </>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </section>
  );
}
