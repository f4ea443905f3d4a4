import { describe, expect, it } from 'vitest';
import { isHandedOff } from '../map-builder-prefetch/handedOff';
import { handedOffStore, handOff, releaseHandoff } from './handoff';
import type { MapStore } from './keplerStore';

describe('the handoff of a first-saved map', () => {
  it('keeps the store for the map and tells the prefetch, until the screen that took it leaves', () => {
    const store = {} as MapStore;
    handOff('m1', store);
    expect(handedOffStore('m1')).toBe(store);
    expect(isHandedOff('m1')).toBe(true);
    releaseHandoff('m1');
    expect(handedOffStore('m1')).toBeUndefined();
    expect(isHandedOff('m1')).toBe(false);
  });
});
