// Create or edit a color palette: name, description, the ordered colors with a preview strip, an optional palette
// file to start from (uploaded as the asset's file) and a thumbnail.
import { useState, type FormEvent } from 'react';
import { PALETTE_MAX_COLORS, type ColorPalette, type MapAsset } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { AssetDialogFrame, useAssetForm } from './AssetFields';
import { PALETTE_TYPES, PaletteFileError, checkPalette, moveColor, normalizeHex, paletteFile, parsePaletteFile } from './palette';
import { PaletteStrip } from './PaletteStrip';

const DEFAULT_COLORS = ['#5a1846', '#900c3f', '#c70039', '#e3611c', '#f1920e', '#ffc300'];

export function PaletteDialog({ asset, onClose }: { asset: MapAsset | null; onClose(): void }) {
  const form = useAssetForm('color-palette', asset, onClose);
  const { setProblem } = form;
  const saved = (asset?.metadata as { palette?: ColorPalette } | undefined)?.palette;
  const [palette, setPalette] = useState<ColorPalette>(saved ?? { type: 'sequential', colors: DEFAULT_COLORS });
  const [file, setFile] = useState<File | null>(null);
  const colors = palette.colors;
  const setColors = (next: string[]) => setPalette((current) => ({ ...current, colors: next }));

  const readFile = async (next: File | null) => {
    setFile(next);
    setProblem(null);
    if (!next) return;
    try {
      const read = parsePaletteFile(await next.text());
      setPalette((current) => ({ ...current, ...read }));
    } catch (error) {
      setFile(null);
      setProblem(error instanceof PaletteFileError ? error.message : errorText(error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      form.save.mutate({ metadata: { palette: checkPalette(palette) }, file: file ? paletteFile(palette) : null });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const busy = form.save.isPending;
  return (
    <AssetDialogFrame form={form} asset={asset} newTitle="New color palette" createLabel="Create palette" formId="palette-form" onSubmit={submit} onClose={onClose}>
        <label className="field">
          <span className="field__label">Kind</span>
          <select className="field__input" value={palette.type ?? 'sequential'} disabled={busy} onChange={(event) => setPalette((current) => ({ ...current, type: event.target.value }))} aria-label="Kind">
            {PALETTE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type[0]!.toUpperCase() + type.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <div className="field">
          <span className="field__label">
            Colors ({colors.length} of at most {PALETTE_MAX_COLORS})
          </span>
          <PaletteStrip colors={colors} label="Preview" />
          <ol className="palette-colors">
            {colors.map((color, index) => (
              <ColorRow
                key={index}
                index={index}
                color={color}
                count={colors.length}
                disabled={busy}
                onChange={(next) => setColors(colors.map((old, at) => (at === index ? next : old)))}
                onMove={(to) => setColors(moveColor(colors, index, to))}
                onRemove={() => setColors(colors.filter((_, at) => at !== index))}
              />
            ))}
          </ol>
          <button type="button" className="button button--ghost palette-colors__add" disabled={busy || colors.length >= PALETTE_MAX_COLORS} onClick={() => setColors([...colors, colors.at(-1) ?? '#000000'])}>
            Add a color
          </button>
        </div>
        <label className="field">
          <span className="field__label">Start from a palette file (optional: a list of colors or a kepler.gl color range)</span>
          <input className="field__input" type="file" accept=".json,application/json" disabled={busy} aria-label="Palette file" onChange={(event) => void readFile(event.target.files?.[0] ?? null)} />
        </label>
    </AssetDialogFrame>
  );
}

function ColorRow({ index, color, count, disabled, onChange, onMove, onRemove }: { index: number; color: string; count: number; disabled: boolean; onChange(color: string): void; onMove(to: number): void; onRemove(): void }) {
  const [text, setText] = useState(color);
  const [shown, setShown] = useState(color);
  // A color changed elsewhere (picker, file, reorder) replaces what was typed.
  if (shown !== color) {
    setShown(color);
    setText(color);
  }
  const n = index + 1;
  return (
    <li className="palette-colors__row">
      <input type="color" value={color} disabled={disabled} aria-label={`Color ${n}`} onChange={(event) => onChange(event.target.value)} />
      <input
        className="field__input palette-colors__hex"
        value={text}
        disabled={disabled}
        aria-label={`Hex of color ${n}`}
        aria-invalid={normalizeHex(text) === null}
        onChange={(event) => {
          setText(event.target.value);
          const hex = normalizeHex(event.target.value);
          if (hex) onChange(hex);
        }}
      />
      <button type="button" className="button button--ghost" disabled={disabled || index === 0} onClick={() => onMove(index - 1)} aria-label={`Move color ${n} up`}>
        ↑
      </button>
      <button type="button" className="button button--ghost" disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move color ${n} down`}>
        ↓
      </button>
      <button type="button" className="button button--ghost" disabled={disabled || count === 1} onClick={onRemove} aria-label={`Remove color ${n}`}>
        Remove
      </button>
    </li>
  );
}
