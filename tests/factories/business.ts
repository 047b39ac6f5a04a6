import type { Kysely } from 'kysely';
import type {
  BusinessRegistration,
  Database,
  NewBusinessRegistration,
} from '../../functions/db/database.ts';

let counter = 0;

/** A valid registration row with unique name, e-mail and phone; override any field. */
export function buildBusiness(
  overrides: Partial<NewBusinessRegistration> = {},
): NewBusinessRegistration {
  counter += 1;
  const n = `${Date.now().toString(36)}${counter}`;
  return {
    business_name: `Test Motors ${n}`,
    business_type: 'Mechanic / Repair Services',
    business_categories: ['Mechanic / Repair Services'],
    email: `owner-${n}@example.com`,
    phone: `+234 801 555 ${String(counter).padStart(4, '0')}`,
    address: `${counter} Test Street`,
    city: 'Ikeja',
    state: 'Lagos',
    description: 'A test business used by the integration suite.',
    services: 'Engine repair and servicing',
    tags: ['Mechanic / Repair Services'],
    status: 'approved',
    ...overrides,
  };
}

export async function insertBusiness(
  db: Kysely<Database>,
  overrides: Partial<NewBusinessRegistration> = {},
): Promise<BusinessRegistration> {
  return db
    .insertInto('business_registrations')
    .values(buildBusiness(overrides))
    .returningAll()
    .executeTakeFirstOrThrow();
}
