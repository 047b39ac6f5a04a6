import { type Kysely, sql } from 'kysely';

/**
 * Issue 37.5 (ADR 075): an owner confirms the listing's phone with a code sent to it.
 *
 * `business_registrations.phone_confirmed_at` is the check and its date (null: not confirmed);
 * the public view carries it (at its end) for the Verified badge's explanation.
 * `listing_phone_codes` holds the one live code of a listing: an HMAC of it (never the code), the
 * E.164 number it went to, its tries and expiry.
 *
 * A trigger lapses the check whenever the listing's phone changes, by any path (an owner's edit
 * approved, an admin's edit, an import): `phone_confirmed_at` is cleared, the admin's `phone`
 * check is taken out of `verification_checks`, and a live code is dropped. "Changes" compares the
 * digits only, so `0803 123 4567` rewritten as `08031234567` keeps the check.
 */
const VIEW_COLUMNS = sql`id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, area, address, email, phone, whatsapp,
           website, featured, display_order, created_at, updated_at, star_rating,
           verification_status, contact_visibility, slug, latitude, longitude, opening_hours, source,
           source_id, is_sample, category_keys, search_text, type_text, location_text,
           owner_user_id is not null as claimed, review_count, review_sum, review_stars,
           verification_checks, verified_at, quality_score`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table business_registrations add column phone_confirmed_at timestamptz`.execute(
    db,
  );
  await sql`
    create table listing_phone_codes (
      listing_id uuid primary key references business_registrations(id) on delete cascade,
      user_id text not null references "user"(id) on delete cascade,
      phone text not null,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create function business_registrations_phone_lapse() returns trigger
    language plpgsql as $$
    begin
      if regexp_replace(coalesce(new.phone, ''), '[^0-9]', '', 'g')
         is distinct from regexp_replace(coalesce(old.phone, ''), '[^0-9]', '', 'g') then
        new.phone_confirmed_at := null;
        new.verification_checks := array_remove(new.verification_checks, 'phone');
        delete from listing_phone_codes where listing_id = new.id;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger business_registrations_phone_lapse
      before update of phone on business_registrations
      for each row execute function business_registrations_phone_lapse()`.execute(db);
  await sql`
    create or replace view business_directory as
    select ${VIEW_COLUMNS}, phone_confirmed_at
    from business_registrations
    where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view business_directory`.execute(db);
  await sql`
    create view business_directory as
    select ${VIEW_COLUMNS}
    from business_registrations
    where status = 'approved'`.execute(db);
  await sql`drop trigger if exists business_registrations_phone_lapse on business_registrations`.execute(
    db,
  );
  await sql`drop function if exists business_registrations_phone_lapse()`.execute(db);
  await sql`drop table if exists listing_phone_codes`.execute(db);
  await sql`alter table business_registrations drop column phone_confirmed_at`.execute(db);
}
