import { errorText } from '../../api/errors';

/** The end of a console dialog's form: the server's refusal as "message (details)", then Cancel and submit. */
export function DialogFormEnd({
  write,
  onCancel,
  label,
  pendingLabel,
  disabled,
}: {
  write: { isError: boolean; error: unknown; isPending: boolean };
  onCancel(): void;
  label: string;
  pendingLabel: string;
  disabled: boolean;
}) {
  return (
    <>
      {write.isError && (
        <p className="form__error" role="alert">
          {errorText(write.error)}
        </p>
      )}
      <div className="admin-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={disabled || write.isPending}>
          {write.isPending ? pendingLabel : label}
        </button>
      </div>
    </>
  );
}
