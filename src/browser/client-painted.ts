import type { ClientDirective } from 'astro';
import idle from 'astro/client/idle.js';
import visible from 'astro/client/visible.js';

/**
 * `client:painted` (registered in astro.config.mjs): Astro's own `client:idle`, or with
 * `client:painted="visible"` its `client:visible`, started only once the page has painted for the
 * first time. Alone, either can fire before the first paint (an idle period, or an above-the-fold
 * island intersecting, while the document is still being laid out), and an island requested then
 * competes with it: Lighthouse counts its requests against FCP and LCP (issue 13.2, ADR 027). The
 * moment comes from the head script's page-script loader (`self.__lagos_painted`,
 * src/config/security-headers.ts); without it the island waits for nothing more than Astro's
 * directive would.
 */
const painted: ClientDirective = (load, options, el) => {
  const directive = options.value === 'visible' ? visible : idle;
  const firstPaint = (self as { __lagos_painted?: Promise<unknown> }).__lagos_painted;
  void (firstPaint ?? Promise.resolve()).then(() => directive(load, options, el));
};

export default painted;
