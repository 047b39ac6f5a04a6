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

/** A public category page (SPEC §2 "Category pages"). `typeFilter` is the spec's business type. */
export interface CategoryPage {
  path: string;
  title: string;
  tagline: string;
  typeFilter: string;
  availableHeading: string;
  loadingText: string;
  emptyText: string;
  searchPlaceholder: string;
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
