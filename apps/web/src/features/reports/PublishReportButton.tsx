// "Publish report" for another screen's actions (the dataset details screen): offered to makers only, as the server
// refuses viewer seats; opens the publish dialog with the dataset already picked.
import { useState } from 'react';
import type { PublishedDatasetRef } from '@atlas/domain';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { canCreate } from '../catalogue/abilities';
import { PublishReportDialog } from './PublishReportDialog';

export function PublishReportButton({ datasets, className = 'button button--ghost' }: { datasets: readonly PublishedDatasetRef[]; className?: string }) {
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  if (!canCreate(user)) return null;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Publish report
      </button>
      {open && <PublishReportDialog initialDatasets={datasets.map(({ id, name }) => ({ id, name }))} onClose={() => setOpen(false)} />}
    </>
  );
}
