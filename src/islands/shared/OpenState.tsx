import { useEffect, useState } from 'react';
import {
  openState,
  type OpeningHours,
  type OpenState as State,
} from '../../../common/schemas/hours';
import { hoursSummary } from '../../../common/schemas/hours-summary';

/**
 * "Open now" / "Closed · opens 8:00" / "Open 24 hours" of a card or dialog (issue 38.4, ADR 081),
 * in Lagos time. A cached page must not carry a state past the hour, so the server (and the first
 * render in the browser) writes the hours themselves ("Mon–Fri 8:00–18:00"), and the state
 * replaces them once the island runs, at the visitor's moment. Nothing without hours.
 */
export function OpenState({
  hours,
  open24,
}: {
  hours: Record<string, string> | null | undefined;
  open24: boolean | undefined;
}) {
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    setState(openState(hours as OpeningHours | null | undefined, open24, new Date()));
  }, [hours, open24]);
  if (open24) return <p className="small open-state is-open">Open 24 hours</p>;
  const summary = hoursSummary(hours as OpeningHours | null | undefined);
  if (!summary) return null;
  return (
    <p
      className={`small open-state${state ? (state.open ? ' is-open' : ' is-closed') : ''}`}
      title={state ? summary : undefined}
    >
      {state ? state.text : summary}
    </p>
  );
}

/** "Comes to you" and "Call-out ₦5,000–₦15,000" as badges (issue 38.3); nothing when neither. */
export function RoadsideBadges({
  comesToYou,
  callout,
}: {
  comesToYou: string | null;
  callout: string | null;
}) {
  if (!comesToYou && !callout) return null;
  return (
    <p className="small roadside">
      {comesToYou && <span className="badge badge-mobile">{comesToYou}</span>}
      {callout && <span className="badge">{callout}</span>}
    </p>
  );
}
