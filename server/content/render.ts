import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Root, RootContent } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { headingSlug } from './slug';

function textOf(node: HastContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

function walk(nodes: HastContent[], visit: (element: Element) => void) {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    visit(node);
    walk(node.children, visit);
  }
}

/** Gives `##` and `###` headings their slug as id, so FAQ questions can be linked to. */
function headingIds() {
  return (tree: HastRoot) => {
    walk(tree.children, (element) => {
      if (element.tagName === 'h2' || element.tagName === 'h3') {
        element.properties.id = headingSlug(textOf(element));
      }
    });
  };
}

/**
 * Markdown to HTML. Raw HTML in the source is dropped (remark-rehype's default), so the output
 * holds only what Markdown itself can express and is safe to insert into a page.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(headingIds)
  .use(rehypeStringify);

export function markdownToHtml(markdown: string): string {
  return processor.processSync(markdown).toString();
}

/** Already parsed Markdown blocks (a part of a file, such as one FAQ answer) to HTML. */
export function blocksToHtml(blocks: RootContent[]): string {
  const tree: Root = { type: 'root', children: blocks };
  return processor.stringify(processor.runSync(tree));
}
