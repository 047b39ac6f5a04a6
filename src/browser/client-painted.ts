import type { ClientDirective } from 'astro';

/**
 * `client:painted` (registered in astro.config.mjs): hydrates an island only after the page has
 * painted for the first time, then when the browser is idle, or with `client:painted="visible"`
 * when the island scrolls into view. `client:idle` and `client:visible` alone can fire before the
 * first paint (an idle period, or an above-the-fold island intersecting, while the document is
 * still being laid out), and an island requested then competes with it: Lighthouse counts its
 * requests against FCP and LCP (issue 13.2, ADR 027). The moment comes from the head script's
 * page-script loader (`self.__lagos_painted`, src/config/security-headers.ts); without it the
 * island waits for nothing more than `client:idle` / `client:visible` would.
 */
const painted: ClientDirective = (load, options, el) => {
  const hydrate = async () => {
    await (
      await load()
    )();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
  };
  const whenVisible = () => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void hydrate();
    });
    for (const child of el.children) observer.observe(child);
  };
  const firstPaint = (self as { __lagos_painted?: Promise<unknown> }).__lagos_painted;
  void (firstPaint ?? Promise.resolve()).then(options.value === 'visible' ? whenVisible : whenIdle);
};

export default painted;
