import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BUSINESS_CSV_COLUMNS, businessesCsv, safeCell, USER_CSV_COLUMNS, usersCsv } from './csv';

describe('CSV exports (SPEC §9)', () => {
  it('neutralises spreadsheet formulas', () => {
    for (const evil of ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])
      expect(safeCell(evil)).toBe(`'${evil}`);
    expect(safeCell('Plain, "quoted"')).toBe('Plain, "quoted"');
    expect(safeCell(null)).toBe('');
    expect(safeCell(['a', 'b'])).toBe('a, b');
  });

  it('writes the business columns in the spec order and round-trips quotes, commas and newlines', () => {
    const csv = businessesCsv([
      {
        business_name: 'Ade, "Sons" & Co',
        email: 'a@b.co',
        phone: '=1+1',
        business_type: 'Mechanic / Repair Services',
        status: 'approved',
        city: 'Ikeja',
        state: 'Lagos',
        address: '1 Road\nBlock B',
        website: null,
        services: 'Engines',
        description: 'Good',
        display_name: null,
        featured: true,
        contact_visibility: 'public',
        created_at: '2026-11-21T10:00:00.000Z',
      },
    ]);
    const parsed = Papa.parse<string[]>(csv.trim());
    expect(parsed.data[0]).toEqual([...BUSINESS_CSV_COLUMNS]);
    expect(parsed.data[1]).toEqual([
      'Ade, "Sons" & Co',
      'a@b.co',
      "'=1+1",
      'Mechanic / Repair Services',
      'approved',
      'Ikeja',
      'Lagos',
      '1 Road\nBlock B',
      '',
      'Engines',
      'Good',
      '',
      'Yes',
      'public',
      '2026-11-21T10:00:00.000Z',
    ]);
  });

  it('writes the users columns', () => {
    const parsed = Papa.parse<string[]>(
      usersCsv([
        { display_name: 'Ada', role: 'admin', user_id: 'u1', created_at: 'c', updated_at: null },
      ]).trim(),
    );
    expect(parsed.data).toEqual([[...USER_CSV_COLUMNS], ['Ada', 'admin', 'u1', 'c', '']]);
  });
});
