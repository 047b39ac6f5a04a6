/**
 * The icons of the public pages, drawn once in the sprite `/icons.svg` (built from lucide's
 * icons by src/pages/icons.svg.ts) and referenced with `<use href="/icons.svg#name">`, so a page
 * of 24 cards carries 24 short references instead of 24 copies of each drawing (ADR 011).
 */
export const ICON_NAMES = [
  'arrow-left',
  'arrow-right',
  'badge-check',
  'check',
  'clock',
  'copy',
  'globe',
  'lock',
  'mail',
  'map-pin',
  'message-circle',
  'navigation',
  'phone',
  'search',
  'star',
  'x',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** URL of the sprite (pre-rendered at build time; cached like every static file). */
export const ICON_SPRITE = '/icons.svg';
