// One field of the generated connection form. The secret is a password input that starts empty: it is write-only.
import type { OptionField } from './optionFields';

export function OptionInput({ field, value, onChange }: { field: OptionField; value: string | boolean; onChange(value: string | boolean): void }) {
  if (field.input === 'checkbox')
    return (
      <label className="connectors__check">
        <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        <span>{field.label}</span>
      </label>
    );
  return (
    <label className="field">
      <span className="field__label">
        {field.label}
        {!field.required && <span className="connectors__optional"> (optional)</span>}
      </span>
      <input
        className="field__input"
        name={field.name}
        aria-label={field.label}
        type={field.input === 'secret' ? 'password' : field.input === 'number' ? 'number' : 'text'}
        autoComplete={field.input === 'secret' ? 'new-password' : 'off'}
        value={typeof value === 'string' ? value : ''}
        min={field.minimum}
        max={field.maximum}
        onChange={(event) => onChange(event.target.value)}
      />
      {field.hint && <span className="field__hint">{field.hint}</span>}
    </label>
  );
}
