import type { ReactNode } from 'react';

/** A label/value list (a <dl>), e.g. account details. */
export function Facts({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode; testId?: string }> }) {
  return (
    <dl className="facts">
      {items.map(({ label, value, testId }) => (
        <div className="facts__row" key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
