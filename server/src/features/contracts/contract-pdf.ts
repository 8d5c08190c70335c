// The contract as a PDF, drawn with pdf-lib on the server: the same text as the print window, in an
// embedded open-licence font (DejaVu Serif, subset to the glyphs used), so the text is selectable and searchable and
// prints the same everywhere. A4 or US Letter. A signed contract adds both signatures, the document's SHA-256 on every
// page and the audit trail as its last page.
//
// Nothing here is markup: every text from a booking is drawn as the characters it is, so `<img src=x onerror=...>`
// reads as those characters in the PDF as it does in the print window.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import type { ContractDocument, ContractEvent, ContractPaperSize } from '@studio/shared/domain/contract';
import { signedByLine } from '@studio/shared/domain/contract-signer';
import { SERVER_ROOT } from '../../platform/server-root';

const FONTS_DIR = path.join(SERVER_ROOT, 'assets', 'fonts');
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
const fonts = () =>
  (fontBytes ??= {
    regular: readFileSync(path.join(FONTS_DIR, 'DejaVuSerif.ttf')),
    bold: readFileSync(path.join(FONTS_DIR, 'DejaVuSerif-Bold.ttf')),
  });

/** Page sizes in PDF points (1/72 inch). */
export const PAPER_POINTS: Record<ContractPaperSize, [number, number]> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
};

const MARGIN = 64;
const INK = rgb(0.07, 0.07, 0.07);
const MUTED = rgb(0.35, 0.35, 0.35);

export interface ContractSignatures {
  /** The model's name, applied when she sent the contract. */
  provider: { name: string; at: string };
  /** The typed full name, when they signed; with a role and the client's name when signed on the client's behalf. */
  client: { name: string; at: string; role?: string | null; onBehalfOf?: string | null };
  /** SHA-256 of the agreement's text, printed on every page and in the audit trail. */
  documentHash: string;
  contractId: string;
  version: number;
  events: ContractEvent[];
}

export interface ContractPdfInput {
  contract: ContractDocument;
  paperSize: ContractPaperSize;
  /** Absent for a draft or a contract awaiting signature: the signature lines are left blank. */
  signatures?: ContractSignatures;
  /** The document's dates in its metadata, so the same input gives the same bytes. */
  createdAt: Date;
}

const utc = (iso: string) => `${new Date(iso).toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** Replaces what the font cannot draw (an emoji, a control character) so a client's text never breaks the PDF. */
function drawable(font: PDFFont, text: string): string {
  const chars = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.replace(/[\r\t]/g, ' ')) out += chars.has(ch.codePointAt(0) ?? 0) ? ch : '?';
  return out;
}

/** Splits a text into lines no wider than `width` at `size`, breaking at spaces (and inside a word too long for a line). */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      // A word wider than the line (a long hash or address) is cut where it must be.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    private readonly pdf: PDFDocument,
    private readonly size: [number, number],
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  get width() {
    return this.size[0] - 2 * MARGIN;
  }
  newPage() {
    this.page = this.pdf.addPage(this.size);
    this.pages.push(this.page);
    this.y = this.size[1] - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN + 24) this.newPage();
  }
  space(points: number) {
    this.y -= points;
  }
  text(
    text: string,
    options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; center?: boolean; gap?: number } = {},
  ) {
    const { size = 10.5, font = this.regular, color = INK, center = false, gap = 4 } = options;
    const leading = size * 1.4;
    for (const line of wrapText(font, drawable(font, text), size, this.width)) {
      this.ensure(leading);
      const x = center ? (this.size[0] - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      this.page.drawText(line, { x, y: this.y - size, size, font, color });
      this.y -= leading;
    }
    this.y -= gap;
  }
  rule(width = 200) {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + width, y: this.y },
      thickness: 0.7,
      color: INK,
    });
  }
}

/** The contract as PDF bytes. */
export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const { contract, signatures } = input;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = fonts();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  pdf.setTitle(signatures ? `${contract.title} (signed)` : contract.title);
  pdf.setSubject(contract.parties.map((p) => `${p.role}: ${p.name}`).join('; '));
  pdf.setProducer('Studio');
  pdf.setCreator('Studio');
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);

  const w = new Writer(pdf, PAPER_POINTS[input.paperSize], regular, bold);
  w.text(contract.title, { size: 18, font: bold, center: true, gap: 14 });
  for (const section of contract.sections) {
    w.ensure(40);
    w.text(section.heading, { size: 12, font: bold, gap: 2 });
    for (const paragraph of section.paragraphs) w.text(paragraph);
    w.space(6);
  }

  w.ensure(60);
  w.text('Signatures', { size: 12, font: bold, gap: 6 });
  const signed = signatures ? [signatures.provider, signatures.client] : [];
  contract.parties.forEach((party, i) => {
    w.ensure(90);
    w.text(`${party.role}: ${party.name}`, { font: bold, gap: 0 });
    if (party.contact !== '') w.text(party.contact, { size: 9.5, color: MUTED, gap: 0 });
    const signature = signed[i];
    if (signature) {
      w.text(`/s/ ${signature.name}`, { size: 14, gap: 0 });
      // Someone else signed for the client: the block says who, in what role, for whom.
      const client = signature === signatures?.client ? signatures.client : undefined;
      if (client?.onBehalfOf)
        w.text(signedByLine({ name: client.name, role: client.role ?? null, onBehalfOf: client.onBehalfOf }), {
          size: 10,
          gap: 0,
        });
      w.text(`Signed electronically on ${utc(signature.at)}`, { size: 9.5, color: MUTED });
    } else {
      w.space(28);
      w.rule();
      w.space(2);
      w.text('Signature', { size: 9, color: MUTED, gap: 10 });
      w.rule(120);
      w.space(2);
      w.text('Date', { size: 9, color: MUTED });
    }
    w.space(10);
  });

  if (signatures) {
    w.newPage();
    w.text('Audit Trail', { size: 16, font: bold, gap: 10 });
    w.text(`${contract.title}, version ${signatures.version}`, { font: bold, gap: 0 });
    w.text(`Contract ${signatures.contractId}`, { size: 9.5, color: MUTED, gap: 6 });
    w.text('Document SHA-256 (of the agreement’s text as signed):', { size: 9.5, gap: 0 });
    w.text(signatures.documentHash, { size: 9, font: bold, gap: 8 });
    const { client } = signatures;
    const how = client.onBehalfOf
      ? `${client.name} (${client.role ?? ''}) signed on behalf of the Client, ${client.onBehalfOf}, by typing their ` +
        `own full name (“${client.name}”), stating their role and that they sign on the Client’s behalf, and ` +
        `agreeing to sign electronically.`
      : `The Client signed by typing their full name (“${client.name}”) and agreeing to sign electronically.`;
    w.text(
      `${how} The ${contract.parties[0]?.role ?? 'Model'}’s signature was applied when the contract was sent for signature.`,
      { size: 9.5, gap: 10 },
    );
    for (const event of signatures.events) {
      w.ensure(60);
      const label = event.onBehalfOf ? 'Signed on the client’s behalf' : EVENT_LABEL[event.type];
      w.text(`${utc(event.at)} · ${label}`, { size: 10, font: bold, gap: 0 });
      w.text(
        event.onBehalfOf
          ? `By: ${event.actor}, ${event.role ?? ''}, on behalf of ${event.onBehalfOf}`
          : `By: ${event.actor}`,
        { size: 9, gap: 0 },
      );
      w.text(`IP address: ${event.ip || 'unknown'}`, { size: 9, gap: 0 });
      w.text(`User agent: ${event.userAgent || 'unknown'}`, { size: 9, color: MUTED, gap: 8 });
    }
  }

  // Footer on every page: the page count, and on a signed contract its hash, so a printed page names its document.
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    const footer = signatures
      ? `SHA-256 ${signatures.documentHash} · Page ${i + 1} of ${total}`
      : `Page ${i + 1} of ${total}`;
    const size = 7.5;
    page.drawText(footer, {
      x: (page.getWidth() - regular.widthOfTextAtSize(footer, size)) / 2,
      y: MARGIN / 2,
      size,
      font: regular,
      color: MUTED,
    });
  });
  // Without object streams, so the embedded font file stays visible to a simple check (and to older readers).
  return pdf.save({ useObjectStreams: false });
}

const EVENT_LABEL: Record<ContractEvent['type'], string> = {
  created: 'Contract created',
  edited: 'Contract edited',
  sent: 'Sent for signature (the model’s signature applied)',
  viewed: 'Viewed by the client',
  signed: 'Signed by the client',
};
