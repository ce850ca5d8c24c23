/**
 * The identity verification form (`pdf_form`) as a PDF, filled with the customer's details: printed,
 * signed in front of a witness who may certify documents (a justice of the peace, a lawyer, a police
 * officer, a pharmacist ...), then photographed or scanned and uploaded. A4, the standard Helvetica
 * faces (no font file read), tagged with its language and title, as the draw calendar is.
 */
import PDFDocument from 'pdfkit';

export type VerificationFormDetails = {
  name: string;
  dateOfBirth: string;
  address: string;
  customerNumber: string;
  email: string;
  uploadUrl: string;
};

const GREY = '#555555';
const LINE = '#999999';

export const FORM_DECLARATION =
  'I declare that the details above are mine and true, that I am 18 years of age or older, and that the identity document shown to the witness is my own and genuine. I understand that giving false details is an offence and that my account will be closed.';

export const WITNESS_NOTE =
  'Witness: sign only after seeing the person sign and checking their photo ID (passport or driver’s licence) against the details above. An authorised witness is a justice of the peace, a lawyer, a police officer, a pharmacist, a doctor or another person who may witness a statutory declaration in Australia.';

/** The filled form's bytes. */
export function verificationFormPdf(details: VerificationFormDetails, generatedAt: Date): Promise<Buffer> {
  const title = 'Drawhouse identity verification form';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'en-AU',
    displayTitle: true,
    tagged: true,
    info: { Title: title, Author: 'Drawhouse', Subject: 'Identity verification', CreationDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 100;

  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(GREY)
    .text(
      'Print this form, sign it in front of an authorised witness, then take a clear photo or scan of the whole page and upload it at the address at the bottom.',
    );
  doc.moveDown();

  doc.fillColor('black').font('Helvetica-Bold').fontSize(12).text('Your details');
  doc.moveDown(0.3);
  doc.fontSize(10).table({
    columnStyles: [130, '*'],
    data: [
      [{ text: 'Full name', font: { src: 'Helvetica-Bold' } }, details.name],
      [{ text: 'Date of birth', font: { src: 'Helvetica-Bold' } }, details.dateOfBirth],
      [{ text: 'Home address', font: { src: 'Helvetica-Bold' } }, details.address],
      [{ text: 'Customer number', font: { src: 'Helvetica-Bold' } }, details.customerNumber],
      [{ text: 'Email', font: { src: 'Helvetica-Bold' } }, details.email],
    ],
  });
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(12).text('Declaration');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).text(FORM_DECLARATION, { width });
  doc.moveDown();

  const box = (label: string, height = 40) => {
    doc.font('Helvetica-Bold').fontSize(10).text(label);
    const y = doc.y + 2;
    doc.rect(50, y, width, height).strokeColor(LINE).stroke();
    doc.y = y + height + 8;
  };
  doc.font('Helvetica-Bold').fontSize(12).text('Your signature');
  doc.moveDown(0.3);
  box('Signature');
  box('Date signed', 24);

  doc.font('Helvetica-Bold').fontSize(12).text('Witness');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(WITNESS_NOTE, { width });
  doc.fillColor('black').moveDown(0.5);
  box('Witness full name', 24);
  box('Qualification (for example justice of the peace, registration number)', 24);
  box('Witness signature and stamp', 50);
  box('Date witnessed', 24);

  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(`Upload the signed form at ${details.uploadUrl}. Our team reviews it within 5 business days.`);
  doc.end();
  return done;
}
