import type { Migration } from 'kysely/migration';
import * as initialSchema from './2026_11_21_0001_initial_schema.ts';
import * as accounts from './2026_11_21_0002_accounts.ts';
import * as publicForms from './2026_11_21_0003_public_forms.ts';
import * as messaging from './2026_11_21_0004_messaging.ts';
import * as directoryPages from './2026_11_23_0001_directory_pages.ts';
import * as serviceCardCounts from './2026_11_23_0002_service_card_counts.ts';
import * as adminLists from './2026_11_23_0030_admin_lists.ts';

/**
 * Every migration, by name, in order. Imported statically (not read from disk) so the
 * bundlers of Astro and Netlify include them.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_initial_schema': initialSchema,
  '2026_11_21_0002_accounts': accounts,
  '2026_11_21_0003_public_forms': publicForms,
  '2026_11_21_0004_messaging': messaging,
  '2026_11_23_0001_directory_pages': directoryPages,
  '2026_11_23_0002_service_card_counts': serviceCardCounts,
  '2026_11_23_0030_admin_lists': adminLists,
};
