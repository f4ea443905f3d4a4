// The map builder screen: a top bar (title, description, save), notices (lock, read-only, conversion, downloads),
// kepler.gl filling the rest, and our dataset picker in place of kepler.gl's add-data dialog.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { CatalogueRecord, Dataset } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { Brand } from '../../ui/Brand';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PublishDialog } from '../publishing';
import { Modal } from '../sharing';
import { DatasetPicker } from './DatasetPicker';
import { formatBytes } from '../datasets/format';
import { handOff, handedOffStore, releaseHandoff } from './handoff';
import { addDatasets, configToSave, datasetIdsOnMap, editSignature, type LoadedDataset } from './keplerActions';
import { configureKepler } from './keplerConfig';
import { KeplerMap } from './KeplerMap';
import { createMapStore, registerInstance, whenReadyToMount } from './keplerStore';
import { accessOf, colorPalettesQuery, mapStylesQuery, type KeplerColorPalette, type KeplerMapStyle, type MapAccess } from '../map-builder-prefetch';
import { buildStateData, convertedFrom, readSavedConfig } from './mapState';
import { saveMap } from './saveMap';
import { captureThumbnail } from './thumbnail';
import { tooLargeText, useDatasetLoads, type DatasetLoadView } from './useDatasetLoads';
import { useLeaveGuard } from './useLeaveGuard';
import { useLockRefresh } from './useLockRefresh';
import { useLockRelease } from './useLockRelease';
import { tileReader } from './vector-tiles/tileReader';
import './map-builder.css';

export const UNTITLED = 'Untitled map';
// Stable empties, so the memoized map is not re-rendered for a new [] each time.
const NO_STYLES: KeplerMapStyle[] = [];
const NO_PALETTES: KeplerColorPalette[] = [];
/** How long after a load kepler.gl's own follow-up actions are still counted as the loaded state. */
const SETTLE_MS = 1500;

export interface MapBuilderProps {
  /** A saved map as opened (with the access the user got), or undefined for a new one. */
  saved?: { record: CatalogueRecord; access: MapAccess };
  /** Datasets a new map starts with (?datasetUuid=). */
  datasetIds?: readonly string[];
  /** The address says the map was converted from a kepler.gl file. */
  convertedFlag?: boolean;
}

export function MapBuilder({ saved, datasetIds = [], convertedFlag = false }: MapBuilderProps) {
  const client = useApiClient();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const origin = window.location.origin;
  configureKepler(origin);

  const [record, setRecord] = useState(saved?.record);
  const [access, setAccess] = useState<MapAccess>(saved?.access ?? { mode: 'edit' });
  const editable = access.mode === 'edit';
  const [title, setTitle] = useState(saved?.record.name ?? UNTITLED);
  const [description, setDescription] = useState(saved?.record.description ?? '');
  const handedOff = handedOffStore(saved?.record.id);
  const [mapStore] = useState(() => handedOff ?? createMapStore({ readTile: tileReader(client, origin) }));
  const [pickerOpen, setPickerOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [baseline, setBaseline] = useState<string | null>(null);
  const [signature, setSignature] = useState('');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const { loads, load, buildTiles, dismiss } = useDatasetLoads();
  useDocumentTitle(title);

  // Usually started with the route already (map-builder-prefetch).
  const styles = useQuery(mapStylesQuery(client, origin));
  const palettes = useQuery(colorPalettesQuery(client));
  const stylesSettled = !styles.isPending;

  useEffect(() => {
    mapStore.onAddData.current = () => {
      if (editable) setPickerOpen(true);
    };
  }, [mapStore, editable]);
  useEffect(() => () => releaseHandoff(saved?.record.id), [saved?.record.id]);

  // Unsaved changes: kepler.gl's layers, filters and style against what was last loaded or saved. kepler.gl settles a
  // loaded config over several actions (layer data, filter domains), so the baseline is taken once the store is quiet:
  // each change while it settles moves the end of the settling further, however slowly the machine applies them.
  const baselinePending = useRef(false);
  const settleTimer = useRef(0);
  const settle = useCallback(() => {
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(() => (baselinePending.current = false), SETTLE_MS);
  }, []);
  useEffect(() => {
    let timer = 0;
    const update = () => {
      const current = editSignature(configToSave(mapStore.store));
      setSignature(current);
      if (baselinePending.current) setBaseline(current);
    };
    const unsubscribe = mapStore.store.subscribe(() => {
      if (baselinePending.current) settle();
      window.clearTimeout(timer);
      timer = window.setTimeout(update, 300);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [mapStore, settle]);

  const markLoaded = useCallback(() => {
    const current = editSignature(configToSave(mapStore.store));
    setSignature(current);
    setBaseline(current);
    // Changes in the next moment are kepler.gl settling the load, not the user's edits.
    baselinePending.current = true;
    settle();
  }, [mapStore, settle]);

  // Downloads start at once, while kepler.gl, its styles and its instance are still getting ready.
  const downloads = useRef<Promise<LoadedDataset | null>[] | null>(null);
  useEffect(() => {
    if (downloads.current || handedOff) return;
    downloads.current = (record ? record.datasets.map((dataset) => dataset.id) : datasetIds).map((id) => load(id));
  }, [datasetIds, handedOff, load, record]);

  // Data in before kepler.gl mounts (see registerInstance): a saved map's datasets with its config, or a new map's
  // datasets as each arrives. kepler.gl mounts with the first data in, or once the downloads ended without any.
  const [mapReady, setMapReady] = useState(handedOff !== undefined);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (handedOff) return markLoaded();
    registerInstance(mapStore.store);
    const readOnly = access.mode !== 'edit';
    const pending = downloads.current ?? [];
    let shown = false;
    const show = async () => {
      if (shown) return;
      shown = true;
      await whenReadyToMount(mapStore.store, mapBox);
      setMapReady(true);
    };
    void (async () => {
      if (record) {
        const loaded = (await Promise.all(pending)).filter((entry): entry is LoadedDataset => entry !== null);
        const config = readSavedConfig(record.latestState?.data);
        addDatasets(mapStore.store, loaded, { ...(config ? { config } : {}), readOnly });
      } else {
        await Promise.all(
          pending.map(async (download) => {
            const loaded = await download;
            if (!loaded) return;
            addDatasets(mapStore.store, [loaded], { readOnly });
            await show();
          }),
        );
      }
      await show();
      markLoaded();
    })();
  }, [access.mode, handedOff, mapStore, markLoaded, record]);

  const addFromPicker = useCallback(
    async (dataset: Dataset) => {
      setPickerOpen(false);
      const loaded = await load(dataset);
      if (loaded) addDatasets(mapStore.store, [loaded], { readOnly: false });
    },
    [load, mapStore],
  );

  // A dataset too large for the browser: its vector tiles built on the server, then drawn.
  const addTiled = useCallback(
    async (source: Dataset) => {
      setPickerOpen(false);
      const loaded = await buildTiles(source);
      if (loaded) addDatasets(mapStore.store, [loaded], { readOnly: false });
    },
    [buildTiles, mapStore],
  );

  const onMap = datasetIdsOnMap(mapStore.store);
  const detailsChanged = title !== (record?.name ?? UNTITLED) || description !== (record?.description ?? '');
  const dirty = editable && (record ? detailsChanged || (baseline !== null && signature !== baseline) : onMap.length > 0 || detailsChanged);
  const blocker = useLeaveGuard(dirty && !saving);

  // A refreshed or re-taken lock: still ours, or someone else's now (the map turns read-only).
  const onLockRecord = (fresh: CatalogueRecord) => {
    setRecord(fresh);
    const next = accessOf(fresh, user.id);
    if (next.mode !== 'edit') setAccess(next);
  };
  const lockRelease = useLockRelease(record?.id, editable, onLockRecord);
  useLockRefresh(record?.id, editable, onLockRecord);

  const save = async () => {
    const saved = configToSave(mapStore.store);
    if (!saved) return;
    setSaving(true);
    setNotice(null);
    try {
      const data = buildStateData(saved, record?.latestState?.data);
      const next = await saveMap(client, { map: record, title: title.trim() || UNTITLED, description, datasetIds: datasetIdsOnMap(mapStore.store), data });
      const thumbnail = mapBox.current ? await captureThumbnail(mapBox.current) : null;
      if (thumbnail) await client.maps.uploadThumbnail(next.id, thumbnail).catch((error: unknown) => setNotice({ kind: 'info', text: `Saved, but the thumbnail could not be stored: ${errorText(error)}` }));
      setRecord(next);
      setTitle(next.name);
      setBaseline(editSignature(saved));
      setSignature(editSignature(saved));
      if (!record) {
        lockRelease.keep();
        handOff(next.id, mapStore);
        navigate(paths.map(next.id), { replace: true });
      }
    } catch (error) {
      setNotice({ kind: 'error', text: `Could not save the map: ${errorText(error)}` });
    } finally {
      setSaving(false);
    }
  };

  const converted = convertedFrom(record?.latestState?.data) ?? (convertedFlag ? 'kepler.gl' : null);
  return (
    <div className="map-builder">
      <header className="map-builder__bar">
        <Brand to={paths.workspace()} />
        {editable ? (
          <input className="map-builder__title" aria-label="Map title" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
        ) : (
          <h1 className="map-builder__title map-builder__title--static">{title}</h1>
        )}
        <details className="map-builder__details">
          <summary>Description</summary>
          {editable ? (
            <textarea aria-label="Map description" value={description} maxLength={10_000} onChange={(event) => setDescription(event.target.value)} />
          ) : (
            <p>{description || 'No description.'}</p>
          )}
        </details>
        <span className="map-builder__status" role="status">
          {editable ? (saving ? 'Saving…' : dirty ? 'Unsaved changes' : record ? 'All changes saved' : '') : 'Read-only'}
        </span>
        {/* Publishing needs write, not the lock: an editor who sees the map locked by another may publish it. */}
        {record && access.mode !== 'view' && (
          <button type="button" className="button" onClick={() => setPublishing(true)}>
            Publish…
          </button>
        )}
        {editable && (
          <>
            <button type="button" className="button" onClick={() => setPickerOpen(true)}>
              Add data
            </button>
            <button type="button" className="button button--primary" onClick={() => void save()} disabled={saving || (!dirty && !!record)}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </>
        )}
      </header>
      <Notices access={access} mapId={record?.id} converted={converted} stylesError={styles.isError ? errorText(styles.error) : null} notice={notice} onDismiss={() => setNotice(null)} />
      <div ref={mapBox} className="map-builder__map">
        {stylesSettled && mapReady ? (
          <KeplerMap store={mapStore.store} mapStyles={styles.data ?? NO_STYLES} palettes={palettes.data ?? NO_PALETTES} readOnly={!editable} />
        ) : (
          <Spinner label="Preparing the map…" />
        )}
        {/* Over the map, not above it: a list that came and went would resize the map, and deck.gl redraw every point. */}
        <LoadList loads={loads} onDismiss={dismiss} onBuild={editable ? (source) => void addTiled(source) : null} />
      </div>
      {publishing && record && <PublishDialog kind="map" recordId={record.id} name={record.name} onClose={() => setPublishing(false)} />}
      {pickerOpen && (
        <DatasetPicker onMap={new Set(onMap)} onPick={(dataset) => void addFromPicker(dataset)} onBuildTiles={(dataset) => void addTiled(dataset)} onClose={() => setPickerOpen(false)} />
      )}
      {blocker.state === 'blocked' && (
        <Modal
          title="Leave without saving?"
          onClose={() => blocker.reset()}
          footer={
            <>
              <button type="button" className="button" onClick={() => blocker.reset()}>
                Stay
              </button>
              <button type="button" className="button button--primary" onClick={() => blocker.proceed()}>
                Leave
              </button>
            </>
          }
        >
          <p>This map has changes that are not saved. They are lost if you leave.</p>
        </Modal>
      )}
    </div>
  );
}

const timeOf = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function Notices({
  access,
  mapId,
  converted,
  stylesError,
  notice,
  onDismiss,
}: {
  access: MapAccess;
  mapId: string | undefined;
  converted: string | null;
  stylesError: string | null;
  notice: { kind: 'error' | 'info'; text: string } | null;
  onDismiss(): void;
}) {
  const [showConverted] = useState(() => converted !== null && mapId !== undefined && firstTimeConverted(mapId));
  return (
    <div className="map-builder__notices">
      {access.mode === 'locked' && (
        <p className="map-builder__notice map-builder__notice--lock" role="status" data-testid="lock-notice">
          Locked for editing by {access.lock.ownerName} since {timeOf(access.lock.acquiredAt)}. You see this map read-only; the lock ends when they leave, or at {timeOf(access.lock.expiresAt)} if they are gone.
        </p>
      )}
      {access.mode === 'view' && (
        <p className="map-builder__notice" role="status">
          You can view this map but not edit it.
        </p>
      )}
      {showConverted && (
        <p className="map-builder__notice" role="status">
          This map was converted from a {converted} file. Check its layers and filters, then save it.
        </p>
      )}
      {stylesError && (
        <p className="map-builder__notice map-builder__notice--error" role="alert">
          The basemap styles could not be read ({stylesError}); the map shows without a basemap.
        </p>
      )}
      {notice && (
        <p className={`map-builder__notice${notice.kind === 'error' ? ' map-builder__notice--error' : ''}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}{' '}
          <button type="button" className="map-builder__link" onClick={onDismiss}>
            Dismiss
          </button>
        </p>
      )}
      {access.mode !== 'edit' && mapId && (
        <p className="map-builder__notice map-builder__notice--quiet">
          <Link to={paths.maps()}>Back to maps</Link>
        </p>
      )}
    </div>
  );
}

/** The conversion notice shows once per map and browser. */
function firstTimeConverted(mapId: string): boolean {
  const key = `atlas.convertedNoticeShown.${mapId}`;
  try {
    if (window.localStorage.getItem(key)) return false;
    window.localStorage.setItem(key, '1');
  } catch {
    // Storage unavailable: show it on every open rather than never.
  }
  return true;
}

function LoadList({ loads, onDismiss, onBuild }: { loads: readonly DatasetLoadView[]; onDismiss(id: string): void; onBuild: ((source: Dataset) => void) | null }) {
  if (loads.length === 0) return null;
  return (
    <ul className="map-builder__loads" aria-label="Dataset downloads">
      {loads.map((item) => (
        <li key={item.id} className="map-builder__load">
          <span className="map-builder__load-name">{item.name}</span>
          {item.error ? (
            <>
              <span role="alert" className="map-builder__load-error">
                Could not load: {item.error}
              </span>
              <DismissButton onClick={() => onDismiss(item.id)} />
            </>
          ) : item.tooLarge ? (
            <TooLarge offer={item.tooLarge} onBuild={onBuild} onDismiss={() => onDismiss(item.id)} />
          ) : item.building !== null ? (
            <BuildProgress share={item.building} />
          ) : (
            <LoadProgress progress={item.progress} />
          )}
        </li>
      ))}
    </ul>
  );
}

function DismissButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="map-builder__link" onClick={onClick}>
      Dismiss
    </button>
  );
}

/** A dataset too large for the browser, with its vector tiles offered to those who may build them (and edit the map). */
function TooLarge({ offer, onBuild, onDismiss }: { offer: NonNullable<DatasetLoadView['tooLarge']>; onBuild: ((source: Dataset) => void) | null; onDismiss(): void }) {
  const canBuild = offer.canBuild && onBuild !== null;
  return (
    <>
      <span role="status" className="map-builder__load-text">
        {tooLargeText({ ...offer, canBuild })}
      </span>
      {canBuild && (
        <button type="button" className="button button--primary" onClick={() => onBuild(offer.source)}>
          Build vector tiles
        </button>
      )}
      <DismissButton onClick={onDismiss} />
    </>
  );
}

function BuildProgress({ share }: { share: number }) {
  return (
    <>
      <progress className="map-builder__bar-progress" max={1} value={share} aria-label="Vector tile build progress" />
      <span className="map-builder__load-text">Building vector tiles: {Math.round(share * 100)}%</span>
    </>
  );
}

function LoadProgress({ progress }: { progress: DatasetLoadView['progress'] }) {
  if (!progress) return <span className="map-builder__load-text">Starting the download…</span>;
  const { loaded, total } = progress;
  return (
    <>
      <progress className="map-builder__bar-progress" max={total ?? undefined} value={total ? loaded : undefined} aria-label="Download progress" />
      <span className="map-builder__load-text">{total ? `${formatBytes(loaded)} of ${formatBytes(total)}` : `${formatBytes(loaded)} received`}</span>
    </>
  );
}
