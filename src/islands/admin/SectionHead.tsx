import type { ReactNode } from 'react';

/**
 * The head of an admin tab (SPEC §5 Admin): its heading, a line saying what the tab lists, and
 * the tab's actions on the right (a button, an export, a "Show" choice). `id` names the heading
 * for the section's `aria-labelledby`.
 */
export function SectionHead({
  title,
  subtitle,
  id,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <div className="section-head">
      <div>
        <h2 id={id}>{title}</h2>
        {subtitle && <p className="small muted">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}

/**
 * The "Show" choice of a tab with several views (Reports: open or closed; Reviews: waiting or
 * the log): `views` maps each view's key to its label, in the order shown.
 */
export function ViewSelect<V extends string>({
  views,
  value,
  onChange,
}: {
  views: Readonly<Record<V, string>>;
  value: V;
  onChange: (view: V) => void;
}) {
  const keys = Object.keys(views) as V[];
  return (
    <div className="admin-selects">
      <label>
        Show
        <select
          value={value}
          onChange={(e) => onChange(keys.find((key) => key === e.target.value) ?? keys[0]!)}
        >
          {keys.map((key) => (
            <option key={key} value={key}>
              {views[key]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
