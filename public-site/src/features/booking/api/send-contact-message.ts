// A visitor's message to her when nothing can be booked, from the contact form under 'No Availability Set'.
import { useBackend, useMutation } from '@studio/shared/data';
import type { ContactMessage } from '@studio/shared/domain';

export const useSendContactMessage = () =>
  useMutation(async (backend, message: ContactMessage) => {
    if (!backend.contact) throw new Error('unsupported');
    await backend.contact.send(message);
  });

/** Whether this backend carries messages at all (the firebase adapter does not yet). */
export const useCanSendContactMessage = () => useBackend().contact !== undefined;
