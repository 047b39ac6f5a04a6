import { z } from 'zod';
import { CATEGORY_PAGES, type CategoryPageKey } from './categories';
import { AreaParamSchema, DIRECTORY_PAGE_SIZE, MAX_PAGE_SIZE } from './directory';
import { isNearLagos } from '../config/lagos-areas';
import { OUTSIDE_LAGOS_MESSAGE } from './distance';

const CATEGORY_PAGE_KEYS = Object.keys(CATEGORY_PAGES) as [CategoryPageKey, ...CategoryPageKey[]];

/**
 * `GET /api/directory/near` parameters (issue 16.5, ADR 020): the visitor's position (WGS 84
 * degrees, within `LAGOS_BOUNDS`), optionally a category page key and an area, a cursor from the
 * previous page, and `limit` 1–100 (default 24). Nothing of it is stored or logged.
 */
export const NearbyQuerySchema = z
  .object({
    lat: z.coerce.number().min(-90).max(90),
    lng: z.coerce.number().min(-180).max(180),
    category: z.enum(CATEGORY_PAGE_KEYS, 'Unknown category').optional(),
    area: AreaParamSchema.optional(),
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DIRECTORY_PAGE_SIZE),
  })
  .refine((q) => isNearLagos(q.lat, q.lng), { message: OUTSIDE_LAGOS_MESSAGE, path: ['lat'] });
export type NearbyQuery = z.output<typeof NearbyQuerySchema>;

export * from './distance';
