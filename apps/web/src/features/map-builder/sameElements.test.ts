import { createElement, createRef, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { sameChildren, sameProps, shallowEqual } from './sameElements';

function MapContainer(_props: Record<string, unknown>): ReactNode {
  return null;
}
function Other(_props: Record<string, unknown>): ReactNode {
  return null;
}

const visState = { layers: [] };
const actions = { updateMap: () => {} };
// kepler.gl's root makes its map containers' elements afresh on every render, from the same store parts.
const containers = (extra: Record<string, unknown> = {}) => [createElement(MapContainer, { key: 0, index: 0, primary: true, visState, mapStateActions: actions, ...extra })];

describe('sameProps', () => {
  it('is true for children made afresh with the same type, key and props', () => {
    const mapState = { zoom: 3 };
    expect(sameProps({ className: 'maps', mapState, children: containers() }, { className: 'maps', mapState, children: containers() })).toBe(true);
  });

  it('is false when a prop or a child prop changes', () => {
    const children = containers();
    expect(sameProps({ mapState: { zoom: 3 }, children }, { mapState: { zoom: 3 }, children })).toBe(false);
    const mapState = { zoom: 3 };
    expect(sameProps({ mapState, children: containers() }, { mapState, children: containers({ visState: { layers: [] } }) })).toBe(false);
    expect(sameProps({ mapState, children: containers() }, { mapState, children: containers({ readOnly: true }) })).toBe(false);
    expect(sameProps({ mapState, children: containers() }, { mapState, children: [...containers(), ...containers({ key: 1 })] })).toBe(false);
  });
});

describe('sameChildren', () => {
  it('compares type, key and ref', () => {
    expect(sameChildren(createElement(MapContainer, { index: 0 }), createElement(Other, { index: 0 }))).toBe(false);
    expect(sameChildren(createElement(MapContainer, { key: 0 }), createElement(MapContainer, { key: 1 }))).toBe(false);
    expect(sameChildren(createElement(MapContainer, { ref: createRef() }), createElement(MapContainer, { ref: createRef() }))).toBe(false);
    const ref = createRef();
    expect(sameChildren(createElement(MapContainer, { ref }), createElement(MapContainer, { ref }))).toBe(true);
  });

  it('compares nested children and leaves', () => {
    expect(sameChildren(createElement('div', null, createElement(MapContainer, { index: 0 })), createElement('div', null, createElement(MapContainer, { index: 0 })))).toBe(true);
    expect(sameChildren(createElement('div', null, 'a'), createElement('div', null, 'b'))).toBe(false);
    expect(sameChildren(null, null)).toBe(true);
    expect(sameChildren(null, createElement('div'))).toBe(false);
  });
});

describe('shallowEqual', () => {
  it('compares each value by identity', () => {
    expect(shallowEqual({ a: 1, b: visState }, { a: 1, b: visState })).toBe(true);
    expect(shallowEqual({ a: 1, b: {} }, { a: 1, b: {} })).toBe(false);
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});
