/**
 * A CMS page's blocks as the back office's editor writes them, one block per paragraph of text:
 * `# ` starts a heading, lines starting `- ` make a list, anything else is a paragraph. Blank lines
 * separate blocks.
 */
import type { Block } from '@drawhouse/contract';

export function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      if (b.type === 'heading') return `# ${b.text}`;
      if (b.type === 'list') return b.items.map((item) => `- ${item}`).join('\n');
      return b.text;
    })
    .join('\n\n');
}

export function textBlocks(text: string): Block[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '')
    .map((chunk): Block => {
      const lines = chunk.split('\n').map((l) => l.trim());
      if (lines.every((l) => l.startsWith('- ')))
        return { type: 'list', items: lines.map((l) => l.slice(2).trim()) };
      if (lines.length === 1 && chunk.startsWith('# '))
        return { type: 'heading', text: chunk.slice(2).trim() };
      return { type: 'paragraph', text: lines.join(' ') };
    });
}
