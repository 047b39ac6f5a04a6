import type { ReactNode } from 'react';

/** The empty state of a list: a heading (the spec's empty message) and an optional line. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <h3>{title}</h3>
      {children}
    </div>
  );
}
