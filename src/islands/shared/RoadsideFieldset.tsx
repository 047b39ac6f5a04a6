import { LAGOS_AREAS } from '../../../common/config/lagos-areas';
import { COVERAGE_ROADS } from '../../../common/config/lagos-roads';
import type { RoadsideFieldsInput } from '../../../common/schemas/roadside';

/**
 * The roadside declarations of a listing as a form edits them (issue 38.3): open 24 hours, comes
 * to you with the areas covered, and the call-out fee range as typed. `roadsideInput` turns the
 * draft into what `RoadsideFieldsSchema` (common/schemas/roadside.ts) validates, in the owner's
 * form and the admin's edit dialog alike; the server validates the same.
 */
export interface RoadsideDraft {
  open24: boolean;
  comesToYou: boolean;
  areas: string[];
  feeMin: string;
  feeMax: string;
}

export function roadsideDraft(fields: {
  open_24_hours?: boolean | undefined;
  comes_to_you?: boolean | undefined;
  coverage_areas?: string[] | undefined;
  callout_fee?: { min: number; max: number } | null | undefined;
}): RoadsideDraft {
  return {
    open24: fields.open_24_hours ?? false,
    comesToYou: fields.comes_to_you ?? false,
    areas: fields.coverage_areas ?? [],
    feeMin: fields.callout_fee ? String(fields.callout_fee.min) : '',
    feeMax: fields.callout_fee ? String(fields.callout_fee.max) : '',
  };
}

/** "₦5,000" or "5 000" → 5000; anything else passes through as NaN for the schema to refuse. */
function naira(text: string): number {
  return Number(text.replace(/[₦,\s]/g, ''));
}

/** The draft as the schema's input: both fees empty → none; one → that one amount. */
export function roadsideInput(draft: RoadsideDraft): RoadsideFieldsInput {
  const min = draft.feeMin.trim();
  const max = draft.feeMax.trim();
  return {
    open_24_hours: draft.open24,
    comes_to_you: draft.comesToYou,
    coverage_areas: draft.comesToYou ? draft.areas : [],
    callout_fee: min || max ? { min: naira(min || max), max: naira(max || min) } : null,
  };
}

interface Props {
  idPrefix: string;
  value: RoadsideDraft;
  onChange: (next: RoadsideDraft) => void;
  /** Field messages by path (`callout_fee.max`, `coverage_areas`). */
  errors: Record<string, string | undefined>;
}

export function RoadsideFieldset({ idPrefix, value, onChange, errors }: Props) {
  const set = (patch: Partial<RoadsideDraft>) => onChange({ ...value, ...patch });
  const feeError = errors['callout_fee.min'] ?? errors['callout_fee.max'] ?? errors.callout_fee;
  return (
    <fieldset className="field roadside-fieldset">
      <legend>For motorists stranded on the road</legend>
      <label>
        <input
          type="checkbox"
          checked={value.open24}
          onChange={(e) => set({ open24: e.currentTarget.checked })}
        />{' '}
        Open 24 hours
      </label>
      <label>
        <input
          type="checkbox"
          checked={value.comesToYou}
          onChange={(e) => set({ comesToYou: e.currentTarget.checked })}
        />{' '}
        Mobile: we come to you
      </label>
      {value.comesToYou && (
        <details className="coverage-areas" open={value.areas.length === 0}>
          <summary>Areas and roads you cover ({value.areas.length})</summary>
          <ul>
            {[
              ...COVERAGE_ROADS.map((road) => ({ slug: road.slug, name: road.road })),
              ...LAGOS_AREAS,
            ].map((place) => (
              <li key={place.slug}>
                <label>
                  <input
                    type="checkbox"
                    checked={value.areas.includes(place.slug)}
                    onChange={(e) =>
                      set({
                        areas: e.currentTarget.checked
                          ? [...value.areas, place.slug]
                          : value.areas.filter((slug) => slug !== place.slug),
                      })
                    }
                  />{' '}
                  {place.name}
                </label>
              </li>
            ))}
          </ul>
          {errors.coverage_areas && (
            <p className="field-error" role="alert">
              {errors.coverage_areas}
            </p>
          )}
        </details>
      )}
      <div className="fee-range">
        <label htmlFor={`${idPrefix}-fee-min`}>Call-out fee from (₦)</label>
        <input
          id={`${idPrefix}-fee-min`}
          inputMode="numeric"
          value={value.feeMin}
          placeholder="5000"
          aria-invalid={feeError ? true : undefined}
          onChange={(e) => set({ feeMin: e.currentTarget.value })}
        />
        <label htmlFor={`${idPrefix}-fee-max`}>to (₦)</label>
        <input
          id={`${idPrefix}-fee-max`}
          inputMode="numeric"
          value={value.feeMax}
          placeholder="15000"
          aria-invalid={feeError ? true : undefined}
          onChange={(e) => set({ feeMax: e.currentTarget.value })}
        />
      </div>
      {feeError && (
        <p className="field-error" role="alert">
          {feeError}
        </p>
      )}
    </fieldset>
  );
}
