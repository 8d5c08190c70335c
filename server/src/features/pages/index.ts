// What other features may use of pages: everything else in this folder is its own.
export { refusalOf } from './plain-forms.routes';
export type { PlainForms } from './plain-forms.routes';
export { runtimeConfigOf } from './shell-page';
