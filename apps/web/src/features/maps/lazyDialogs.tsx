// The kepler.gl import and export dialogs load on first use: they carry apache-arrow, which the list does not need.
import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../ui/Spinner';

const LazyImport = lazy(() => import('../kepler-config').then((module) => ({ default: module.ImportMapDialog })));
const LazyExport = lazy(() => import('../kepler-config').then((module) => ({ default: module.ExportMapDialog })));

type ImportProps = ComponentProps<typeof LazyImport>;
type ExportProps = ComponentProps<typeof LazyExport>;

export function ImportMapDialog(props: ImportProps) {
  return (
    <Suspense fallback={<Spinner label="Opening…" />}>
      <LazyImport {...props} />
    </Suspense>
  );
}

export function ExportMapDialog(props: ExportProps) {
  return (
    <Suspense fallback={<Spinner label="Opening…" />}>
      <LazyExport {...props} />
    </Suspense>
  );
}
