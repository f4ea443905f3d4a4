// /workspace/queries: query templates (SQL with {{name}} parameters over a dataset), running them with values and
// watching the execution, bookmarks of runs (own and the organization's) and the caller's recent executions.
// The tab lives in the address (?tab=); the run form's template too (?template=), and the lists' page, scope and tag
// filter (?page=, ?scope=, ?tags=).
import { useState } from 'react';
import type { ParameterValues } from '@atlas/domain';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useSearchUpdate } from '../../ui/useSearchUpdate';
import { canCreate } from '../catalogue';
import { BookmarksSection } from './BookmarksSection';
import { ExecutionsSection } from './ExecutionsSection';
import { RunPanel, type RunSeed } from './RunPanel';
import { TemplateForm } from './TemplateForm';
import { TemplatesSection } from './TemplatesSection';
import './queries.css';

export const QUERY_TABS = ['templates', 'run', 'bookmarks', 'executions'] as const;
export type QueryTab = (typeof QUERY_TABS)[number];
const TAB_LABELS: Record<QueryTab, string> = { templates: 'Templates', run: 'Run', bookmarks: 'Bookmarks', executions: 'Executions' };
const LIST_PARAMS = ['page', 'scope', 'tags'];
export const parseTab = (text: string | null): QueryTab => ((QUERY_TABS as readonly string[]).includes(text ?? '') ? (text as QueryTab) : 'templates');

export function QueriesPage() {
  useDocumentTitle('Queries');
  const user = useSignedInUser();
  const maker = canCreate(user);
  const [params, updateParams] = useSearchUpdate();
  const tab = parseTab(params.get('tab'));
  const templateId = params.get('template');
  const [creating, setCreating] = useState(false);
  // What opening a bookmark puts in the run form; the key remounts the form with it.
  const [seed, setSeed] = useState<RunSeed | null>(null);

  const go = (next: QueryTab, template?: string | null) =>
    updateParams((current) => {
      const updated = current;
      // Each list keeps its page, scope and tag filter in the address: another tab starts without them.
      if (next !== parseTab(current.get('tab'))) for (const key of LIST_PARAMS) updated.delete(key);
      if (next === 'templates') updated.delete('tab');
      else updated.set('tab', next);
      if (template !== undefined) {
        if (template) updated.set('template', template);
        else updated.delete('template');
      }
      return updated;
    });

  const run = (id: string, values?: { datasetId?: string; parameters?: ParameterValues }) => {
    setSeed({ key: Date.now(), templateId: id, datasetId: values?.datasetId, parameters: values?.parameters });
    go('run', id);
  };

  return (
    <div className="page queries-page">
      <div className="catalogue-page__head">
        <PageHeader
          title="Queries"
          subtitle="SQL templates with parameters over your datasets: run them with values, follow each execution, and bookmark the runs you come back to."
        />
        {maker && (
          <div className="catalogue-page__create">
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              New template
            </button>
          </div>
        )}
      </div>
      <div className="segmented queries-page__tabs" role="group" aria-label="Queries sections">
        {QUERY_TABS.map((option) => (
          <button key={option} type="button" className="segmented__option" aria-pressed={tab === option} onClick={() => go(option)}>
            {TAB_LABELS[option]}
          </button>
        ))}
      </div>
      {tab === 'templates' && <TemplatesSection onRun={(id) => run(id)} />}
      {tab === 'run' && (
        <RunPanel
          key={seed?.key ?? templateId ?? 'none'}
          templateId={templateId}
          seed={seed && seed.templateId === templateId ? seed : null}
          onTemplate={(id) => {
            setSeed(null);
            go('run', id);
          }}
        />
      )}
      {tab === 'bookmarks' && <BookmarksSection onOpen={(query) => run(query.queryTemplateId, query)} />}
      {tab === 'executions' && <ExecutionsSection />}
      {creating && (
        <TemplateForm
          onClose={() => setCreating(false)}
          onSaved={(template) => {
            setCreating(false);
            run(template.id);
          }}
        />
      )}
    </div>
  );
}
