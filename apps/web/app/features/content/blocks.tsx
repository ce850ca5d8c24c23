import type { Block } from '@drawhouse/contract';

/** One block of a CMS page or blog post, written as text: a heading, a paragraph or a list, never HTML. */
export function ContentBlock({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading':
      return <h2 className="mt-8 text-2xl font-bold">{block.text}</h2>;
    case 'paragraph':
      return <p className="mt-4 leading-relaxed">{block.text}</p>;
    case 'list':
      return (
        <ul className="mt-4 list-disc space-y-1 pl-6">
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items are static text and may repeat
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    default:
      return null;
  }
}

/** A page's or post's blocks in order. */
export function ContentBlocks({ blocks, testId }: { blocks: readonly Block[]; testId?: string }) {
  return (
    <div data-testid={testId}>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids and keep their order
        <ContentBlock key={index} block={block} />
      ))}
    </div>
  );
}
