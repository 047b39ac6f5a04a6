import type { Kysely } from 'kysely';
import {
  type BusinessContact,
  type DirectoryListQuery,
  type DirectorySearchQuery,
  expandSearchTerms,
  type PublicBusiness,
} from '../../src/schemas/directory.ts';
import { AppError } from '../_lib/errors.ts';
import { toE164 } from '../_lib/phone.ts';
import type { Database } from '../db/database.ts';
import { toPublicBusiness } from './directory.mapper.ts';
import * as repository from './directory.repository.ts';

type Db = Kysely<Database>;

/** Approved listings, public view, in listing order. */
export async function listBusinesses(db: Db, query: DirectoryListQuery): Promise<PublicBusiness[]> {
  const rows = await repository.listDirectory(db, query, query.limit);
  return rows.map(toPublicBusiness);
}

/** SPEC §7 search with synonym expansion; a blank query returns no results. */
export async function searchBusinesses(
  db: Db,
  query: DirectorySearchQuery,
): Promise<PublicBusiness[]> {
  const rows = await repository.searchDirectory(db, expandSearchTerms(query.q), query, query.limit);
  return rows.map(toPublicBusiness);
}

/** @throws AppError NOT_FOUND when no approved listing has this id. */
export async function getBusiness(db: Db, id: string): Promise<PublicBusiness> {
  const row = await repository.findDirectoryEntry(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Business not found');
  return toPublicBusiness(row);
}

export async function listFeaturedBusinesses(db: Db): Promise<PublicBusiness[]> {
  return (await repository.listFeatured(db)).map(toPublicBusiness);
}

/** Contact details of an approved listing for a signed-in user. @throws AppError NOT_FOUND */
export async function getBusinessContact(db: Db, id: string): Promise<BusinessContact> {
  const row = await repository.findDirectoryEntry(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Business not found');
  return {
    email: row.email,
    phone: row.phone,
    whatsapp: row.whatsapp,
    address: row.address,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    phone_e164: toE164(row.phone),
    whatsapp_e164: toE164(row.whatsapp ?? row.phone),
  };
}
