import { inflateSync } from 'node:zlib';

/**
 * The text a PDF the shop makes shows, one string per text-showing operator: its content
 * streams are inflated and the hex strings of each `TJ` array joined (kerning numbers dropped).
 * Enough to read back what pdfkit writes with the standard fonts; not a general PDF reader.
 */
export function pdfTextRuns(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const runs: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match !== null; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '').join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs;
}
