// The palette a new tag's color is picked from: one radio button per color, named for screen readers.
import { useId } from 'react';
import { TAG_COLORS, TAG_COLOR_NAMES, textColorOn } from './tagColor';

export function ColorSwatches({ value, onChange, label = 'Color' }: { value: string; onChange(color: string): void; label?: string }) {
  const name = useId();
  return (
    <div className="tag-swatches" role="radiogroup" aria-label={label}>
      {TAG_COLORS.map((color) => (
        <label key={color} className="tag-swatch" style={{ background: color, color: textColorOn(color) }} title={TAG_COLOR_NAMES[color]}>
          <input type="radio" name={name} value={color} checked={value === color} onChange={() => onChange(color)} aria-label={TAG_COLOR_NAMES[color]} />
          <span aria-hidden="true">{value === color ? '✓' : ''}</span>
        </label>
      ))}
    </div>
  );
}
