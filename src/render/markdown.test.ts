import { describe, expect, it } from 'vitest';
import { renderArticleBody } from './markdown.ts';

const norm = (html: string) => html.replace(/\n/g, '');

describe('renderArticleBody (SPEC §2 body rendering)', () => {
  it('"## " → h2 and "### " → h3', () => {
    expect(norm(renderArticleBody('## Title'))).toBe('<h2>Title</h2>');
    expect(norm(renderArticleBody('### Sub'))).toBe('<h3>Sub</h3>');
  });

  it('"# " → h2, never h1 (the page title is the h1)', () => {
    const html = renderArticleBody('# Top\n\ntext\n\n# Again');
    expect(html).not.toMatch(/<h1/i);
    expect(norm(html)).toBe('<h2>Top</h2><p>text</p><h2>Again</h2>');
  });

  it('a fully bold-wrapped line becomes a bold paragraph', () => {
    expect(norm(renderArticleBody('**Important notice**'))).toBe(
      '<p><strong>Important notice</strong></p>',
    );
  });

  it('"- " lines become list items', () => {
    expect(norm(renderArticleBody('- a\n- b'))).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('blank lines separate paragraphs', () => {
    expect(norm(renderArticleBody('one\n\ntwo'))).toBe('<p>one</p><p>two</p>');
  });

  it('a combined body renders each block', () => {
    const html = norm(
      renderArticleBody('## Tyres\n\n**Check pressure**\n\n- front\n- rear\n\nDone.'),
    );
    expect(html).toBe(
      '<h2>Tyres</h2><p><strong>Check pressure</strong></p><ul><li>front</li><li>rear</li></ul><p>Done.</p>',
    );
  });

  describe('XSS', () => {
    const attacks = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<p onclick="alert(1)">hi</p>',
      '<svg onload=alert(1)>',
      'text\n\n<script>fetch("//evil")</script>\n\nmore',
    ];

    it.each(attacks)('%s produces no executable markup', (input) => {
      const html = renderArticleBody(input);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<iframe/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).not.toMatch(/<svg/i);
      expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i); // no event handler attribute inside a real tag
      expect(html).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
    });

    it('escapes a script tag as text instead of dropping it silently', () => {
      expect(renderArticleBody('<script>alert(1)</script>')).toContain('&lt;script&gt;');
    });
  });

  it('normal links keep href and get rel containing nofollow', () => {
    const html = renderArticleBody('[Lagos](https://example.com/lagos)');
    expect(html).toMatch(/<a [^>]*href="https:\/\/example\.com\/lagos"/);
    const rel = /rel="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(rel.split(/\s+/)).toContain('nofollow');
  });

  it('a raw anchor with its own rel still ends up nofollow', () => {
    const html = renderArticleBody('<a href="https://example.com" rel="follow">x</a>');
    const rel = /rel="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(rel.split(/\s+/)).toContain('nofollow');
  });
});
