/**
 * A progress bar: `fraction` 0..1 fills it; null means the work is not measured (the server converting), shown as a
 * moving band. `label` says what is happening in words, for screen readers too.
 */
export function ProgressBar({ fraction, label, name }: { fraction: number | null; label: string; name: string }) {
  return (
    <div
      className={`progress${fraction === null ? ' progress--busy' : ''}`}
      role="progressbar"
      aria-label={name}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
      aria-valuetext={label}
    >
      <span className="progress__fill" style={fraction === null ? undefined : { width: `${fraction * 100}%` }} />
    </div>
  );
}
