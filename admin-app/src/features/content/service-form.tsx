// One service's form: its name, description, image, display price, its booking rules (consultation, date labels,
// payment schedule, contract template) and tiers (name, price '$NNN', what is included, one per line, and their
// order). A new service's id comes from its name; an existing one keeps its id, which bookings name.
import { useState, type FormEvent } from 'react';
import {
  PAYMENT_SCHEDULES,
  PLAIN_SERVICE_RULES,
  SHOOT_SERVICE_RULES,
  type Service,
  type ServiceRules,
  type Tier,
} from '@studio/shared/domain';
import { normaliseDisplayPrice, serviceInputSchema } from '@studio/shared/schemas';
import { Modal } from '../../components/modal';
import { messages } from '../../messages';
import { contentMessages } from './messages';
import { useSaveService } from './api/save-content';
import { SaveButton, SaveStatus, SelectField, TextAreaField, TextField, useContentForm } from './content-form';
import { ImageUpload, useUploadsOfForm } from './image-upload';
import { updateAt } from './list-items';
import { ItemActions } from './row-actions';

const m = contentMessages.services;
const PREFIX = 'service';

/** 'Mini Session' -> 'mini-session': an id that fits in a URL. */
export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

interface TierDraft extends Omit<Tier, 'includes'> {
  /** What is included, one per line, as she types it. */
  includes: string;
  /** Whether the id still follows the name (a tier not yet saved). */
  fresh: boolean;
}

const draftOf = (tier: Tier): TierDraft => ({ ...tier, includes: tier.includes.join('\n'), fresh: false });

export function ServiceForm({
  service,
  takenIds,
  onClose,
}: {
  service: Service | null;
  takenIds: string[];
  onClose: () => void;
}) {
  const save = useSaveService();
  const form = useContentForm(PREFIX);
  const uploads = useUploadsOfForm();
  const [displayName, setDisplayName] = useState(service?.displayName ?? '');
  const [id, setId] = useState(service?.id ?? '');
  const [idTouched, setIdTouched] = useState(false);
  const [description, setDescription] = useState(service?.description ?? '');
  const [image, setImage] = useState(service?.image ?? '');
  const [price, setPrice] = useState(service?.price ?? '');
  const [hidden, setHidden] = useState(service?.hidden ?? false);
  const [tiers, setTiers] = useState<TierDraft[]>(service?.tiers.map(draftOf) ?? []);
  // Every service carries its rules; a new one starts plain.
  const [rules, setRules] = useState<ServiceRules>(service?.rules ?? { ...PLAIN_SERVICE_RULES });
  const setRule = (change: Partial<ServiceRules>) => setRules((r) => ({ ...r, ...change }));
  const isNew = service === null;
  const serviceId = isNew && !idTouched ? slugOf(displayName) : id;

  const setTier = (index: number, change: Partial<TierDraft>) =>
    setTiers((list) =>
      updateAt(list, index, (t) => {
        const next = { ...t, ...change };
        // A tier she is adding takes its id from its name; a saved one keeps the id bookings refer to.
        if (t.fresh && change.displayName !== undefined) next.id = slugOf(`${serviceId}-${change.displayName}`);
        return next;
      }),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isNew && takenIds.includes(serviceId)) {
      form.fail('id', m.idTaken);
      return;
    }
    const value: Service = {
      id: serviceId,
      displayName,
      description,
      image,
      // As the server stores it: "275" is "$275". The field shows it so, whatever the save answers.
      price: normaliseDisplayPrice(price),
      tiers: tiers.map(({ fresh: _fresh, includes, ...tier }) => ({
        ...tier,
        includes: includes
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      })),
      ...(hidden ? { hidden: true } : {}),
      rules,
    };
    setPrice(value.price);
    void form.save(serviceInputSchema, value, save.mutate).then((ok) => {
      if (!ok) return;
      uploads.saved([value.image]);
      onClose();
    });
  };

  return (
    <Modal title={isNew ? m.addTitle : m.editTitle(service.displayName)} onClose={onClose}>
      <form className="admin-form content-form" onSubmit={submit} noValidate>
        <TextField form={form} path="displayName" label={m.name} value={displayName} onChange={setDisplayName} />
        {isNew && (
          <TextField
            form={form}
            path="id"
            label={m.id}
            hint={m.idHint}
            value={serviceId}
            onChange={(v) => {
              setIdTouched(true);
              setId(v);
            }}
          />
        )}
        <TextAreaField
          form={form}
          path="description"
          label={m.description}
          value={description}
          onChange={setDescription}
        />
        <ImageUpload
          form={form}
          path="image"
          label={m.image}
          hint={m.imageHint}
          linkLabel={m.imageLink}
          value={image}
          onChange={setImage}
          alt={m.imageAlt(displayName)}
          section="services"
          saveLabel={messages.save}
          uploads={uploads}
        />
        <TextField form={form} path="price" label={m.price} hint={m.priceHint} value={price} onChange={setPrice} />
        <div className="field field-checkbox">
          <input
            id={`${PREFIX}-hidden`}
            type="checkbox"
            checked={hidden}
            onChange={(e) => setHidden(e.target.checked)}
          />
          <label htmlFor={`${PREFIX}-hidden`}>{m.hiddenLabel}</label>
        </div>

        <fieldset className="content-rules">
          <legend>{m.rules}</legend>
          <div className="field field-checkbox">
            <input
              id={`${PREFIX}-needs-consultation`}
              type="checkbox"
              checked={rules.needsConsultation}
              aria-describedby={`${PREFIX}-needs-consultation-hint`}
              onChange={(e) => {
                const needs = e.target.checked;
                // The built-in label follows the choice; a label she wrote herself stays hers.
                const builtIn = [PLAIN_SERVICE_RULES.dateLabel, SHOOT_SERVICE_RULES.dateLabel].includes(
                  rules.dateLabel,
                );
                const dateLabel = (needs ? SHOOT_SERVICE_RULES : PLAIN_SERVICE_RULES).dateLabel;
                setRule({ needsConsultation: needs, ...(builtIn ? { dateLabel } : {}) });
              }}
            />
            <label htmlFor={`${PREFIX}-needs-consultation`}>{m.needsConsultation}</label>
            <p id={`${PREFIX}-needs-consultation-hint`} className="field-hint muted">
              {m.needsConsultationHint}
            </p>
          </div>
          {rules.needsConsultation && (
            <TextField
              form={form}
              path="rules.consultationDateLabel"
              label={m.consultationDateLabel}
              value={rules.consultationDateLabel}
              onChange={(v) => setRule({ consultationDateLabel: v })}
            />
          )}
          <TextField
            form={form}
            path="rules.dateLabel"
            label={m.dateLabel}
            value={rules.dateLabel}
            onChange={(v) => setRule({ dateLabel: v })}
          />
          <ScheduleSelect
            id={`${PREFIX}-payment-schedule`}
            label={m.paymentSchedule}
            hint={m.paymentScheduleHint}
            value={rules.paymentSchedule}
            onChange={(v) => setRule({ paymentSchedule: v })}
          />
          <SelectField
            form={form}
            path="rules.contractTemplate"
            label={m.contractTemplate}
            hint={m.contractTemplateHint}
            value={rules.contractTemplate}
            options={m.contractTemplates}
            onChange={(v) => setRule({ contractTemplate: v })}
          />
        </fieldset>

        <fieldset className="content-tiers">
          <legend>{m.tiers}</legend>
          {form.errorOf('tiers') && (
            <p className="field-error" role="alert">
              {form.errorOf('tiers')}
            </p>
          )}
          {tiers.length === 0 && <p className="muted">{m.noTiers}</p>}
          {tiers.map((tier, i) => (
            <div key={i} className="content-tier" role="group" aria-label={m.tierLabel(i + 1)}>
              <TextField
                form={form}
                path={`tiers.${i}.displayName`}
                label={m.tierName}
                value={tier.displayName}
                onChange={(v) => setTier(i, { displayName: v })}
              />
              <TextField
                form={form}
                path={`tiers.${i}.price`}
                label={m.tierPrice}
                hint={m.tierPriceHint}
                inputMode="decimal"
                value={tier.price}
                onChange={(v) => setTier(i, { price: v })}
              />
              <TextAreaField
                form={form}
                path={`tiers.${i}.includes`}
                label={m.tierIncludes}
                hint={m.tierIncludesHint}
                rows={3}
                value={tier.includes}
                onChange={(v) => setTier(i, { includes: v })}
              />
              <ScheduleSelect
                id={`${PREFIX}-tier-${i}-payment-schedule`}
                label={m.tierPaymentSchedule}
                value={tier.paymentSchedule ?? ''}
                inherit
                onChange={(v) => setTier(i, { paymentSchedule: v })}
              />
              <ItemActions
                index={i}
                count={tiers.length}
                upLabel={m.tierUp(i + 1)}
                downLabel={m.tierDown(i + 1)}
                removeLabel={m.tierRemove(i + 1)}
                onList={setTiers}
              />
            </div>
          ))}
          <button
            type="button"
            className="btn"
            onClick={() =>
              setTiers((list) => [...list, { id: '', displayName: '', price: '', includes: '', fresh: true }])
            }
          >
            {m.tierAdd}
          </button>
        </fieldset>

        <SaveStatus form={form} />
        <div className="admin-form-actions">
          <button type="button" className="btn" onClick={onClose}>
            {messages.cancel}
          </button>
          <SaveButton form={form} label={messages.save} />
        </div>
      </form>
    </Modal>
  );
}

/** The spec's schedules (docs/product.md §9); a tier may also take its service's ('' = "Same as the service"). */
function ScheduleSelect(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  inherit?: boolean;
  onChange: (value: string) => void;
}) {
  // A schedule stored before the list existed stays shown, so opening the editor never changes it unseen.
  const known: readonly string[] = PAYMENT_SCHEDULES;
  const options = props.value === '' || known.includes(props.value) ? known : [props.value, ...known];
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.inherit && <option value="">{m.sameAsService}</option>}
        {options.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {props.hint && (
        <p id={`${props.id}-hint`} className="field-hint muted">
          {props.hint}
        </p>
      )}
    </div>
  );
}
