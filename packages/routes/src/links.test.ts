import { describe, expect, it } from 'vitest';
import { createStudioLinks } from './links.js';
import { CONVERTED_FROM_KEPLER } from './paths.js';

describe('createStudioLinks', () => {
  const links = createStudioLinks('https://studio.example.com/');

  it('ignores trailing slashes on the base URL and keeps a base path', () => {
    expect(createStudioLinks('https://studio.example.com').workbook('w1')).toBe('https://studio.example.com/workbook/w1');
    expect(createStudioLinks('https://x.test/app//').workbook('w1')).toBe('https://x.test/app/workbook/w1');
  });

  it('links to maps, with an optional flag', () => {
    expect(links.map('m 1')).toBe('https://studio.example.com/m%201');
    expect(links.map('m1', { flag: CONVERTED_FROM_KEPLER })).toBe('https://studio.example.com/m1?convertedFromKepler=true');
  });

  it('links to a dataset details page and a filtered dataset list', () => {
    expect(links.dataset('a b/c')).toBe('https://studio.example.com/workspace/datasets/a%20b%2Fc');
    expect(links.datasetList()).toBe('https://studio.example.com/workspace/datasets');
    expect(links.datasetList({ datasetUuids: ['a', 'b'] })).toBe(
      'https://studio.example.com/workspace/datasets?datasetUuid=a&datasetUuid=b',
    );
  });

  it('links insights as dashboards, and workbooks', () => {
    expect(links.insight('i1')).toBe('https://studio.example.com/dashboard/i1');
    expect(links.workbook('w/1')).toBe('https://studio.example.com/workbook/w%2F1');
  });

  it('links to dashboards with params', () => {
    expect(links.dashboard('d1')).toBe('https://studio.example.com/dashboard/d1');
    expect(links.dashboard('d1', { chain: ['a', 'b'], canExport: true })).toBe(
      'https://studio.example.com/dashboard/d1?chain=a&chain=b&canExport=true',
    );
  });
});
