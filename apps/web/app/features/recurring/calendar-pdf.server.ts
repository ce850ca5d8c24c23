import { pdfDocument, pdfTable } from '../../lib/pdf.server';
import type { SubscriptionCalendar } from './calendar-view';

const GREY = '#555555';

/**
 * The subscription calendar as a PDF (A4, the standard Helvetica faces, so no font file is read):
 * a title, how often a subscription buys, and a table of the coming draws with their date, Sydney
 * time, draw number and jackpot. Tagged with its language and title for screen readers.
 */
export function calendarPdf(
  calendar: SubscriptionCalendar,
  generatedAt: Date,
): Promise<Uint8Array<ArrayBuffer>> {
  const title = `${calendar.offerName} draw calendar`;
  const { doc, bytes } = pdfDocument({ title, subject: `Coming ${calendar.offerName} draws`, generatedAt });
  doc.font('Helvetica-Bold').fontSize(20).text(title);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(11).text(`Subscription: ${calendar.frequency}. Times are Sydney time.`);
  doc.moveDown();
  if (calendar.rows.length === 0) {
    doc.text('No draws are scheduled yet. New draws are added as they are announced.');
  } else {
    doc.fontSize(10);
    pdfTable(
      doc,
      ['*', 70, 60, 110],
      ['Date', 'Time', 'Draw', 'Jackpot'],
      calendar.rows.map((row) => [row.date, row.time, String(row.drawNo), row.jackpot]),
    );
  }
  doc.moveDown();
  doc
    .fillColor(GREY)
    .fontSize(9)
    .text(
      'Jackpots are estimates until the draw closes; "Announced soon" means the jackpot is not known yet. ' +
        'Draw dates can change: your account always shows the next draw your subscription buys.',
    );
  doc.end();
  return bytes;
}
