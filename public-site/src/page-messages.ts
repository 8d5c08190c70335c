// The public site's texts for the pages and parts that load on demand (the footer, the comp card
// measurements and its print page). Kept apart from messages.ts, which the home page imports and so is part of the
// first load of '/' (e2e/tests/platform.spec.ts holds it to its budget): these ride in the lazy chunks that use them.
import type { CompCardField, MeasurementUnits } from '@studio/shared/domain';

export const pageMessages = {
  footer: {
    label: 'Contact and social links',
    agency: (agency: string) => `Represented by ${agency}`,
    email: 'E-mail:',
    phone: 'Phone:',
    social: 'Social links',
    copyright: (year: number, name: string) => `© ${year}${name ? ` ${name}` : ''}. All rights reserved.`,
  },
  compCard: {
    statsLabel: 'Measurements',
    units: { imperial: 'US sizes, inches', metric: 'EU sizes, centimetres' } satisfies Record<MeasurementUnits, string>,
    fields: {
      height: 'Height',
      bust: 'Bust',
      waist: 'Waist',
      hips: 'Hips',
      dress: 'Dress',
      shoe: 'Shoe',
      hair: 'Hair',
      eyes: 'Eyes',
    } satisfies Record<CompCardField, string>,
    printLink: 'Printable comp card',
    printTitle: 'Comp card',
    print: 'Print',
    printWithBrowser: "To print it, use your browser's Print command (Ctrl+P, or ⌘P on a Mac).",
    printHint: 'Prints on two sides of an 8.5 × 5.5 in card: set your printer to double-sided, flip on the short edge.',
    printHintA5:
      'Prints on two sides of an A5 card (210 × 148 mm): set your printer to double-sided, flip on the short edge.',
    paperLabel: 'Card size',
    papers: { letter: '8.5 × 5.5 in', a5: 'A5' },
    front: 'Front',
    back: 'Back',
    backToCompCard: 'Back to Comp Card',
    noImages: 'Add comp card photos in the dashboard to fill the card.',
    loading: 'Loading comp card…',
  },
} as const;
