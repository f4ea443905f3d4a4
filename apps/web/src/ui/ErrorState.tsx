/** A failed load: what went wrong, and a way to try again. */
export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <div className="card state-card">
      <h1 className="state-card__title">{title}</h1>
      <p className="state-card__text" role="alert">
        {message}
      </p>
      {onRetry && (
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
