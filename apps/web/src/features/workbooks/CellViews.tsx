// A cell's result drawn three ways: a table (a page of rows; only the rows in view are in the document), an ECharts
// chart of two columns (ResultChart.tsx), or the datasets preview's map (points from lat/lng, H3 cells or geometry,
// detected by name). The chart and the map load on first use: the workbook pages are in the main bundle.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { DataTable } from '../../ui/DataTable';
import { Spinner } from '../../ui/Spinner';
import { describeSource, detectMapSource, toFeatures } from '../datasets/preview/mapSource';
import { typedColumns, type CellResult } from './result';

export const ResultChart = lazy(() => import('./ResultChart').then((module) => ({ default: module.ResultChart })));
const MapPreview = lazy(() => import('../datasets/preview/MapPreview').then((module) => ({ default: module.MapPreview })));

const ROW_HEIGHT = 30;
const TABLE_HEIGHT = 360;
/** Rows drawn beyond the visible ones, so a quick scroll does not show blanks. */
const OVERSCAN = 10;

export function ResultTable({ result }: { result: CellResult }) {
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  // A new page starts at its top.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
    setScrollTop(0);
  }, [result]);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(result.rows.length, Math.ceil((scrollTop + TABLE_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  return (
    <div ref={scroller} className="workbook-table" style={{ maxHeight: TABLE_HEIGHT }} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
      <DataTable columns={result.columns} rows={result.rows} firstRow={result.offset + 1} window={{ from: first, to: last, rowHeight: ROW_HEIGHT }} className="workbook-table__table" testId="cell-table" />
    </div>
  );
}

export function ResultMap({ result }: { result: CellResult }) {
  const columns = useMemo(() => typedColumns(result), [result]);
  const source = useMemo(() => detectMapSource({}, columns), [columns]);
  const features = useMemo(() => (source ? toFeatures(result.rows, source) : null), [result.rows, source]);
  if (!source || !features)
    return (
      <p className="catalogue-list__empty" data-testid="cell-map-none">
        Nothing to draw: the result has no latitude/longitude columns, geometry or H3 cells (named like lat and lng, geometry or h3).
      </p>
    );
  const drawn = features.collection.features.length;
  return (
    <div className="workbook-map">
      <p className="field__hint" data-testid="cell-map-caption">
        Drawing {describeSource(source)}: {drawn} feature{drawn === 1 ? '' : 's'} from the {result.rows.length} rows of this page
        {features.skipped ? `; ${features.skipped} without a usable location` : ''}.
      </p>
      <Suspense fallback={<Spinner label="Loading the map…" />}>
        <MapPreview collection={features.collection} />
      </Suspense>
    </div>
  );
}
