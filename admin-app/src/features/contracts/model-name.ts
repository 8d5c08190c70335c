// The model's name for the contract form's default: the runtime configuration the server writes into the page
// (the `studio-config` JSON script), so the name is configuration, not code.
export function configuredModelName(doc: Document = document): string {
  try {
    const config = JSON.parse(doc.getElementById('studio-config')?.textContent ?? '{}') as { modelName?: unknown };
    return typeof config.modelName === 'string' ? config.modelName : '';
  } catch {
    return '';
  }
}
