import type { Statement } from '@drawhouse/contract';
import { pdfDocument, pdfTable } from '../../lib/pdf.server';
import { GAMBLING_HELP, statementLineCells, statementPeriodText, statementTotalRows } from './statement-view';

const GREY = '#555555';

/**
 * A month's activity statement as a PDF: the customer's name, the month, the totals, every
 * transaction of the month (oldest first) and the gambling help line.
 */
export function statementPdf(
  statement: Statement,
  customerName: string,
  generatedAt: Date,
): Promise<Uint8Array<ArrayBuffer>> {
  const title = `Activity statement: ${statement.name}`;
  const { doc, bytes } = pdfDocument({
    title,
    subject: `Drawhouse account activity of ${customerName}, ${statement.name}`,
    generatedAt,
  });
  doc.font('Helvetica-Bold').fontSize(20).text(title);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(11).text(`Account holder: ${customerName}`);
  doc.text(`Period: ${statementPeriodText(statement)}.`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text('Totals');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  pdfTable(
    doc,
    ['*', 120],
    ['Item', 'Amount'],
    statementTotalRows(statement).map((row) => [row.label, row.amount]),
  );
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text('Transactions');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  if (statement.transactions.length === 0) {
    doc.text('No money moved in your account this month.');
  } else {
    pdfTable(
      doc,
      [100, '*', 65, 115],
      ['Date', 'Transaction', 'Status', 'Amount'],
      statement.transactions.map(statementLineCells),
    );
  }
  doc.moveDown();
  doc
    .fillColor(GREY)
    .fontSize(9)
    .text(
      'Held amounts (a withdrawal awaiting approval) are listed as pending and count once they are done; ' +
        'cancelled ones never count. Balances include promotional credit.',
    );
  doc.moveDown();
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Need to talk? ${GAMBLING_HELP.name}: ${GAMBLING_HELP.phone}`);
  doc.font('Helvetica').fontSize(10).text(`${GAMBLING_HELP.text} gamblinghelponline.org.au`);
  doc.end();
  return bytes;
}
