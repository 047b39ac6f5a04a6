import { z } from 'zod';
import { variable, type Variable } from './variable.ts';

/** Where data lives: the database, the first start's seeds, content, the build, blobs. */
export const STORAGE_VARIABLES = {
  DATABASE_URL: variable(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    {
      default: 'unset',
      meaning: 'Postgres URL; unset means embedded PGlite. `*.neon.tech` hosts use the Neon driver',
      secret: true,
    },
  ),
  NETLIFY_DATABASE_URL: variable(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    {
      default: 'unset',
      meaning: 'set by Netlify DB (Neon); used when `DATABASE_URL` is unset',
      secret: true,
    },
  ),
  DATABASE_DRIVER: variable(z.enum(['pg', 'neon'], 'must be pg or neon').optional(), {
    default: 'auto',
    meaning: '`pg` or `neon` to force the driver for a URL',
  }),
  PGLITE_DATA_DIR: variable(z.string().default('.data/pglite'), {
    default: '`.data/pglite`',
    meaning: 'embedded database folder; only one process may open it (a lock enforces it)',
  }),
  SEED: variable(
    z
      .enum(['true', 'false'], 'must be true or false')
      .default('true')
      .transform((value) => value === 'true'),
    { default: '`true`', meaning: '`false` starts a fresh database empty' },
  ),
  SEED_SYNTHETIC: variable(
    z.coerce
      .number('must be a whole number')
      .int('must be a whole number')
      .min(0, 'must be a whole number')
      .max(1_000_000, 'must be at most 1000000')
      .default(0),
    {
      default: '`0`',
      meaning: 'a fresh database also gets N synthetic listings, 30 % pending (scale tests)',
    },
  ),
  CONTENT_DIR: variable(z.string().default('content'), {
    default: '`content`',
    meaning: 'the shipped content the seed loads (articles, service cards, sample businesses)',
  }),
  SITE_BUILD_DIR: variable(z.string().default('.data/site'), {
    default: '`.data/site`',
    meaning: 'where the local server keeps its build (reused while the code is unchanged)',
  }),
  BLOBS_DIR: variable(z.string().default('.data/blobs'), {
    default: '`.data/blobs`',
    meaning: 'where `npm start` keeps uploaded photos (Netlify Blobs on Netlify; ADR 039)',
  }),
} satisfies Record<string, Variable>;
