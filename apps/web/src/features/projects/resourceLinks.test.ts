import { describe, expect, it } from 'vitest';
import { paths } from '@atlas/routes';
import { RESOURCE_LABELS, resourceLink } from './resourceLinks';

describe('resourceLink', () => {
  it('opens each kind on its own screen', () => {
    expect(resourceLink('map', 'm 1')).toBe(paths.map('m 1'));
    expect(resourceLink('dataset', 'd1')).toBe(paths.dataset('d1'));
    expect(resourceLink('insight', 'i1')).toBe(paths.dashboard('i1'));
    expect(resourceLink('map-style', 's1')).toBe(paths.basemaps());
  });

  it('calls insights dashboards, as the rest of the workspace does', () => {
    expect(RESOURCE_LABELS.insight).toBe('Dashboard');
  });
});
