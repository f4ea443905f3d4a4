import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type FeatureFlags } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { DASHBOARDS_FLAGS, PIVOT_FLAGS, WORKBOOKS_FLAGS, flagsAllow, flagsForbid } from './featureGates';
import { ADMIN_NAV_ITEM, NAV_ITEMS, navItemsFor } from './navItems';

describe('navItemsFor', () => {
  it('adds Administration, last, for administrators only', () => {
    expect(navItemsFor({ isAdmin: false })).toEqual(NAV_ITEMS);
    expect(navItemsFor({ isAdmin: true })).toEqual([...NAV_ITEMS, ADMIN_NAV_ITEM]);
    expect(ADMIN_NAV_ITEM).toMatchObject({ label: 'Administration', to: paths.admin() });
  });

  it('offers Reports to everyone, after Projects', () => {
    const labels = NAV_ITEMS.map((item) => item.label);
    expect(labels.indexOf('Reports')).toBe(labels.indexOf('Projects') + 1);
    expect(NAV_ITEMS.find((item) => item.label === 'Reports')).toMatchObject({ to: paths.reports() });
  });
});

describe('navItemsFor with the organization’s feature flags', () => {
  const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as FeatureFlags;
  const labels = (items: readonly { label: string }[]) => items.map((item) => item.label);

  it('shows every entry when every flag is on', () => {
    expect(navItemsFor({ isAdmin: false }, allOn)).toEqual(NAV_ITEMS);
    expect(navItemsFor({ isAdmin: true }, allOn)).toEqual([...NAV_ITEMS, ADMIN_NAV_ITEM]);
  });

  it('leaves Workbooks out when workbooks-enabled is off, and nothing else', () => {
    const shown = labels(navItemsFor({ isAdmin: false }, { ...allOn, 'workbooks-enabled': false }));
    expect(shown).toEqual(labels(NAV_ITEMS).filter((label) => label !== 'Workbooks'));
  });

  it('leaves Dashboards out when fsq-bi-enabled or insights-enabled is off', () => {
    for (const flag of ['fsq-bi-enabled', 'insights-enabled'] as const) {
      const shown = labels(navItemsFor({ isAdmin: false }, { ...allOn, [flag]: false }));
      expect(shown, flag).toEqual(labels(NAV_ITEMS).filter((label) => label !== 'Dashboards'));
    }
  });

  it('keeps Administration for administrators whatever the flags', () => {
    const allOff = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags;
    const shown = navItemsFor({ isAdmin: true }, allOff);
    expect(labels(shown)).toEqual([...labels(NAV_ITEMS).filter((label) => label !== 'Workbooks' && label !== 'Dashboards'), 'Administration']);
  });

  it('leaves out every flagged entry while the flags are not read yet (null)', () => {
    expect(labels(navItemsFor({ isAdmin: false }, null))).not.toContain('Workbooks');
    expect(labels(navItemsFor({ isAdmin: false }, null))).not.toContain('Dashboards');
    expect(labels(navItemsFor({ isAdmin: false }, null))).toContain('Datasets');
  });
});

describe('feature gates', () => {
  const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as FeatureFlags;

  it('allow a part when all its flags are on, or it needs none', () => {
    expect(flagsAllow(allOn, WORKBOOKS_FLAGS)).toBe(true);
    expect(flagsAllow({ ...allOn, 'insights-enabled': false }, DASHBOARDS_FLAGS)).toBe(false);
    expect(flagsAllow(null, WORKBOOKS_FLAGS)).toBe(false);
    expect(flagsAllow(null, undefined)).toBe(true);
  });

  it('forbid a part only when the flags are known and off (signed out or loading forbids nothing)', () => {
    expect(flagsForbid(undefined, PIVOT_FLAGS)).toBe(false);
    expect(flagsForbid(allOn, PIVOT_FLAGS)).toBe(false);
    expect(flagsForbid({ ...allOn, 'pivot-table-enabled': false }, PIVOT_FLAGS)).toBe(true);
  });
});
