// The drop zone and file picker, and one row per upload with its progress bar, status line and Cancel.
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { ProgressBar } from '../../../ui/ProgressBar';
import { ACCEPTED_EXTENSIONS } from './fileKind';
import { isActive, uploadView, type UploadItem } from './uploadState';
import '../datasets.css';

export interface UploadPanelProps {
  items: UploadItem[];
  onFiles(files: File[]): void;
  onCancel(key: string): void;
  onClear(): void;
  /** Replacing one dataset's data takes one file. */
  single?: boolean;
  title?: string;
}

export function DropZone({ onFiles, single = false, title }: Pick<UploadPanelProps, 'onFiles' | 'single' | 'title'>) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length) onFiles(single ? files.slice(0, 1) : files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <div
      className={`dropzone${over ? ' is-over' : ''}`}
      data-testid="dropzone"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <svg className="dropzone__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
      </svg>
      <p className="dropzone__title">{title ?? (single ? 'Drop a file here' : 'Drop files here to upload them')}</p>
      <p className="dropzone__hint" id={hintId}>
        CSV, GeoJSON, Parquet or Arrow, also gzip-compressed or zipped{single ? '' : '; several at once'}. Large files are sent straight from disk.
      </p>
      <button type="button" className="button button--ghost" onClick={() => input.current?.click()} aria-describedby={hintId}>
        {single ? 'Choose a file…' : 'Choose files…'}
      </button>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        accept={ACCEPTED_EXTENSIONS}
        multiple={!single}
        data-testid="upload-input"
        aria-label={single ? 'File to upload' : 'Files to upload'}
        tabIndex={-1}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}

export function UploadList({ items, onCancel, onClear }: Pick<UploadPanelProps, 'items' | 'onCancel' | 'onClear'>) {
  if (items.length === 0) return null;
  const finished = items.some((item) => !isActive(item));
  return (
    <section className="upload-list" aria-label="Uploads">
      <ul className="upload-list__rows">
        {items.map((item) => (
          <UploadRow key={item.key} item={item} onCancel={() => onCancel(item.key)} />
        ))}
      </ul>
      {finished && (
        <button type="button" className="button button--ghost upload-list__clear" onClick={onClear}>
          Clear finished
        </button>
      )}
    </section>
  );
}

function UploadRow({ item, onCancel }: { item: UploadItem; onCancel(): void }) {
  const view = uploadView(item);
  const failed = item.phase === 'error' || item.phase === 'refused';
  return (
    <li className={`upload-row upload-row--${item.phase}`} data-upload={item.fileName} data-phase={item.phase}>
      <div className="upload-row__head">
        <span className="upload-row__name">
          {item.phase === 'ready' && item.datasetId ? <Link to={paths.dataset(item.datasetId)}>{item.fileName}</Link> : item.fileName}
        </span>
        {isActive(item) && (
          <button type="button" className="button button--ghost upload-row__cancel" onClick={onCancel} aria-label={`Cancel the upload of ${item.fileName}`}>
            Cancel
          </button>
        )}
      </div>
      <ProgressBar fraction={view.fraction} label={view.label} name={`Upload of ${item.fileName}`} />
      <p className={`upload-row__status${failed ? ' upload-row__status--error' : ''}`} role={failed ? 'alert' : undefined} data-testid="upload-status">
        {view.label}
      </p>
    </li>
  );
}
