// The footer of every public page: her name and agency, contact e-mail and phone, social links. A lazy
// chunk of its own, fetched when the bottom of the page comes near (footer-slot.tsx), so it costs the first load of
// '/' nothing. Before she has filled in her details it shows only what it has.
import { useSite } from '../../api/get-site';
import { pageMessages } from '../../page-messages';
import './site-footer.css';

export default function SiteFooter() {
  const site = useSite();
  if (site.status !== 'ready') return null;
  const { name, agency, email, phone, social } = site.data.details;
  if (!name && !email && !phone && social.length === 0) return null;
  const t = pageMessages.footer;
  return (
    <footer className="site-footer" aria-label={t.label}>
      <div className="site-footer-inner">
        <div className="site-footer-who">
          {name && <p className="site-footer-name">{name}</p>}
          {agency && <p className="muted">{t.agency(agency)}</p>}
        </div>
        {(email || phone) && (
          <address className="site-footer-contact">
            {email && (
              <a href={`mailto:${email}`}>
                <span className="visually-hidden">{t.email} </span>
                {email}
              </a>
            )}
            {phone && (
              <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
                <span className="visually-hidden">{t.phone} </span>
                {phone}
              </a>
            )}
          </address>
        )}
        {social.length > 0 && (
          <ul className="site-footer-social" aria-label={t.social}>
            {social.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="me noopener noreferrer" target="_blank">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="site-footer-copy muted">{t.copyright(new Date().getFullYear(), name)}</p>
      </div>
    </footer>
  );
}
