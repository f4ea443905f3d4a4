import { useId, type ReactNode } from 'react';
import type { QueryParameter } from '@atlas/domain';
import { Glyph } from './Glyph';

interface FieldProps {
  parameter: QueryParameter;
  /** The messages of the problems of this parameter. */
  problems: string[];
  wide?: boolean;
  children: ReactNode;
}

/** One widget of the bar: its caption, its control, and its problems in the error style. */
export function Field({ parameter, problems, wide = false, children }: FieldProps) {
  const id = useId();
  const invalid = problems.length > 0;
  return (
    <div
      className={`qb-field${invalid ? ' qb-field--invalid' : ''}${wide ? ' qb-field--wide' : ''}`}
      role="group"
      aria-label={parameter.name}
      aria-describedby={invalid ? `${id}-problems` : undefined}
      data-parameter={parameter.id}
    >
      <span className="qb-field__label" title={parameter.description}>
        {parameter.name}
      </span>
      <div className="qb-field__control">{children}</div>
      {invalid && (
        <div id={`${id}-problems`} className="qb-field__problems">
          {problems.map((message) => (
            <p key={message} className="qb-field__error">
              <Glyph name="alert" />
              {message}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
