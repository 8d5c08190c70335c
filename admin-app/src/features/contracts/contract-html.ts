// The printable contract: a whole HTML document for the print window. Every text in it goes through escapeHtml,
// so a booking named `<img src=x onerror=alert(1)>` prints as those characters and never becomes markup.
import { contractSectionsHtml, escapeHtml, type ContractDocument } from '@studio/shared/domain/contract';
import { contractMessages } from './messages';

const PRINT_CSS = `
  @page { margin: 2cm; }
  * { box-sizing: border-box; }
  body { font-family: Georgia, 'Times New Roman', serif; color: #111; background: #fff; line-height: 1.55; max-width: 46rem; margin: 2rem auto; padding: 0 1.5rem; }
  h1 { font-size: 1.7rem; text-align: center; margin: 0 0 1.5rem; }
  h2 { font-size: 1.1rem; margin: 1.6rem 0 0.4rem; }
  p { margin: 0 0 0.6rem; }
  .parties { display: flex; gap: 2rem; flex-wrap: wrap; }
  .signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 2.5rem; margin-top: 2.5rem; }
  .contact { color: #444; font-size: 0.9rem; margin-top: -0.4rem; }
  .signature-line { border-top: 1px solid #111; padding-top: 0.3rem; margin-top: 2.5rem; font-size: 0.9rem; }
  @media print { body { margin: 0; max-width: none; padding: 0; } h2 { break-after: avoid; } .signatures { break-inside: avoid; } }
`;

export function contractHtml(contract: ContractDocument): string {
  const e = escapeHtml;
  const signatures = contract.parties
    .map(
      (p) =>
        `<div><p><strong>${e(p.role)}</strong>: ${e(p.name)}</p>${p.contact ? `<p class="contact">${e(p.contact)}</p>` : ''}<p class="signature-line">${e(contractMessages.signature)}</p><p class="signature-line">${e(contractMessages.date)}</p></div>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(contract.title)}</title>
<style>${PRINT_CSS}</style>
</head>
<body>
${contractSectionsHtml(contract)}
<section><h2>${e(contractMessages.signatures)}</h2><div class="signatures">${signatures}</div></section>
</body>
</html>`;
}

/**
 * Opens the print window with the contract. 'blocked' when the browser refused the window (a popup blocker).
 * Throws when the window could not be written.
 */
export function exportContract(
  contract: ContractDocument,
  open: typeof window.open = (...a) => window.open(...a),
): 'opened' | 'blocked' {
  const popup = open('', '_blank');
  if (!popup) return 'blocked';
  const html = contractHtml(contract);
  popup.document.open();
  popup.document.write(html);
  popup.document.close();
  popup.focus();
  popup.print();
  return 'opened';
}
