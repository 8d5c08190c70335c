// Her site details: name, tagline, hero image, about text, contact e-mail and phone, agency and social
// links. The footer of every public page and the about page show them.
import { useState, type FormEvent } from 'react';
import type { SiteDetails, SocialLink } from '@studio/shared/domain';
import { siteDetailsSchema } from '@studio/shared/schemas';
import { contentMessages } from './messages';
import { useSaveSiteDetails } from './api/save-content';
import { SaveButton, SaveStatus, TextAreaField, TextField, useContentForm } from './content-form';
import { ContentSection } from './content-section';
import { ImageUpload, useUploadsOfForm } from './image-upload';
import { updateAt } from './list-items';
import { ItemActions } from './row-actions';

const m = contentMessages.site;
const PREFIX = 'site';

export function SiteDetailsForm({ initial }: { initial: SiteDetails }) {
  const save = useSaveSiteDetails();
  const form = useContentForm(PREFIX);
  const uploads = useUploadsOfForm();
  const [details, setDetails] = useState<SiteDetails>(initial);
  const set =
    <K extends keyof SiteDetails>(key: K) =>
    (value: SiteDetails[K]) =>
      setDetails((d) => ({ ...d, [key]: value }));
  const setLinks = (update: (links: SocialLink[]) => SocialLink[]) =>
    setDetails((d) => ({ ...d, social: update(d.social) }));
  const setLink = (index: number, change: Partial<SocialLink>) =>
    setLinks((links) => updateAt(links, index, (l) => ({ ...l, ...change })));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save(siteDetailsSchema, details, save.mutate).then((ok) => ok && uploads.saved([details.heroImage]));
  };
  const field = (key: Exclude<keyof SiteDetails, 'social' | 'about' | 'heroImage'>, type = 'text', hint?: string) => (
    <TextField form={form} path={key} label={m[key]} hint={hint} type={type} value={details[key]} onChange={set(key)} />
  );

  return (
    <ContentSection name="site" heading={m.heading} intro={m.intro}>
      <form className="admin-form content-form" onSubmit={submit} noValidate>
        {field('name')}
        {field('tagline')}
        <ImageUpload
          form={form}
          path="heroImage"
          label={m.heroImage}
          hint={m.heroImageHint}
          linkLabel={m.heroImageLink}
          value={details.heroImage}
          onChange={set('heroImage')}
          alt={m.heroImageAlt(details.name)}
          section="site-hero"
          saveLabel={m.save}
          uploads={uploads}
        />
        <TextAreaField
          form={form}
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
                path={`social.${i}.label`}
                label={m.linkName}
                value={link.label}
                onChange={(v) => setLink(i, { label: v })}
              />
              <TextField
                form={form}
                path={`social.${i}.url`}
                label={m.linkUrl}
                type="url"
                value={link.url}
                onChange={(v) => setLink(i, { url: v })}
              />
              <ItemActions
                index={i}
                count={details.social.length}
                upLabel={m.linkUp(i + 1)}
                downLabel={m.linkDown(i + 1)}
                removeLabel={m.linkRemove(i + 1)}
                onList={setLinks}
              />
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
          <SaveButton form={form} label={m.save} />
        </div>
      </form>
    </ContentSection>
  );
}
