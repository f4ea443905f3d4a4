import { useEffect, useState } from 'react';
import type { QueryParameter } from '@atlas/domain';

/** TEXT: a text input; the value changes on Enter or when the input loses focus, not on every key. */
export function TextWidget({ parameter, value, onChange }: { parameter: QueryParameter; value: unknown; onChange(value: string): void }) {
  const text = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const commit = () => draft !== text && onChange(draft);
  return (
    <input
      type="text"
      className="qb-input qb-input--text"
      aria-label={parameter.name}
      placeholder={parameter.description}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
    />
  );
}
