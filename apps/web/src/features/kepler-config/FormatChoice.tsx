import type { KeplerMapFormat } from './types';
import { FORMAT_CHOICES } from './formats';

/** The three formats as radio buttons, each with what it means for this direction. */
export function FormatChoice({ value, onChange, direction, disabled }: { value: KeplerMapFormat; onChange(format: KeplerMapFormat): void; direction: 'import' | 'export'; disabled?: boolean }) {
  return (
    <fieldset className="format-choice" disabled={disabled}>
      <legend className="field__label">Format</legend>
      {FORMAT_CHOICES.map((choice) => (
        <label key={choice.format} className="format-choice__option">
          <input type="radio" name={`${direction}-format`} value={choice.format} checked={value === choice.format} onChange={() => onChange(choice.format)} />
          <span>
            <strong>{choice.label}</strong>
            <span className="format-choice__hint">{direction === 'import' ? choice.importHint : choice.exportHint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
