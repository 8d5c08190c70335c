// Her services: the list in her order with move up/down, hide/show, edit and delete (after a question),
// and a form for a new one. Visitors still see the featured services first (docs/product.md §2), then hers in this
// order.
import { useState } from 'react';
import { moveItem, servicePriceText, type Service } from '@studio/shared/domain';
import { Loading } from '../../components/loading';
import { messages } from '../../messages';
import { contentMessages } from './messages';
import { useAdminServices } from './api/get-content';
import { useDeleteService, useReorderServices, useSaveService } from './api/save-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from './content-form';
import { ContentSection } from './content-section';
import { MoveButtons } from './row-actions';
import { ServiceForm } from './service-form';

const m = contentMessages.services;

export function ServicesEditor() {
  const services = useAdminServices();
  const reorder = useReorderServices();
  const save = useSaveService();
  const remove = useDeleteService();
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (services.status === 'loading') return <Loading />;
  if (services.status === 'error') {
    return <ErrorAlert>{m.loadFailed}</ErrorAlert>;
  }
  const list = services.data;
  const busy = reorder.status === 'pending' || save.status === 'pending';
  const report = (error: unknown) => setFailure(error instanceof Error ? error.message : messages.saveFailed);

  const move = (from: number, to: number) => {
    setFailure(null);
    // Focus follows the service it moved, so pressing the same button again keeps moving it.
    const id = list[from]?.id;
    reorder
      .mutate(moveItem(list, from, to).map((s) => s.id))
      .then(
        () =>
          requestAnimationFrame(() => document.getElementById(`service-${id}-${to < from ? 'up' : 'down'}`)?.focus()),
        report,
      );
  };
  const toggleHidden = (service: Service) => {
    setFailure(null);
    save.mutate({ ...service, hidden: !service.hidden }).catch(report);
  };

  return (
    <ContentSection
      name="services"
      heading={m.heading}
      intro={m.intro}
      add={{ label: m.add, onClick: () => setEditing('new') }}
    >
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      {list.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <ol className="content-list" aria-busy={busy}>
          {list.map((service, i) => (
            <li key={service.id} className={`content-card${service.hidden ? ' content-card-hidden' : ''}`}>
              <div className="content-card-main">
                <h3>
                  {service.displayName}
                  {service.hidden && <span className="badge">{m.hiddenBadge}</span>}
                </h3>
                <p className="muted">{servicePriceText(service)}</p>
                <ul className="content-tier-summary">
                  {service.tiers.map((tier) => (
                    <li key={tier.id}>
                      {tier.displayName}: <strong>{tier.price || m.contact}</strong>
                    </li>
                  ))}
                </ul>
              </div>
              <div className="content-card-actions">
                <MoveButtons
                  index={i}
                  count={list.length}
                  upLabel={m.moveUp(service.displayName)}
                  downLabel={m.moveDown(service.displayName)}
                  idPrefix={`service-${service.id}`}
                  disabled={busy}
                  onMove={(to) => move(i, to)}
                />
                <button type="button" className="btn" onClick={() => setEditing(service)}>
                  {m.edit}
                  <span className="visually-hidden"> {service.displayName}</span>
                </button>
                <button type="button" className="btn" onClick={() => toggleHidden(service)} disabled={busy}>
                  {service.hidden ? m.show : m.hide}
                  <span className="visually-hidden"> {service.displayName}</span>
                </button>
                <button type="button" className="btn btn-delete" onClick={() => setDeleting(service)}>
                  {messages.delete}
                  <span className="visually-hidden"> {service.displayName}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <ServiceForm
          service={editing === 'new' ? null : editing}
          takenIds={list.map((s) => s.id)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={m.deleteTitle(deleting.displayName)}
          body={m.deleteBody}
          confirmLabel={m.deleteConfirm}
          onConfirm={() => remove.mutate(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </ContentSection>
  );
}
