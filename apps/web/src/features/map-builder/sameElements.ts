// Props compared as React.memo would, but with `children` compared as elements rather than by identity: a parent that
// makes its children's elements afresh on every render (kepler.gl's root, its map containers) is not a change while
// every element has the same type, key, ref and props.
import { isValidElement, type ReactNode } from 'react';

const sameEach = (a: readonly unknown[], b: readonly unknown[], same: (x: unknown, y: unknown) => boolean) => a.length === b.length && a.every((item, i) => same(item, b[i]));

/** Same keys, each value identical. */
export function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}

/** Whether two children render the same: identical, or elements (and arrays of them) alike in type, key, ref and props. */
export function sameChildren(a: ReactNode, b: ReactNode): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return sameEach(a, b, (x, y) => sameChildren(x as ReactNode, y as ReactNode));
  if (!isValidElement(a) || !isValidElement(b)) return false;
  // The ref is no prop on React 18's elements: compared with type and key.
  const ref = (element: object) => (element as { ref?: unknown }).ref;
  return a.type === b.type && a.key === b.key && ref(a) === ref(b) && sameProps(a.props as Record<string, unknown>, b.props as Record<string, unknown>);
}

/** React.memo's comparison, with `children` compared by sameChildren. */
export function sameProps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const { children: childrenA, ...restA } = a;
  const { children: childrenB, ...restB } = b;
  return shallowEqual(restA, restB) && sameChildren(childrenA as ReactNode, childrenB as ReactNode);
}
