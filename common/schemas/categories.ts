/**
 * The fourteen service categories of SPEC §9, in the spec's order. Used by the business form,
 * bulk import and admin edit; Find It uses {@link FIND_IT_SERVICES} (13, no Listing Websites).
 */
export const SERVICE_CATEGORIES = [
  'Car Dealership / Sales',
  'Auto Parts & Accessories',
  'Mechanic / Repair Services',
  'Body Work & Paint',
  'Breakdown Recovery / Towing',
  'Listing Websites',
  'Car Wash & Detailing',
  'Auto Electrical',
  'Tyre Services',
  'Auto Insurance',
  'Car Rental',
  'Vehicle Inspection',
  'Air Conditioning Repair',
  'Windscreen / Glass - Repair / Replacement',
] as const;

export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const FIND_IT_SERVICES = SERVICE_CATEGORIES.filter((c) => c !== 'Listing Websites');

/** A highlight tile of a category page (SPEC §2 Workshops: "three highlight tiles"). */
export interface CategoryHighlight {
  title: string;
  text: string;
}

/**
 * A public category page (SPEC §2 "Category pages"), served by the one route
 * `src/pages/[category]/index.astro` at `path` (issue 25.5). `typeFilter` is the spec's business
 * type.
 */
export interface CategoryPage {
  path: string;
  title: string;
  tagline: string;
  typeFilter: string;
  availableHeading: string;
  loadingText: string;
  emptyText: string;
  searchPlaceholder: string;
  /**
   * SPEC §2 Workshops: the header counts the listings ("12 workshops listed", singular and
   * plural noun) beside a Browse All button, and the highlight tiles follow the list (page 1 of
   * the whole category only).
   */
  highlights?: {
    countNoun: readonly [one: string, many: string];
    tiles: readonly CategoryHighlight[];
  };
}

export const CATEGORY_PAGES = {
  workshops: {
    path: '/workshops',
    title: 'Auto Workshops',
    tagline: 'Trusted workshops across Lagos for servicing, repairs and diagnostics.',
    typeFilter: 'workshop',
    availableHeading: 'Available Workshops',
    loadingText: 'Loading workshops...',
    emptyText: 'No workshops found.',
    searchPlaceholder: 'Search workshops...',
    highlights: {
      countNoun: ['workshop', 'workshops'],
      tiles: [
        {
          title: 'Oil Changes',
          text: 'Fresh oil and filters to keep your engine healthy in Lagos heat and traffic.',
        },
        {
          title: 'Engine Repair',
          text: 'Diagnostics and repairs from misfires to overheating and timing belts.',
        },
        {
          title: 'Brake Service',
          text: 'Pads, discs and fluid checks so you stop safely in the rain.',
        },
      ],
    },
  },
  bodywork: {
    path: '/bodywork',
    title: 'Body Work & Paint',
    tagline: 'Panel beaters, sprayers and body shops that make your car look new again.',
    typeFilter: 'Body Work',
    availableHeading: 'Available Body Work Services',
    loadingText: 'Loading body work services...',
    emptyText: 'No body work services found.',
    searchPlaceholder: 'Search body work services...',
  },
  mechanic: {
    path: '/mechanic',
    title: 'Mechanics',
    tagline: 'Find a mechanic you can trust, from engine repair to routine servicing.',
    typeFilter: 'Mechanic',
    availableHeading: 'Available Mechanics',
    loadingText: 'Loading mechanics...',
    emptyText: 'No mechanics found.',
    searchPlaceholder: 'Search mechanics...',
  },
  parts: {
    path: '/parts',
    title: 'Auto Parts',
    tagline: 'Genuine spare parts and accessories from sellers across Lagos.',
    typeFilter: 'Parts',
    availableHeading: 'Available Parts Sellers',
    loadingText: 'Loading parts sellers...',
    emptyText: 'No parts sellers found.',
    searchPlaceholder: 'Search parts sellers...',
  },
  dealers: {
    path: '/dealers',
    title: 'Car Dealers',
    tagline: 'New, tokunbo and Nigerian-used cars from dealers across Lagos.',
    typeFilter: 'Car Dealership',
    availableHeading: 'Available Car Dealers',
    loadingText: 'Loading car dealers...',
    emptyText: 'No car dealers found.',
    searchPlaceholder: 'Search car dealers...',
  },
  breakdown: {
    path: '/breakdown-recovery',
    title: 'Breakdown Recovery',
    tagline: 'Towing and roadside recovery when your car lets you down.',
    typeFilter: 'Breakdown Recovery',
    availableHeading: 'Available Breakdown Recovery Services',
    loadingText: 'Loading breakdown recovery services...',
    emptyText: 'No breakdown recovery services found',
    searchPlaceholder: 'Search breakdown recovery services...',
  },
  listings: {
    path: '/car-listings',
    title: 'Car Listing Websites',
    tagline: 'Online marketplaces to buy and sell cars in Lagos.',
    typeFilter: 'Listing Websites',
    availableHeading: 'Available Listing Websites',
    loadingText: 'Loading listing websites...',
    emptyText: 'No Listing Websites Yet',
    searchPlaceholder: 'Search listing websites...',
  },
} as const satisfies Record<string, CategoryPage>;

export type CategoryPageKey = keyof typeof CATEGORY_PAGES;

/**
 * The category page whose path is `/{segment}` (`mechanic` → `mechanic`, `breakdown-recovery` →
 * `breakdown`), or undefined: the route answers 404 then.
 */
export function categoryKeyOfSegment(segment: string | undefined): CategoryPageKey | undefined {
  return (Object.keys(CATEGORY_PAGES) as CategoryPageKey[]).find(
    (key) => CATEGORY_PAGES[key].path === `/${segment}`,
  );
}
