// Quota reconciliation: per quota type, a dry run first shows what a real run would correct (and who is over their
// limit); only then is the real run offered, confirmed, and its own report replaces the dry run's.
import { useState } from 'react';
import { QUOTA_KEYS, type QuotaKey } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { useListAddress } from '../catalogue';
import type { ReconcileQuotaResult } from './admin-types';
import { ConfirmWrite } from './ConfirmWrite';
import { useAdminWrite } from './queries';
import { QUOTA_LABELS, changesCount } from './reconcile';

const numbers = new Intl.NumberFormat('en-US');

function parseQuotaType(value: string | null): QuotaKey {
  return (QUOTA_KEYS as readonly string[]).includes(value ?? '') ? (value as QuotaKey) : 'storageMegabytes';
}

export function QuotaReconciliationSection() {
  const { params, update } = useListAddress();
  const quotaType = parseQuotaType(params.get('quotaType'));
  const [report, setReport] = useState<ReconcileQuotaResult | null>(null);
  const [applying, setApplying] = useState(false);
  // The dry run and the real run are separate writes, so a refused real run shows only in its dialog.
  const reconcile = useAdminWrite((client, type: QuotaKey) => client.admin.reconcileQuota(type, true));
  const apply = useAdminWrite((client, type: QuotaKey) => client.admin.reconcileQuota(type, false));

  const dryRun = () => reconcile.mutate(quotaType, { onSuccess: setReport });
  const pick = (next: string) => {
    // A report is about one quota type at one moment: another type starts from a new dry run.
    setReport(null);
    reconcile.reset();
    update({ quotaType: next === 'storageMegabytes' ? null : next });
  };
  const dryRunShown = report?.dryRun === true && report.quotaType === quotaType;

  return (
    <section className="card panel catalogue-list" aria-label="Quota reconciliation">
      <p className="panel__subtitle">
        Counts of maps, datasets, dashboards, workbooks and connections are read from the catalogue at every request and cannot drift; storage adds up each dataset’s recorded size, which
        reconciling sets to the size of its stored data. Every run also lists the users above their limit.
      </p>
      <div className="catalogue-list__tools">
        <select className="field__input catalogue-list__select" aria-label="Quota type" value={quotaType} onChange={(event) => pick(event.target.value)}>
          {QUOTA_KEYS.map((key) => (
            <option key={key} value={key}>
              {QUOTA_LABELS[key]}
            </option>
          ))}
        </select>
        <button type="button" className="button button--ghost" disabled={reconcile.isPending} onClick={dryRun}>
          {reconcile.isPending ? 'Checking…' : 'Dry run'}
        </button>
        {dryRunShown && (
          <button type="button" className="button button--primary" onClick={() => setApplying(true)}>
            Apply
          </button>
        )}
      </div>
      {reconcile.isError && (
        <p className="form__error" role="alert">
          {errorText(reconcile.error)}
        </p>
      )}
      {report && report.quotaType === quotaType && <ReconcileReport report={report} />}
      {applying && report && (
        <ConfirmWrite
          title={`Reconcile the ${QUOTA_LABELS[quotaType]} quota?`}
          confirmLabel="Apply"
          run={async () => setReport(await apply.mutateAsync(quotaType))}
          onClose={() => setApplying(false)}
        >
          <p>
            {changesCount(report)
              ? `The ${changesCount(report)} correction(s) of the dry run are made, as they stand when you confirm.`
              : 'The dry run found nothing to correct; the run reports the same unless something changed since.'}{' '}
            Nobody’s resources are removed, whatever their limit.
          </p>
        </ConfirmWrite>
      )}
    </section>
  );
}

function ReconcileReport({ report }: { report: ReconcileQuotaResult }) {
  return (
    <div className="admin-report" data-testid="reconcile-report" aria-label={report.dryRun ? 'Dry run report' : 'Reconciliation report'}>
      <p className={report.dryRun ? 'admin-report__message' : 'admin-report__message admin-report__message--done'} data-testid="reconcile-message">
        {report.message}
      </p>
      {report.usageChanges.length > 0 && (
        <ReportTable caption={report.dryRun ? 'Usage that would change' : 'Usage changed'} head={['User', 'Before', 'After']} rows={report.usageChanges.map((change) => [change.email, numbers.format(change.before), numbers.format(change.after)])} />
      )}
      {report.datasetChanges.length > 0 && (
        <ReportTable
          caption={report.dryRun ? 'Dataset sizes that would be corrected (bytes)' : 'Dataset sizes corrected (bytes)'}
          head={['Dataset', 'Recorded', 'Stored']}
          rows={report.datasetChanges.map((change) => [change.datasetId, change.before === null ? 'none' : numbers.format(change.before), numbers.format(change.after)])}
        />
      )}
      {report.overLimit.length > 0 ? (
        <ReportTable caption="Users above their limit" head={['User', 'Used', 'Limit']} rows={report.overLimit.map((over) => [over.email, numbers.format(over.used), numbers.format(over.limit)])} />
      ) : (
        <p className="admin-report__note">Nobody is above their limit for {QUOTA_LABELS[report.quotaType]}.</p>
      )}
    </div>
  );
}

function ReportTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div className="admin-table__scroll">
      <table className="table admin-table">
        <caption className="admin-report__caption">{caption}</caption>
        <thead>
          <tr>
            {head.map((label, index) => (
              <th key={label} scope="col" className={index ? 'num' : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('|')} data-testid="reconcile-row">
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((cell, index) => (
                <td key={index} className="num">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
