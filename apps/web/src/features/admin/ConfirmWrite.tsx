import { useState, type ReactNode } from 'react';
import { errorText } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/**
 * Asks before a write of the console and runs it on confirmation; the dialog closes when the write succeeded and
 * otherwise stays open with the server's "message (details)", so the administrator can cancel or try again.
 */
export function ConfirmWrite({
  title,
  confirmLabel,
  danger = false,
  run,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  run(): Promise<unknown>;
  onClose(): void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await run();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title={title} confirmLabel={confirmLabel} danger={danger} busy={busy} error={error} onConfirm={() => void confirm()} onClose={onClose}>
      {children}
    </ConfirmDialog>
  );
}
