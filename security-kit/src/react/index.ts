// Public entry of @studio/security-kit/react: React components built on the kit.
export { SecureForm } from './secure-form';
export type { SecureFormField, SecureFormFieldType, SecureFormProps, SecureFormValues } from './secure-form';
export { SecurityMonitorView } from './security-monitor-view';
export type { SecurityMonitorViewProps } from './security-monitor-view';
