import { z } from 'zod';
import { DEFAULT_MAP_TILE_URL, tileUrlProblem } from '../../../common/config/map.ts';
import { variable, text, url, email, type Variable } from './variable.ts';

/** Accounts and outside services: auth, mail, SMS, Google Places, Overpass, map tiles. */
export const SERVICE_VARIABLES = {
  BETTER_AUTH_SECRET: variable(
    z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
    {
      default: 'generated into `.data/auth-secret` locally',
      meaning: 'signs sessions; required in production (32+ random characters)',
      secret: true,
    },
  ),
  LOCAL_ADMIN_EMAIL: variable(email('admin@lagosautohub.local'), {
    default: '`admin@lagosautohub.local`',
    meaning: 'the admin created on a fresh local database',
  }),
  LOCAL_ADMIN_PASSWORD: variable(z.string().min(6, 'must be at least 6 characters').optional(), {
    default: 'random, printed once',
    meaning: 'password of that admin',
    secret: true,
  }),
  MAIL_FROM: variable(z.string().default('Lagos Auto Hub <no-reply@lagosautohub.local>'), {
    default: '`Lagos Auto Hub <no-reply@lagosautohub.local>`',
    meaning: 'sender of our e-mails (a verified SendGrid sender in production)',
  }),
  SENDGRID_API_KEY: variable(text(), {
    default: 'unset',
    meaning: 'send e-mail through SendGrid; unset means the local outbox',
    secret: true,
  }),
  SENDGRID_BASE_URL: variable(url('a SendGrid API base'), {
    default: "SendGrid's",
    meaning: 'only to point the client at a fake (tests)',
  }),
  ADMIN_NOTIFY_EMAIL: variable(email('admin@lagosautohub.local'), {
    default: '`admin@lagosautohub.local`',
    meaning: 'receives new-listing, Find It and contact notifications',
  }),
  MAIL_OUTBOX_DIR: variable(z.string().default('.data/mail'), {
    default: '`.data/mail`',
    meaning: 'where the local outbox writes one file per e-mail',
  }),
  TERMII_API_KEY: variable(text(), {
    default: 'unset',
    meaning:
      'send SMS (sign-in codes) through Termii, with `TERMII_SENDER_ID`; unset means the local SMS outbox',
    secret: true,
  }),
  TERMII_SENDER_ID: variable(
    z
      .string()
      .regex(
        /^[A-Za-z0-9 ]{3,11}$/,
        'must be 3–11 letters or digits (a sender ID registered with Termii)',
      )
      .optional(),
    {
      default: 'unset',
      meaning:
        'the sender ID Termii approved for the account (e.g. `LagosAuto`); needed with the key',
    },
  ),
  TERMII_BASE_URL: variable(url('a Termii API base'), {
    default: '`https://v3.api.termii.com`',
    meaning: "the account's Termii API base (its dashboard shows it), or a fake (tests)",
  }),
  SMS_OUTBOX_DIR: variable(z.string().default('.data/sms'), {
    default: '`.data/sms`',
    meaning: 'where the local SMS outbox writes one file per text message',
  }),
  GOOGLE_PLACES_API_KEY: variable(text(), {
    default: 'unset',
    meaning:
      'bulk import searches Google Places (Text Search); unset means OpenStreetMap (Overpass)',
    secret: true,
  }),
  GOOGLE_PLACES_BASE_URL: variable(url('a Google Places API base'), {
    default: 'the public service',
    meaning: 'only to point the provider at a fake (tests)',
  }),
  OVERPASS_BASE_URL: variable(url('an Overpass API base'), {
    default: 'the public service',
    meaning: 'only to point the provider at a fake (tests)',
  }),
  MAP_TILE_URL: variable(
    z
      .string()
      .default(DEFAULT_MAP_TILE_URL)
      .superRefine((value, ctx) => {
        const problem = tileUrlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    {
      default: '`https://tile.openstreetmap.org/{z}/{x}/{y}.png`',
      meaning:
        'map tiles (`{z}/{x}/{y}`, `{s}` allowed), baked into the build with its origin in the CSP (ADR 021)',
    },
  ),
  MAP_TILE_ATTRIBUTION: variable(z.string().max(200, 'must be at most 200 characters').optional(), {
    default: 'unset',
    meaning: "the tile provider's credit (plain text), shown after OpenStreetMap's on every map",
  }),
} satisfies Record<string, Variable>;
