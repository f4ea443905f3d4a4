// deck.gl's Deck as the map builder hands it to kepler.gl (@deck.gl/react's `Deck` prop), so that after its first frame
// deck.gl draws every point again only when something changed (each full draw of a million points costs 2.6-3 s of
// software WebGL and blocks the page). Two things made it draw the same frame again:
// - deck.gl's map controller reports a view state when it is made (and on each height change), with no interaction:
//   the one it was given, normalized, its defaults filled in (altitude, min/max zoom and pitch, position). kepler.gl
//   takes every report for news: it keeps it in its view-state context, then (10 ms later) in its map state, and its
//   context then compares the two, finds the `padding` key @deck.gl/react writes into deck.gl's view state object,
//   and replaces its view state once more: three renders of kepler.gl's map, each handing deck.gl a new view state or
//   new layers, each a full draw. A report of the view state deck.gl already holds is not passed on; kepler.gl gets
//   the controller's view state with the user's first pan or zoom.
// - @deck.gl/react draws once React has rendered after deck.gl decided to draw; kepler.gl's map renders in between
//   (its size report after mounting replaces its map state), and deck.gl applied the new layers only in the next frame,
//   a second full draw of the same map. Layers handed over before a draw are drawn in it.
// (kepler.gl's root rendering its map again with nothing changed is kept out in KeplerMap: AtlasMapsLayoutFactory.)
import { Deck, type DeckProps } from '@deck.gl/core/typed';

type ViewStateReport = Parameters<NonNullable<DeckProps['onViewStateChange']>>[0];
type ViewState = Record<string, unknown>;

/**
 * What deck.gl's map controller (its MapState, deck.gl 8.9) takes for a view state's keys that are missing. Were they
 * ever different, reports would reach kepler.gl again, as before: redraws, not a wrong view.
 */
const MAP_CONTROLLER_DEFAULTS: ViewState = { bearing: 0, pitch: 0, altitude: 1.5, position: [0, 0, 0], maxZoom: 20, minZoom: 0, maxPitch: 60, minPitch: 0, normalize: true };

const isRecord = (value: unknown): value is ViewState => typeof value === 'object' && value !== null && !Array.isArray(value);

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
}

/**
 * Whether a reported view state changes nothing in `current`: every key it holds is equal there, a key `current`
 * lacks counting as the map controller's default for it. Keys only `current` holds (kepler.gl's isSplit, dragRotate)
 * are not the controller's.
 */
export function reportsNoChange(current: unknown, reported: ViewState): boolean {
  if (!isRecord(current)) return false;
  return Object.keys(reported).every((key) => sameValue(current[key] ?? MAP_CONTROLLER_DEFAULTS[key], reported[key]));
}

/** `report`, not called for a view state that changes nothing in the one `current` returns for the view. */
export function withoutNoChangeReports<R>(report: (params: ViewStateReport) => R, current: (viewId: string) => unknown): (params: ViewStateReport) => R | undefined {
  return (params) => (reportsNoChange(current(params.viewId), params.viewState) ? undefined : report(params));
}

/** deck.gl's Deck whose onViewStateChange hears only reports that change its view state, drawing layers handed over. */
export class AtlasDeck extends Deck {
  override setProps(props: DeckProps): void {
    const report = props.onViewStateChange;
    super.setProps(report ? { ...props, onViewStateChange: withoutNoChangeReports(report, (viewId) => this.viewStateOf(viewId)) } : props);
  }

  override _drawLayers(redrawReason: string, renderOptions?: Parameters<Deck['_drawLayers']>[1]): void {
    // A draw of the whole map (no other target or layers) applies the layers handed over since the last frame, as
    // that frame would, and draws what every pending redraw would have drawn.
    if (!renderOptions && this.layerManager) {
      this.layerManager.updateLayers();
      this.needsRedraw({ clearRedrawFlags: true });
    }
    super._drawLayers(redrawReason, renderOptions);
  }

  /** The view state deck.gl holds for a view, as its ViewManager picks it: its own entry, or the one for all views. */
  private viewStateOf(viewId: string): unknown {
    const state: unknown = this.props.viewState || this.viewState;
    return isRecord(state) && isRecord(state[viewId]) ? state[viewId] : state;
  }
}
