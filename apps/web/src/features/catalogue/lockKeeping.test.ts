import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelPendingRelease, releaseAfterUnmount } from './lockKeeping';

describe('releasing a lock after an editor unmounts', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('releases once the task ends', () => {
    const release = vi.fn();
    releaseAfterUnmount('workbook:1', release);
    expect(release).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('keeps the lock when the same editor mounts again at once (StrictMode), and only that one', () => {
    const same = vi.fn();
    const other = vi.fn();
    releaseAfterUnmount('workbook:1', same);
    releaseAfterUnmount('map:1', other);
    cancelPendingRelease('workbook:1');
    vi.runAllTimers();
    expect(same).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
  });
});
