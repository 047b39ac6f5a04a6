/**
 * A count after a label, as the spec writes it: "Pending (12)". Nothing while the count is not
 * known yet, so a label never shows a wrong number.
 */
export function CountBadge({ count }: { count: number | null | undefined }) {
  if (count === null || count === undefined) return null;
  return <span className="count-badge"> ({count})</span>;
}
