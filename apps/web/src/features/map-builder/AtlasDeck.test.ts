import { describe, expect, it, vi } from 'vitest';
import { reportsNoChange, withoutNoChangeReports } from './AtlasDeck';

// kepler.gl's map state after fitting the data, as deck.gl is first given it.
const mapState = { pitch: 0, bearing: 0, latitude: 36.98, longitude: -95.52, zoom: 3.3, dragRotate: false, width: 1440, height: 844, isSplit: false, isViewportSynced: true, isZoomLocked: false, splitMapViewports: [], initialState: {} };
// What deck.gl's map controller reports for it when made: normalized, its defaults filled in.
const controllerReport = { width: 1440, height: 844, latitude: 36.98, longitude: -95.52, zoom: 3.3, bearing: 0, pitch: 0, altitude: 1.5, maxZoom: 20, minZoom: 0, maxPitch: 60, minPitch: 0, normalize: true, position: [0, 0, 0] };

describe('reportsNoChange', () => {
  it('is true for the controller echoing the view state with its defaults filled in', () => {
    expect(reportsNoChange(mapState, controllerReport)).toBe(true);
    expect(reportsNoChange(controllerReport, { ...controllerReport, position: [0, 0, 0] })).toBe(true);
    expect(reportsNoChange({ ...controllerReport, padding: undefined }, controllerReport)).toBe(true);
  });

  it('is false when the view moves, the map is resized or the controller normalized something', () => {
    expect(reportsNoChange(mapState, { ...controllerReport, longitude: -95.5 })).toBe(false);
    expect(reportsNoChange(mapState, { ...controllerReport, zoom: 4 })).toBe(false);
    expect(reportsNoChange(mapState, { ...controllerReport, height: 900 })).toBe(false);
    expect(reportsNoChange(mapState, { ...controllerReport, pitch: 30 })).toBe(false);
  });

  it('is false for a value that differs from what the state holds or the controller assumes for a missing key', () => {
    expect(reportsNoChange({ ...mapState, maxZoom: 16 }, controllerReport)).toBe(false);
    expect(reportsNoChange(mapState, { ...controllerReport, altitude: 2 })).toBe(false);
    expect(reportsNoChange(mapState, { ...controllerReport, position: [0, 0, 10] })).toBe(false);
    // kepler.gl's propagation and deck.gl's interactions add transition props: news to a state without them.
    expect(reportsNoChange(mapState, { ...controllerReport, transitionDuration: 0 })).toBe(false);
  });

  it('is false without a view state to compare with', () => {
    expect(reportsNoChange(undefined, controllerReport)).toBe(false);
    expect(reportsNoChange(null, controllerReport)).toBe(false);
  });
});

describe('withoutNoChangeReports', () => {
  const params = (viewState: Record<string, unknown>) => ({ viewId: 'default-view', viewState, interactionState: {} });

  it('passes on reports that change the view state, with their result, and drops the others', () => {
    const report = vi.fn(() => 'handled');
    const current = vi.fn(() => mapState);
    const quiet = withoutNoChangeReports(report, current);
    expect(quiet(params(controllerReport))).toBeUndefined();
    expect(report).not.toHaveBeenCalled();
    const moved = params({ ...controllerReport, zoom: 5 });
    expect(quiet(moved)).toBe('handled');
    expect(report).toHaveBeenCalledWith(moved);
    expect(current).toHaveBeenCalledWith('default-view');
  });
});
