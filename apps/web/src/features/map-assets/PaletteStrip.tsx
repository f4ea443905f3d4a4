/** A palette's colors side by side, as a card's picture or the editor's preview. */
export function PaletteStrip({ colors, label }: { colors: readonly string[]; label?: string }) {
  return (
    <div className="palette-strip" role="img" aria-label={label ?? `Palette of ${colors.length} colors`}>
      {colors.map((color, index) => (
        <span key={`${color}-${index}`} style={{ background: color }} />
      ))}
    </div>
  );
}
