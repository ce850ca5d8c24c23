import { describe, expect, it } from 'vitest';
import { blocksText, textBlocks } from './blocks';

describe("a page's blocks in the editor", () => {
  it('reads headings, paragraphs and lists, and writes them back the same', () => {
    const text = '# About us\n\nWe sell tickets\nonline.\n\n- Lotteries\n- Raffles';
    const blocks = textBlocks(text);
    expect(blocks).toEqual([
      { type: 'heading', text: 'About us' },
      { type: 'paragraph', text: 'We sell tickets online.' },
      { type: 'list', items: ['Lotteries', 'Raffles'] },
    ]);
    expect(textBlocks(blocksText(blocks))).toEqual(blocks);
    expect(textBlocks('\n\n  \n')).toEqual([]);
  });
});
