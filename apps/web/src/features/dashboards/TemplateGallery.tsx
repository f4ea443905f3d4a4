import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ANALYTIC_SET_IDS, type AnalyticSetId } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { errorText } from '../../api/errors';
import { useAnalyticSets } from '../bi/dashboard/queries';
import { usePivotHidden } from '../bi/charts/PivotGate';
import './dashboards.css';

/** A small picture of what each set draws. */
const ICONS: Record<AnalyticSetId, ReactNode> = {
  'audience-insight': <path d="M4 20V11M9 20V6M14 20v-7M19 20V9" />,
  'change-in-visits': <path d="M3 12h18M6 12V6M10 12V9M14 12v5M18 12v7" />,
  'cross-visitation': (
    <>
      <rect x="4" y="4" width="7" height="7" rx="1" />
      <rect x="13" y="4" width="7" height="7" rx="1" />
      <rect x="4" y="13" width="7" height="7" rx="1" />
      <rect x="13" y="13" width="7" height="7" rx="1" />
    </>
  ),
  'customer-journey': <path d="M4 12h5M15 12h5M9 12a3 3 0 1 0 6 0 3 3 0 1 0-6 0M17 9l3 3-3 3" />,
  'indexed-foot-traffic': <path d="M3 17l5-6 4 3 5-7 4 4" />,
  'movement-pivot': (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 9h18M9 4v16M15 9v11" />
    </>
  ),
  'visitation-trends': <path d="M3 18c3-1 4-7 7-7s4 5 7 5 3-5 4-6M3 21h18" />,
};

/** The seven analytic sets as templates of a new dashboard. */
export function TemplateGallery() {
  const sets = useAnalyticSets();
  const pivotHidden = usePivotHidden();
  return (
    <ul className="template-gallery" aria-label="Analytic set templates">
      {ANALYTIC_SET_IDS.map((setId, index) => {
        const set = sets[index]!;
        if (setId === 'movement-pivot' && pivotHidden) return null; // pivot-table-enabled off (docs/feature-flags.md)
        return (
          <li key={setId}>
            <Link to={paths.newDashboard({ templateId: setId })} className="card template-card" data-template={setId}>
              <svg className="template-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                {ICONS[setId]}
              </svg>
              <span className="template-card__text">
                <span className="template-card__title">{set.data?.title ?? (set.isError ? setId : <span className="skeleton skeleton--title" />)}</span>
                <span className="template-card__description">
                  {set.data?.description ?? (set.isError ? errorText(set.error) : <span className="skeleton skeleton--line" />)}
                </span>
              </span>
              <span className="template-card__cta" aria-hidden="true">
                Open →
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
