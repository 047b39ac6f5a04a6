import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Article bodies (SPEC §2 "Body rendering"): `# `/`## `/`### ` headings, fully bold lines as bold
 * paragraphs, `- ` list items, blank lines as breaks; markdown is parsed by marked and the HTML
 * is reduced to an allow-list, so injected HTML or script never executes. Runs at build time.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'p',
    'strong',
    'em',
    'ul',
    'ol',
    'li',
    'br',
    'a',
    'blockquote',
    'code',
  ],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
  disallowedTagsMode: 'escape',
};

/** Markdown → safe HTML. A body `# ` heading becomes <h2>: the page's <h1> is the title. */
export function renderArticleBody(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html.replace(/<(\/?)h1>/g, '<$1h2>'), ALLOWED);
}
