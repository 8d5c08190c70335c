// Who she is to everyone else: her name and public contact as she saved them in Site details. The logo,
// the pages, the sender name of every mail, contracts, invites and her calendar feed read them here, never
// MODEL_NAME (which only seeds the first start) nor ADMIN_EMAIL (her private sign-in address, which never leaves the
// server). Pages and mails read this often, so it is kept in memory and dropped when content changes: her save
// announces `content` on the bus, which on the Firebase home also carries the other instances' saves.
import type { ChangeBus } from '../../platform/change-bus';
import { senderAddressOf } from '../messaging';
import type { ContentStore } from './content-store';

export interface SiteIdentity {
  /** Her display name (Site details' name). */
  name: string;
  /** Her public e-mail, or '' when she gave none: then nothing is shown, never her sign-in address. */
  email: string;
  /** Her public phone, or ''. */
  phone: string;
}

/**
 * The organizer address of her invites and feed: her public e-mail, else the address her mails come from (MAIL_FROM),
 * which clients see anyway. An iTIP request needs one, and it is never her sign-in address.
 */
export const organizerAddressOf = (identity: SiteIdentity, mailFrom: string) =>
  identity.email || senderAddressOf(mailFrom);

export interface SiteIdentityReader {
  /** Her current name and public contact. */
  current(): Promise<SiteIdentity>;
  /** Her current display name, for page titles, the logo and mail sender names. */
  displayName(): Promise<string>;
  /** Stops listening to the bus (the app is closing). */
  close(): void;
}

export function createSiteIdentity(deps: {
  content: Pick<ContentStore, 'getSite'>;
  bus: Pick<ChangeBus, 'subscribe'>;
  /** The name while Site details hold none (a site started without the seed): MODEL_NAME. */
  fallbackName: string;
}): SiteIdentityReader {
  let kept: Promise<SiteIdentity> | null = null;
  const unsubscribe = deps.bus.subscribe((change) => {
    if (change.topic === 'content') kept = null;
  });
  const load = async (): Promise<SiteIdentity> => {
    const { details } = await deps.content.getSite();
    return { name: details.name.trim() || deps.fallbackName, email: details.email.trim(), phone: details.phone.trim() };
  };
  const current = (): Promise<SiteIdentity> => {
    if (!kept) {
      const loading = load();
      kept = loading;
      // A failed read is not kept: the next page or mail asks the storage again.
      loading.catch(() => {
        if (kept === loading) kept = null;
      });
    }
    return kept;
  };
  return {
    current,
    displayName: async () => (await current()).name,
    close: unsubscribe,
  };
}
