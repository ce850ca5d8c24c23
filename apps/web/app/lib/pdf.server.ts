import PDFDocument from 'pdfkit';

export type PdfInfo = { title: string; subject: string; generatedAt: Date };

/** A header cell of a table: bold, and tagged as a header for screen readers. */
export type PdfCell = string | { text: string; type: 'TH'; font: { src: string } };

/**
 * A document the shop makes (A4, the standard Helvetica faces, so no font file is read), tagged
 * with its language and title for screen readers, and the bytes it comes to once `doc.end()` runs.
 */
export function pdfDocument(info: PdfInfo): {
  doc: PDFKit.PDFDocument;
  bytes: Promise<Uint8Array<ArrayBuffer>>;
} {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'en-AU',
    displayTitle: true,
    tagged: true,
    info: { Title: info.title, Author: 'Drawhouse', Subject: info.subject, CreationDate: info.generatedAt },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** A table with a shaded header row: `columns` are the widths (`'*'` takes what is left). */
export function pdfTable(
  doc: PDFKit.PDFDocument,
  columns: (number | '*')[],
  headers: string[],
  rows: string[][],
): void {
  const header: PdfCell[] = headers.map((text) => ({ text, type: 'TH', font: { src: 'Helvetica-Bold' } }));
  doc.table({
    columnStyles: columns,
    rowStyles: (row) => (row === 0 ? { backgroundColor: '#eeeeee' } : undefined),
    data: [header, ...rows],
  });
}
