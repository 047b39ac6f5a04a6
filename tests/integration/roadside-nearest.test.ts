import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { nearestRoadsideHelp } from '../../functions/directory/roadside.service.ts';
import { placeBySlug } from '../../common/config/lagos-roads.ts';
import { insertBusiness } from '../factories/business.ts';
import { MONDAY_10, MONDAY_21, WEEKDAYS } from '../factories/hours.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/**
 * Issue 38.1 and 38.7 (ADR 082): the roadside screen's nearest help open now. Only breakdown
 * and towing listings and those that come to you, approved, with public contact details, open
 * at the moment in Lagos time; nearest first with their distances, unplaced listings at their
 * area's centre.
 */

let handle: DatabaseHandle;
const TOW = {
  business_type: 'Breakdown Recovery / Towing',
  business_categories: ['Breakdown Recovery / Towing'],
};
const bridge = placeBySlug('third-mainland-bridge')!;

beforeAll(async () => {
  handle = await createTestDatabase();
  const near = (km: number) => ({ latitude: bridge.lat + km / 111.32, longitude: bridge.lon });
  await insertBusiness(handle.db, {
    ...TOW,
    business_name: 'Bridge Tow',
    open_24_hours: true,
    ...near(1),
  });
  await insertBusiness(handle.db, {
    ...TOW,
    business_name: 'Day Tow',
    opening_hours: WEEKDAYS,
    ...near(2),
  });
  await insertBusiness(handle.db, {
    business_name: 'Mobile Mechanic',
    comes_to_you: true,
    coverage_areas: ['yaba', 'ikeja'],
    open_24_hours: true,
    callout_fee_min: 5000,
    callout_fee_max: 15000,
    ...near(6),
  });
  await insertBusiness(handle.db, {
    business_name: 'Workshop Only',
    open_24_hours: true,
    ...near(0.5),
  });
  await insertBusiness(handle.db, {
    ...TOW,
    business_name: 'Members Tow',
    open_24_hours: true,
    contact_visibility: 'registered_users_only',
    ...near(0.2),
  });
  await insertBusiness(handle.db, {
    ...TOW,
    business_name: 'Pending Tow',
    open_24_hours: true,
    status: 'pending',
    ...near(0.3),
  });
  await insertBusiness(handle.db, { ...TOW, business_name: 'Closed Tow', ...near(0.4) });
  await insertBusiness(handle.db, {
    ...TOW,
    business_name: 'Yaba Yard Tow',
    open_24_hours: true,
    area: 'Yaba',
  });
});
afterAll(() => handle?.close());

const origin = { lat: bridge.lat, lng: bridge.lon };

describe('nearest roadside help open now (issue 38.1)', () => {
  it('lists the callable breakdown and come-to-you listings open now, nearest first', async () => {
    const found = await nearestRoadsideHelp(handle.db, origin, MONDAY_10);
    expect(found.map((b) => b.business_name)).toEqual([
      'Bridge Tow',
      'Day Tow',
      'Yaba Yard Tow',
      'Mobile Mechanic',
    ]);
    expect(found[0]).toMatchObject({
      distance_km: 1,
      distance_from_area: false,
      open_24_hours: true,
    });
    // No coordinates: measured to its area's centre, and said so.
    expect(found[2]).toMatchObject({ distance_from_area: true });
    expect(found[3]).toMatchObject({
      comes_to_you: true,
      callout_fee_min: 5000,
      callout_fee_max: 15000,
    });
    expect(found.every((b) => b.phone)).toBe(true);
  });

  it('leaves out what is closed at the moment in Lagos', async () => {
    const found = await nearestRoadsideHelp(handle.db, origin, MONDAY_21);
    expect(found.map((b) => b.business_name)).toEqual([
      'Bridge Tow',
      'Yaba Yard Tow',
      'Mobile Mechanic',
    ]);
  });

  it('finds help far away when none is near (the box grows)', async () => {
    const badagry = placeBySlug('badagry-expressway-badagry')!;
    const found = await nearestRoadsideHelp(
      handle.db,
      { lat: badagry.lat, lng: badagry.lon },
      MONDAY_10,
    );
    expect(found.length).toBe(4);
    expect(found[0]!.distance_km).toBeGreaterThan(40);
  });
});
