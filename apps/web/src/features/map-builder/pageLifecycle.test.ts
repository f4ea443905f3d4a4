import { describe, expect, it, vi } from 'vitest';
import type { CatalogueRecord } from '@atlas/domain';
import { reacquireLock, watchPageLifecycle } from './pageLifecycle';

/** A page transition event as the browser fires it (Node has Event but not PageTransitionEvent). */
const transition = (type: 'pagehide' | 'pageshow', persisted: boolean) => Object.assign(new Event(type), { persisted });

describe('watchPageLifecycle', () => {
  it('reports every hide, and a show only when the back/forward cache restored the page', () => {
    const page = new EventTarget();
    const onHide = vi.fn();
    const onRestore = vi.fn();
    const unwatch = watchPageLifecycle(page, { onHide, onRestore });
    page.dispatchEvent(transition('pagehide', true));
    expect(onHide).toHaveBeenCalledTimes(1);
    // A first load also fires pageshow, with persisted false: nothing to take back.
    page.dispatchEvent(transition('pageshow', false));
    expect(onRestore).not.toHaveBeenCalled();
    page.dispatchEvent(transition('pageshow', true));
    expect(onRestore).toHaveBeenCalledTimes(1);
    unwatch();
    page.dispatchEvent(transition('pagehide', false));
    page.dispatchEvent(transition('pageshow', true));
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(onRestore).toHaveBeenCalledTimes(1);
  });
});

describe('reacquireLock', () => {
  const record = { id: 'm1', lock: { ownerId: 'someone-else' } } as unknown as CatalogueRecord;

  it('takes the lock again and hands over the answer, which says whose lock it is now', async () => {
    const get = vi.fn(async () => record);
    const onRecord = vi.fn();
    const reload = vi.fn();
    await reacquireLock({ maps: { get } } as never, 'm1', { onRecord, reload });
    expect(get).toHaveBeenCalledWith('m1', { acquireLock: true });
    expect(onRecord).toHaveBeenCalledWith(record);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the server cannot be asked, rather than edit on without a lock', async () => {
    const onRecord = vi.fn();
    const reload = vi.fn();
    await reacquireLock({ maps: { get: async () => Promise.reject(new Error('offline')) } } as never, 'm1', { onRecord, reload });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onRecord).not.toHaveBeenCalled();
  });
});
