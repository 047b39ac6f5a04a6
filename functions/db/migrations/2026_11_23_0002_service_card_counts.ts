import { type Kysely, sql } from 'kysely';

/**
 * SPEC §9 "Count per service card" kept current by the database (ADR 011): counting it on each
 * home page render scanned every listing (0.3–0.8 s at 100,000), so each write now adjusts the
 * counts of the cards it touches, in the same transaction, by work proportional to the rows it
 * changed. A card whose business type is set or changed is recounted once.
 *
 * Rule (SPEC §9): a listing counts for a card when its business_type or its services contain the
 * card's business type (any case), or one of its tags equals it exactly; approved listings only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function service_card_matches(card_type text, business_type text, services text, tags text[])
    returns boolean language sql immutable parallel safe
    as $$
      select strpos(lower(coalesce(business_type, '')), lower(card_type)) > 0
          or strpos(lower(coalesce(services, '')), lower(card_type)) > 0
          or card_type = any(tags)
    $$`.execute(db);

  await sql`alter table service_cards add column business_count integer not null default 0`.execute(
    db,
  );

  // A new card, or a card whose type changes, is counted over the approved listings once.
  await sql`
    create function service_cards_recount() returns trigger language plpgsql as $$
    begin
      new.business_count := (
        select count(*) from business_registrations r
        where r.status = 'approved'
          and service_card_matches(new.business_type, r.business_type, r.services, r.tags));
      return new;
    end $$`.execute(db);
  await sql`
    create trigger service_cards_recount before insert or update of business_type on service_cards
    for each row execute function service_cards_recount()`.execute(db);

  // Listing writes adjust the counts by the rows they changed (statement level: one bulk
  // approval of 2,000 listings is one update per card, not 2,000). `rows` is the transition
  // table's approved rows with +1 (new) or -1 (old).
  const triggers = {
    insert: {
      referencing: sql`new table as new_rows`,
      rows: sql`select 1 as sign, business_type, services, tags from new_rows where status = 'approved'`,
    },
    update: {
      referencing: sql`old table as old_rows new table as new_rows`,
      rows: sql`select -1 as sign, business_type, services, tags from old_rows where status = 'approved'
                union all
                select 1, business_type, services, tags from new_rows where status = 'approved'`,
    },
    delete: {
      referencing: sql`old table as old_rows`,
      rows: sql`select -1 as sign, business_type, services, tags from old_rows where status = 'approved'`,
    },
  };
  for (const [op, { referencing, rows }] of Object.entries(triggers)) {
    await sql`
      create function ${sql.id(`service_card_counts_after_${op}`)}() returns trigger language plpgsql as $$
      begin
        update service_cards c set business_count = c.business_count + d.delta
        from (
          select card.id, sum(x.sign) as delta
          from service_cards card
          join (${rows}) x
            on service_card_matches(card.business_type, x.business_type, x.services, x.tags)
          group by card.id
        ) d
        where c.id = d.id and d.delta <> 0;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.id(`business_registrations_card_counts_${op}`)}
      after ${sql.raw(op)} on business_registrations referencing ${referencing}
      for each statement execute function ${sql.id(`service_card_counts_after_${op}`)}()`.execute(
      db,
    );
  }

  await sql`update service_cards set business_type = business_type`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.id(`business_registrations_card_counts_${op}`)} on business_registrations`.execute(
      db,
    );
  }
  await sql`drop trigger if exists service_cards_recount on service_cards`.execute(db);
  for (const op of ['insert', 'update', 'delete']) {
    await sql`drop function if exists ${sql.id(`service_card_counts_after_${op}`)}()`.execute(db);
  }
  await sql`drop function if exists service_cards_recount()`.execute(db);
  await sql`alter table service_cards drop column if exists business_count`.execute(db);
  await sql`drop function if exists service_card_matches(text, text, text, text[])`.execute(db);
}
