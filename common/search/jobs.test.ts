import { describe, expect, it } from 'vitest';
import { carClassOf, JOB_TYPES, jobTypeOf } from './jobs';

/** Issue 36.6: the job a request names, and the car class its quotes are ranged in. */
describe('jobTypeOf', () => {
  it.each([
    ['Front brake pads worn, car shakes', 'brake-pads'],
    ['Rear bumper DENTED, needs spraying', 'panel-spray'],
    ['My A/C is not cold', 'ac-regas'],
    ['need 2 new tyres', 'tyre'],
    ['gear not entering reverse', 'gearbox'],
    ['Car not starting this morning', 'battery'],
    ['Tow my car from Ojota to Yaba', 'towing'],
  ])('%j → %s', (text, key) => {
    expect(jobTypeOf(text)?.key).toBe(key);
  });

  it('reads the details when the job says nothing it knows, and is null for neither', () => {
    expect(jobTypeOf('Something is wrong', 'the windscreen cracked')?.key).toBe('windscreen');
    expect(jobTypeOf('Something is wrong', null)).toBeNull();
    expect(jobTypeOf(undefined, '')).toBeNull();
  });

  it('matches whole words only ("brakeless" is not "brake"; "washington" is not "wash")', () => {
    expect(jobTypeOf('brakeless washington')).toBeNull();
  });

  it('keeps the vocabulary in its alphabet, each key once', () => {
    for (const job of JOB_TYPES)
      for (const phrase of job.phrases) expect(phrase).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
    expect(new Set(JOB_TYPES.map((j) => j.key)).size).toBe(JOB_TYPES.length);
  });
});

describe('carClassOf', () => {
  it('ranges luxury makes apart', () => {
    expect(carClassOf('Lexus')).toBe('luxury');
    expect(carClassOf('Toyota')).toBe('standard');
    expect(carClassOf(null)).toBeNull();
  });
});
