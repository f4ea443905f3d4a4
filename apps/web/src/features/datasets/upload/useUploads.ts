// Runs uploads: a few at a time (the browser keeps about six connections per host, and the status polls need some),
// each creating its dataset (or replacing a dataset's data), sending the file with progress, polling the server's
// conversion, and cancelling on request.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Dataset } from '@atlas/domain';
import { useApiClient } from '../../../api/ApiClientContext';
import { errorText } from '../../../api/errors';
import { useSession } from '../../../api/session';
import { datasetKeys } from '../queries';
import { fileKind, type UploadCompression, type UploadFormat } from './fileKind';
import { isAbort, sendFile } from './sendFile';
import { isActive, newUpload, uploadReducer, type UploadEvent, type UploadItem } from './uploadState';

const PARALLEL_UPLOADS = 3;
const POLL_MS = 1000;

interface Job {
  key: string;
  file: File;
  format: UploadFormat | null;
  compression: UploadCompression | null;
  name: string;
  /** Replacing this dataset's data; absent for a new dataset. */
  target?: { id: string; name: string };
  controller: AbortController;
}

let nextKey = 0;

export function useUploads({ onReady }: { onReady?: (dataset: Dataset) => void } = {}) {
  const client = useApiClient();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<Job[]>([]);
  const running = useRef(0);
  const jobs = useRef(new Map<string, Job>());
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  const dispatch = useCallback((key: string, event: UploadEvent) => {
    setItems((list) => list.map((item) => (item.key === key ? uploadReducer(item, event) : item)));
  }, []);

  const refresh = useCallback(
    (datasetId: string | null) => {
      void queryClient.invalidateQueries({ queryKey: datasetKeys.lists });
      if (datasetId) void queryClient.invalidateQueries({ queryKey: datasetKeys.one(datasetId) });
    },
    [queryClient],
  );

  /** Reads the dataset's status and latest load while the server converts. */
  const poll = useCallback(
    (key: string, datasetId: string, signal: AbortSignal) => {
      const timer = window.setInterval(async () => {
        try {
          const [dataset, load] = await Promise.all([client.datasets.get(datasetId), client.datasets.queryExecution(datasetId).catch(() => null)]);
          if (!signal.aborted) dispatch(key, { type: 'status', status: dataset.status, loadStatus: load?.status ?? null });
        } catch {
          // A missed poll is shown by the next one; the PUT's answer decides the outcome.
        }
      }, POLL_MS);
      return () => window.clearInterval(timer);
    },
    [client, dispatch],
  );

  /** What cancelling did to the dataset, said once it is done. */
  const cancelled = useCallback(
    async (job: Job, datasetId: string | null, phase: 'before-send' | 'sending' | 'converting') => {
      if (job.target) {
        const kept = phase === 'converting' ? 'The file was already sent: the server finishes converting it and replaces the data' : 'The dataset keeps its previous data';
        return `Cancelled. ${kept}.`;
      }
      if (!datasetId) return 'Cancelled before the dataset was created.';
      try {
        await client.datasets.remove(datasetId);
        return `Cancelled. The dataset “${job.name}” made for this file was deleted.`;
      } catch (error) {
        return `Cancelled, but the dataset “${job.name}” made for this file could not be deleted: ${errorText(error)}.`;
      }
    },
    [client],
  );

  const runJob = useCallback(
    async (job: Job) => {
      const { key, controller } = job;
      const { signal } = controller;
      dispatch(key, { type: 'started' });
      let datasetId = job.target?.id ?? null;
      let phase: 'before-send' | 'sending' | 'converting' = 'before-send';
      let stopPolling = () => {};
      try {
        if (!datasetId) {
          const created = await client.datasets.create({ name: job.name });
          datasetId = created.id;
          dispatch(key, { type: 'created', datasetId });
          refresh(null);
          if (signal.aborted) throw new DOMException('The upload was cancelled', 'AbortError');
        }
        const id = datasetId;
        phase = 'sending';
        const dataset = await sendFile({
          datasetId: id,
          file: job.file,
          format: job.format,
          compression: job.compression,
          token: tokenRef.current,
          signal,
          onProgress: (sentBytes, totalBytes) => dispatch(key, { type: 'progress', sentBytes, totalBytes }),
          onSent: () => {
            phase = 'converting';
            dispatch(key, { type: 'sent' });
            stopPolling = poll(key, id, signal);
          },
        });
        dispatch(key, { type: 'answered', dataset });
        if (dataset.status === 'ready') onReadyRef.current?.(dataset);
      } catch (error) {
        if (isAbort(error)) dispatch(key, { type: 'cancelled', message: await cancelled(job, datasetId, phase) });
        else dispatch(key, { type: 'failed', message: errorText(error) });
      } finally {
        stopPolling();
        jobs.current.delete(key);
        refresh(datasetId);
      }
    },
    [client, dispatch, poll, refresh, cancelled],
  );

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const job = queue.current.shift()!;
      running.current += 1;
      void runJob(job).finally(() => {
        running.current -= 1;
        pump();
      });
    }
  }, [runJob]);

  const enqueue = useCallback(
    (file: File, target?: { id: string; name: string }) => {
      const key = `upload-${(nextKey += 1)}`;
      const kind = fileKind(file.name);
      if (!kind.ok) {
        setItems((list) => [...list, newUpload(key, file, { refusal: kind.reason })]);
        return;
      }
      const job: Job = { key, file, format: kind.format, compression: kind.compression, name: kind.name, target, controller: new AbortController() };
      jobs.current.set(key, job);
      queue.current.push(job);
      setItems((list) => [...list, newUpload(key, file, { datasetId: target?.id ?? null })]);
    },
    [],
  );

  /** Each file becomes a new dataset named after it. */
  const addFiles = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) enqueue(file);
      pump();
    },
    [enqueue, pump],
  );

  /** The file replaces the dataset's data. */
  const replaceData = useCallback(
    (target: { id: string; name: string }, file: File) => {
      enqueue(file, target);
      pump();
    },
    [enqueue, pump],
  );

  const cancel = useCallback(
    (key: string) => {
      const job = jobs.current.get(key);
      if (!job) return;
      const waiting = queue.current.indexOf(job);
      if (waiting >= 0) {
        queue.current.splice(waiting, 1);
        jobs.current.delete(key);
        dispatch(key, { type: 'cancelled', message: 'Cancelled before it started; nothing was created.' });
        return;
      }
      job.controller.abort();
    },
    [dispatch],
  );

  const clearFinished = useCallback(() => setItems((list) => list.filter(isActive)), []);

  // Leaving the screen cancels what is still going, so no upload runs on unseen.
  useEffect(() => {
    const current = jobs.current;
    return () => {
      queue.current = [];
      for (const job of current.values()) job.controller.abort();
    };
  }, []);

  return { items, addFiles, replaceData, cancel, clearFinished };
}
