/** Brand, navigation and footer as data (one place to change them). */
export const SITE = {
  name: 'Lagos Auto Hub',
  shortName: 'AutoHub',
  tagline: 'Your trusted hub for car parts, sales, servicing, and auto lifestyle in Lagos.',
  description:
    'Find trusted mechanics, panel beaters, spare-parts sellers, car dealers and tow trucks in Lagos, Nigeria. Free to browse, free to list.',
  locale: 'en_NG',
} as const;

export interface NavLink {
  href: string;
  label: string;
}

/** Desktop bar and drawer (SPEC §2 Home). Visitors also see List Your Business. */
export const NAV_LINKS: NavLink[] = [
  { href: '/mechanic', label: 'Mechanics' },
  { href: '/parts', label: 'Parts' },
  { href: '/dealers', label: 'Dealers' },
  { href: '/bodywork', label: 'Body Work' },
  { href: '/breakdown-recovery', label: 'Breakdown' },
  { href: '/articles', label: 'News & Tips' },
  { href: '/find-it', label: 'Find It' },
];

/** Extra drawer links (SPEC §2: "the same links plus Contact and Register Business"). */
export const DRAWER_EXTRA_LINKS: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/contact', label: 'Contact' },
  { href: '/register', label: 'Register Business' },
];

export const SOCIAL_LINKS: NavLink[] = [
  { href: 'https://www.facebook.com/lagosautohub', label: 'Facebook' },
  { href: 'https://www.instagram.com/lagosautohub', label: 'Instagram' },
  { href: 'https://x.com/lagosautohub', label: 'X (Twitter)' },
  { href: 'https://wa.me/2348010000000', label: 'WhatsApp' },
];
