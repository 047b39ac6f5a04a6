import type { APIRoute } from 'astro';
import {
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  Check,
  Clock,
  Copy,
  Globe,
  Lock,
  Mail,
  MapPin,
  MessageCircle,
  Navigation,
  Phone,
  Search,
  Star,
  X,
  type LucideIcon,
} from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ICON_NAMES, type IconName } from '../../common/config/icons';

/** Pre-rendered at build time: one static file, cached by browsers and the CDN. */
export const prerender = true;

const ICONS: Record<IconName, LucideIcon> = {
  'arrow-left': ArrowLeft,
  'arrow-right': ArrowRight,
  'badge-check': BadgeCheck,
  check: Check,
  clock: Clock,
  copy: Copy,
  globe: Globe,
  lock: Lock,
  mail: Mail,
  'map-pin': MapPin,
  'message-circle': MessageCircle,
  navigation: Navigation,
  phone: Phone,
  search: Search,
  star: Star,
  x: X,
};

/**
 * /icons.svg: every icon of common/config/icons.ts as a `<symbol>` (lucide's drawings, 24×24). The
 * stroke and fill are left to the referencing `<svg>` so CSS can colour each use.
 */
export const GET: APIRoute = () => {
  const symbols = ICON_NAMES.map((name) => {
    const markup = renderToStaticMarkup(createElement(ICONS[name]));
    const inner = markup.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return new Response(`<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`, {
    headers: { 'content-type': 'image/svg+xml' },
  });
};
