import { useContext, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useFeatureFlags } from '../../../api/useFeatureFlags';
import { PIVOT_FLAGS, flagsForbid } from '../../workspace/featureGates';

/** Whether the organization has pivot-table-enabled off (docs/feature-flags.md); signed out or still loading, false. */
export function usePivotHidden(): boolean {
  return flagsForbid(useFeatureFlags().data, PIVOT_FLAGS);
}

/**
 * The Movement Pivot table, or a notice that it is not enabled for the organization. Outside the app's providers (a
 * chart rendered on its own, as the unit tests do) there are no flags to read: the table shows.
 */
export function PivotGate({ children }: { children: ReactNode }) {
  return useContext(QueryClientContext) ? <FlaggedPivot>{children}</FlaggedPivot> : <>{children}</>;
}

function FlaggedPivot({ children }: { children: ReactNode }) {
  if (!usePivotHidden()) return <>{children}</>;
  return (
    <p className="chart-view__notice" role="note" data-testid="pivot-not-enabled">
      The pivot table is not enabled for your organization (pivot-table-enabled). An administrator can turn it on in the administration console.
    </p>
  );
}
