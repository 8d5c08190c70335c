// The devices she marked as hers at sign-in, and ending one; the list is read again after.
import { useMutation, useQuery } from '@studio/shared/data';
import { adminKey } from '../../../lib/query-keys';

export const trustedDevicesKey = [...adminKey, 'trusted-devices'] as const;

export const useTrustedDevices = () => useQuery(trustedDevicesKey, (backend) => backend.auth.listTrustedDevices());

export const useRevokeTrustedDevice = () =>
  useMutation((backend, id: string) => backend.auth.revokeTrustedDevice(id), { invalidates: [trustedDevicesKey] });
