import { describe, expect, it } from 'vitest';
import { paths } from '@atlas/routes';
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
