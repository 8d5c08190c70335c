// Her name for the contract form's default and the status mails' signature: her Site details as the
// dashboard last read them, so a rename she just saved is used at once; until they are read, the name the server
// wrote into the page (the `studio-config` JSON script, itself from Site details).
import { useSite } from '../content/api/get-content';

export function configuredModelName(doc: Document = document): string {
  try {
    const config = JSON.parse(doc.getElementById('studio-config')?.textContent ?? '{}') as { modelName?: unknown };
    return typeof config.modelName === 'string' ? config.modelName : '';
  } catch {
    return '';
  }
}

export function useModelName(): string {
  const site = useSite();
  return (site.status === 'ready' && site.data.details.name.trim()) || configuredModelName();
}
