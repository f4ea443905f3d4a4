// The audit log: every change made through the studio, newest first — who (and how: administrator mode, API key),
// what, which record, when, the change. Filters live in the address; a row's actor or record filters by it.
import type { AuditLogEntry } from '@atlas/domain';
import { useListAddress } from '../catalogue';
import { AUDIT_ACTIONS, AUDIT_FILTERS, AUDIT_RESOURCE_TYPES, auditFiltersOf, describeActor, describeChange } from './audit-log';
import { PagedList } from './ListParts';
import { OrganizationFilter } from './OrganizationFilter';
import { parsePage } from './paging';
import { useAuditLogPage, useOrganizationChoices } from './queries';

const times = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

export function AuditLogSection() {
  const { params, update } = useListAddress();
  const page = parsePage(params.get('page'));
  const filters = auditFiltersOf(params);
  const list = useAuditLogPage(filters, page);
  const organizations = useOrganizationChoices();
  const filtered = AUDIT_FILTERS.some((name) => params.get(name));
  const set = (name: (typeof AUDIT_FILTERS)[number], value: string) => update({ [name]: value || null, page: null });
  const clear = () => update({ ...Object.fromEntries(AUDIT_FILTERS.map((name) => [name, null])), page: null });

  return (
    <section className="card panel catalogue-list" aria-label="Audit log">
      <div className="catalogue-list__tools admin-audit__tools">
        <OrganizationFilter organizations={organizations.data} value={params.get('organizationId') ?? ''} onChange={(id) => set('organizationId', id)} />
        <select className="field__input catalogue-list__select" aria-label="Record type" value={params.get('resourceType') ?? ''} onChange={(event) => set('resourceType', event.target.value)}>
          <option value="">Every record type</option>
          {AUDIT_RESOURCE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <select className="field__input catalogue-list__select" aria-label="Action" value={params.get('action') ?? ''} onChange={(event) => set('action', event.target.value)}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
        <label className="admin-audit__date">
          From
          <input className="field__input" type="date" value={params.get('from') ?? ''} onChange={(event) => set('from', event.target.value)} />
        </label>
        <label className="admin-audit__date">
          To
          <input className="field__input" type="date" value={params.get('to') ?? ''} onChange={(event) => set('to', event.target.value)} />
        </label>
        {filtered && (
          <button type="button" className="button button--ghost admin-tools__end" onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
      {(params.get('actorId') || params.get('resourceId')) && (
        <p className="admin-audit__focus" data-testid="audit-focus">
          {params.get('actorId') && <>Only changes by one person. </>}
          {params.get('resourceId') && <>Only changes to record {params.get('resourceId')}.</>}
        </p>
      )}
      <PagedList
        query={list}
        what="audit log"
        empty={filtered ? 'No change matches these filters.' : 'Nothing has been changed through the studio yet: every write of a signed-in request is logged here.'}
        onPage={(next) => update({ page: next === 1 ? null : String(next) })}
      >
        {(items) => (
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <AuditRow key={entry.id} entry={entry} onActor={(id) => set('actorId', id)} onRecord={(id) => set('resourceId', id)} />
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}

function AuditRow({ entry, onActor, onRecord }: { entry: AuditLogEntry; onActor(id: string): void; onRecord(id: string): void }) {
  return (
    <tr data-testid="audit-row">
      <td className="admin-audit__when">{times.format(new Date(entry.createdAt))}</td>
      <td>
        {entry.actor ? (
          <button type="button" className="admin-audit__filter" title={`Only changes by ${entry.actor.email}`} onClick={() => onActor(entry.actor!.id)}>
            {describeActor(entry)}
          </button>
        ) : (
          describeActor(entry)
        )}
      </td>
      <td className="admin-audit__action">
        <code>{entry.action}</code>
      </td>
      <td>
        <button type="button" className="admin-audit__filter" title="Only changes to this record" onClick={() => onRecord(entry.resourceId)}>
          {entry.resourceType}
        </button>
        <span className="admin-id"> {entry.resourceId}</span>
      </td>
      <td className="admin-table__message">
        <details>
          <summary>{describeChange(entry)}</summary>
          <pre className="admin-audit__change">{JSON.stringify(entry.change, null, 2)}</pre>
          <span className="admin-id">
            {entry.method} {entry.route}
          </span>
        </details>
      </td>
    </tr>
  );
}
