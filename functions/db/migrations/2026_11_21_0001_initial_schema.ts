import { type Kysely, sql } from 'kysely';

/**
 * Every entity of SPEC §3 with the spec's table and column names, plus the columns DESIGN.md
 * keeps for later features, the generated search columns with their trigram indexes, the
 * public read model `business_directory` and `has_role()`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists citext`.execute(db);

  // array_to_string is only STABLE; generated columns need IMMUTABLE.
  await sql`
    create function immutable_array_to_string(text[], text) returns text
    language sql immutable parallel safe
    as $$ select array_to_string($1, $2) $$`.execute(db);

  await sql`
    create function set_updated_at() returns trigger language plpgsql as $$
    begin new.updated_at := now(); return new; end $$`.execute(db);

  await sql`
    create table business_registrations (
      id uuid primary key default gen_random_uuid(),
      business_name text not null check (char_length(btrim(business_name)) >= 2),
      business_type text not null,
      display_name text,
      business_categories text[] not null default '{}',
      email citext check (email <> ''),
      phone text,
      address text,
      city text,
      state text,
      zip_code text default '',
      general_location text,
      website text,
      description text,
      services text,
      tags text[] not null default '{}',
      status text not null default 'pending'
        check (status in ('pending', 'approved', 'rejected', 'suspended')),
      featured boolean not null default false,
      verified boolean not null default false,
      display_order integer not null default 0,
      verification_status text not null default 'not_verified'
        check (verification_status in ('verified', 'verification_pending', 'not_verified', 'pending')),
      star_rating real not null default 0
        check (star_rating = any (array[0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]::real[])),
      contact_visibility text not null default 'public'
        check (contact_visibility in ('public', 'registered_users_only')),
      user_id text,
      user_created boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      slug text unique,
      latitude double precision check (latitude between -90 and 90),
      longitude double precision check (longitude between -180 and 180),
      opening_hours jsonb,
      whatsapp text,
      source text,
      source_id text,
      claimed_by text,
      is_sample boolean not null default false,
      search_text text generated always as (lower(
        coalesce(business_name, '') || E'\n' || coalesce(description, '') || E'\n' ||
        coalesce(services, '') || E'\n' || coalesce(city, '') || E'\n' ||
        coalesce(state, '') || E'\n' || coalesce(general_location, '') || E'\n' ||
        coalesce(business_type, ''))) stored,
      type_text text generated always as (lower(
        coalesce(business_type, '') || E'\n' || coalesce(services, '') || E'\n' ||
        immutable_array_to_string(tags, E'\n'))) stored,
      location_text text generated always as (lower(
        coalesce(city, '') || E'\n' || coalesce(state, '') || E'\n' ||
        coalesce(general_location, ''))) stored,
      constraint business_registrations_source_key unique (source, source_id)
    )`.execute(db);
  // SPEC §5 duplicate rule, enforced by the database so racing submissions cannot both win.
  await sql`create unique index business_registrations_email_key on business_registrations (email)`.execute(
    db,
  );
  await sql`create index business_registrations_search_text_idx on business_registrations using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index business_registrations_type_text_idx on business_registrations using gin (type_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index business_registrations_location_text_idx on business_registrations using gin (location_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index business_registrations_listing_idx on business_registrations (status, featured desc, display_order, created_at desc)`.execute(
    db,
  );
  await sql`create index business_registrations_created_at_idx on business_registrations (created_at desc)`.execute(
    db,
  );
  await sql`create trigger business_registrations_updated_at before update on business_registrations for each row execute function set_updated_at()`.execute(
    db,
  );

  await sql`
    create view business_directory as
    select id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, address, email, phone, whatsapp,
           website, featured, display_order, created_at, star_rating, verification_status,
           contact_visibility, slug, latitude, longitude, opening_hours, source, source_id,
           is_sample, search_text, type_text, location_text
    from business_registrations
    where status = 'approved'`.execute(db);

  await sql`
    create table articles (
      id uuid primary key default gen_random_uuid(),
      title text not null check (btrim(title) <> ''),
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      content text not null default '',
      excerpt text,
      author text,
      category text not null check (category in ('Car Care', 'Maintenance', 'Buying Guide', 'News', 'Tips')),
      read_time integer not null default 5 check (read_time > 0),
      published boolean not null default false,
      featured boolean not null default false,
      image_url text,
      meta_title text,
      meta_description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index articles_published_idx on articles (published, created_at desc)`.execute(
    db,
  );
  await sql`create trigger articles_updated_at before update on articles for each row execute function set_updated_at()`.execute(
    db,
  );

  await sql`
    create table service_cards (
      id uuid primary key default gen_random_uuid(),
      title text not null,
      description text,
      button_text text not null,
      business_type text not null,
      route_path text not null check (route_path like '/%'),
      enabled boolean not null default true,
      display_order integer not null default 0
    )`.execute(db);

  await sql`
    create table service_requests (
      id uuid primary key default gen_random_uuid(),
      customer_name text not null,
      customer_email citext not null,
      customer_phone text not null,
      customer_location text not null,
      services_requested text[] not null check (cardinality(services_requested) > 0),
      additional_info text,
      status text not null default 'pending' check (status in ('pending', 'handled')),
      created_at timestamptz not null default now(),
      handled_at timestamptz
    )`.execute(db);

  await sql`
    create table contacts (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      email citext not null,
      phone text,
      subject text not null,
      message text not null,
      status text not null default 'pending' check (status in ('pending', 'handled')),
      created_at timestamptz not null default now(),
      handled_at timestamptz,
      handled_by text
    )`.execute(db);

  await sql`
    create table sent_messages (
      id uuid primary key default gen_random_uuid(),
      sent_by text,
      recipient_type text not null check (recipient_type in ('users', 'businesses', 'custom')),
      recipients text[] not null default '{}',
      recipient_emails citext[] not null default '{}',
      subject text not null,
      message text not null,
      sent_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table profiles (
      id uuid primary key default gen_random_uuid(),
      user_id text not null unique,
      display_name text,
      role text not null default 'user',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create trigger profiles_updated_at before update on profiles for each row execute function set_updated_at()`.execute(
    db,
  );

  await sql`
    create table user_roles (
      id uuid primary key default gen_random_uuid(),
      user_id text not null,
      role text not null default 'user' check (role in ('user', 'admin')),
      created_at timestamptz not null default now(),
      constraint user_roles_user_id_role_key unique (user_id, role)
    )`.execute(db);

  await sql`
    create function has_role(_user_id text, _role text) returns boolean
    language sql stable
    as $$ select exists (select 1 from user_roles where user_id = _user_id and role = _role) $$`.execute(
    db,
  );

  await sql`
    create table site_build_state (
      id integer primary key default 1 check (id = 1),
      dirty boolean not null default false,
      reason text,
      requested_at timestamptz,
      triggered_at timestamptz
    )`.execute(db);
  await sql`insert into site_build_state (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists site_build_state`.execute(db);
  await sql`drop function if exists has_role(text, text)`.execute(db);
  for (const table of [
    'user_roles',
    'profiles',
    'sent_messages',
    'contacts',
    'service_requests',
    'service_cards',
    'articles',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop view if exists business_directory`.execute(db);
  await sql`drop table if exists business_registrations`.execute(db);
  await sql`drop function if exists set_updated_at()`.execute(db);
  await sql`drop function if exists immutable_array_to_string(text[], text)`.execute(db);
}
