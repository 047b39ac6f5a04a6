import { type Kysely, sql } from 'kysely';

/**
 * Issue 35.1 and 35.8 (ADR 059, ADR 060): what relevance search ranks on, kept by the writes.
 *
 * - `has_photos`: whether the listing has a live photo, kept by a trigger on `photos` (insert,
 *   delete, a pending photo going live, a photo moving listing).
 * - `quality_score`: the trust a listing earns, stored (a generated column: every write of its
 *   inputs recomputes it, no request does): the Bayesian review score of ADR 034 centred on its
 *   prior (`2 × ((35 + sum) / (10 + count) − 3.5)`: 0 without reviews, one 5-star review +0.27,
 *   forty 4.5s +1.6), + 1.5 Verified, + 1 a live photo, + 0.75 claimed by its owner, + 0.5 a
 *   complete listing (phone, address, description and services), + 0.5 opening hours.
 * - `search_vector`: the listing's words on the 'simple' configuration (no dictionary: Neon
 *   cannot install one; plurals and synonyms come from the vocabulary, issue 35.2), weighted A
 *   name and type, B categories, services and tags, C area and locality, D description.
 * - A GIN index on `search_vector` and a btree on the trust order (quality, newest, id), both of
 *   approved listings: a query's candidates are read in trust order, at most a few hundred
 *   (ADR 060), through whichever the planner finds cheaper.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table business_registrations
      add column has_photos boolean not null default false`.execute(db);
  await sql`
    update business_registrations r set has_photos = true
    where exists (select 1 from photos p where p.listing_id = r.id and p.status = 'live')`.execute(
    db,
  );
  await sql`
    create function listing_has_photos_keep() returns trigger language plpgsql as $$
    declare
      ids uuid[] := array[]::uuid[];
    begin
      if tg_op in ('INSERT', 'UPDATE') then ids := ids || new.listing_id; end if;
      if tg_op in ('DELETE', 'UPDATE') then ids := ids || old.listing_id; end if;
      update business_registrations r
        set has_photos = exists (select 1 from photos p where p.listing_id = r.id and p.status = 'live')
        where r.id = any(ids)
          and r.has_photos is distinct from
              exists (select 1 from photos p where p.listing_id = r.id and p.status = 'live');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger photos_keep_has_photos
      after insert or delete or update of status, listing_id on photos
      for each row execute function listing_has_photos_keep()`.execute(db);

  await sql`
    alter table business_registrations
      add column quality_score real not null generated always as (
        2 * ((35 + review_sum)::real / (10 + review_count) - 3.5)
        + case when verification_status = 'verified' then 1.5 else 0 end
        + case when has_photos then 1 else 0 end
        + case when owner_user_id is not null then 0.75 else 0 end
        + case when coalesce(phone, '') <> '' and coalesce(address, '') <> ''
                and coalesce(description, '') <> '' and coalesce(services, '') <> ''
               then 0.5 else 0 end
        + case when opening_hours is not null then 0.5 else 0 end
      ) stored,
      add column search_vector tsvector not null generated always as (
        setweight(to_tsvector('simple'::regconfig,
          coalesce(business_name, '') || ' ' || coalesce(business_type, '')), 'A')
        || setweight(to_tsvector('simple'::regconfig,
          immutable_array_to_string(business_categories, ' ') || ' ' || coalesce(services, '')
          || ' ' || immutable_array_to_string(tags, ' ')), 'B')
        || setweight(to_tsvector('simple'::regconfig,
          coalesce(area, '') || ' ' || coalesce(general_location, '') || ' ' || coalesce(city, '')),
          'C')
        || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'D')
      ) stored`.execute(db);
  await sql`
    create index business_registrations_search_vector_idx on business_registrations
      using gin (search_vector) where status = 'approved'`.execute(db);
  await sql`
    create index business_registrations_trust_idx on business_registrations
      (quality_score desc, created_at desc, id desc) where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger photos_keep_has_photos on photos`.execute(db);
  await sql`drop function listing_has_photos_keep()`.execute(db);
  await sql`
    alter table business_registrations
      drop column search_vector, drop column quality_score, drop column has_photos`.execute(db);
}
