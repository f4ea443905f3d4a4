import { tableFromArrays } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { addDatasets } from './keplerActions';
import { createMapStore, keplerInstance, registerInstance, sizeInstance, whenDatasetsSettled, whenReadyToMount } from './keplerStore';

type MapState = { width: number; height: number; latitude: number; longitude: number; zoom: number };
const mapState = (store: Parameters<typeof keplerInstance>[0]) => keplerInstance(store)?.mapState as MapState;
const box = (width: number, height: number) => ({ getBoundingClientRect: () => ({ width, height }) }) as Element;

describe('the instance registered before kepler.gl mounts', () => {
  it('takes data, fitted to it at kepler.gl’s default size, then the size of its box', async () => {
    const { store } = createMapStore();
    registerInstance(store);
    const initial = mapState(store);
    expect(initial).toMatchObject({ width: 800, height: 800 });
    const table = tableFromArrays({ lat: Float64Array.from([40, 41]), lng: Float64Array.from([-74, -73]) });
    addDatasets(store, [{ dataset: { id: 'd1', name: 'Points' }, table }], { readOnly: false });
    await whenDatasetsSettled(store);
    expect(Object.keys(keplerInstance(store)?.visState.datasets ?? {})).toEqual(['d1']);
    expect(keplerInstance(store)?.visState.layers.map((layer) => layer.type)).toEqual(['point']);
    const fitted = mapState(store);
    expect(fitted.latitude).toBeCloseTo(40.5, 0);
    expect(fitted.longitude).toBeCloseTo(-73.5, 0);
    sizeInstance(store, box(1440.6, 844.2));
    // The size changes, the fitted view does not.
    expect(mapState(store)).toMatchObject({ width: 1440, height: 844, latitude: fitted.latitude, longitude: fitted.longitude, zoom: fitted.zoom });
  });

  it('is ready to mount once its data is in, sized to the box as it is then', async () => {
    const { store } = createMapStore();
    registerInstance(store);
    const table = tableFromArrays({ lat: Float64Array.from([40, 41]), lng: Float64Array.from([-74, -73]) });
    addDatasets(store, [{ dataset: { id: 'd1', name: 'Points' }, table }], { readOnly: true });
    const ref: { current: Element | null } = { current: box(0, 0) };
    const ready = whenReadyToMount(store, ref);
    ref.current = box(1024.5, 600.9);
    await ready;
    expect(Object.keys(keplerInstance(store)?.visState.datasets ?? {})).toEqual(['d1']);
    expect(mapState(store)).toMatchObject({ width: 1024, height: 600 });
    expect(mapState(store).latitude).toBeCloseTo(40.5, 0);
  });

  it('keeps kepler.gl’s size while the box is not laid out', () => {
    const { store } = createMapStore();
    registerInstance(store);
    sizeInstance(store, box(0, 0));
    sizeInstance(store, null);
    expect(mapState(store)).toMatchObject({ width: 800, height: 800 });
  });
});
