// Her site details (issue 16): name, tagline, hero image, about text, contact e-mail and phone, agency and social
// links. The footer of every public page and the about page show them.
import { useState, type FormEvent } from 'react';
import { moveItem, type SiteDetails, type SocialLink } from '@studio/shared/domain';
import { siteDetailsSchema } from '@studio/shared/schemas';
import { messages } from '../../messages';
import { useSaveSiteDetails } from './api/save-content';
import { SaveStatus, TextAreaField, TextField, useContentForm } from './content-form';

const m = messages.content.site;
const PREFIX = 'site';

export function SiteDetailsForm({ initial }: { initial: SiteDetails }) {
  const save = useSaveSiteDetails();
  const form = useContentForm(PREFIX);
  const [details, setDetails] = useState<SiteDetails>(initial);
  const set =
    <K extends keyof SiteDetails>(key: K) =>
    (value: SiteDetails[K]) =>
      setDetails((d) => ({ ...d, [key]: value }));
  const setLink = (index: number, change: Partial<SocialLink>) =>
    set('social')(details.social.map((l, i) => (i === index ? { ...l, ...change } : l)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save(siteDetailsSchema, details, save.mutate);
  };
  const field = (key: Exclude<keyof SiteDetails, 'social' | 'about'>, type = 'text', hint?: string) => (
    <TextField
      form={form}
      prefix={PREFIX}
      path={key}
      label={m[key]}
      hint={hint}
      type={type}
      value={details[key]}
      onChange={set(key)}
    />
  );

  return (
    <section aria-labelledby="site-heading" className="content-section">
      <h2 id="site-heading">{m.heading}</h2>
      <p className="muted">{m.intro}</p>
      <form className="admin-form content-form" onSubmit={submit} noValidate>
        {field('name')}
        {field('tagline')}
        {field('heroImage', 'text', m.heroImageHint)}
        <TextAreaField
          form={form}
          prefix={PREFIX}
          path="about"
          label={m.about}
          hint={m.aboutHint}
          rows={8}
          value={details.about}
          onChange={set('about')}
        />
        {field('email', 'email')}
        {field('phone', 'tel')}
        {field('agency')}
        <fieldset className="content-links">
          <legend>{m.social}</legend>
          <p className="muted">{m.socialHint}</p>
          {details.social.map((link, i) => (
            <div key={i} className="content-link" role="group" aria-label={m.linkLabel(i + 1)}>
              <TextField
                form={form}
                prefix={PREFIX}
                path={`social.${i}.label`}
                label={m.linkName}
                value={link.label}
                onChange={(v) => setLink(i, { label: v })}
              />
              <TextField
                form={form}
                prefix={PREFIX}
                path={`social.${i}.url`}
                label={m.linkUrl}
                type="url"
                value={link.url}
                onChange={(v) => setLink(i, { url: v })}
              />
              <div className="content-tier-actions">
                <button
                  type="button"
                  className="btn btn-icon"
                  aria-label={m.linkUp(i + 1)}
                  disabled={i === 0}
                  onClick={() => set('social')(moveItem(details.social, i, i - 1))}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => set('social')(details.social.filter((_, at) => at !== i))}
                >
                  {m.linkRemove(i + 1)}
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="btn"
            onClick={() => set('social')([...details.social, { label: '', url: 'https://' }])}
          >
            {m.linkAdd}
          </button>
        </fieldset>
        <SaveStatus form={form} />
        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving}>
            {form.saving ? messages.saving : m.save}
          </button>
        </div>
      </form>
    </section>
  );
}
