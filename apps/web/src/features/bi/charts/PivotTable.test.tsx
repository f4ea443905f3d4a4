import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pivotOf } from './movement-pivot';
import { PivotTable } from './PivotTable';
import { labels } from './test-fixtures';

const m = (age: string, gender: string, period: string, normalized: number) => ({
  age,
  gender,
  period_type: 'monthly',
  period_value: period,
  normalized_visits: normalized,
  raw_visits: Math.round(normalized / 2),
});

/** The text of each header row, cell by cell, with its spans. */
function headerRows(html: string): string[][] {
  const head = html.slice(html.indexOf('<thead>'), html.indexOf('</thead>'));
  return head
    .split('<tr>')
    .slice(1)
    .map((row) =>
      [...row.matchAll(/<(th|td)([^>]*)>([^<]*)<\/\1>/g)].map(([, , attrs, content]) => {
        const span = /colspan="(\d+)"/i.exec(attrs!)?.[1];
        return span ? `${content}×${span}` : content!;
      }),
    );
}

describe('PivotTable', () => {
  const rows = [m('18-24', 'Female', '2025-01', 1234.4), m('18-24', 'Male', '2025-02', 10), m('25-34', 'Female', '2025-02', 5)];

  it('nests column headers with spans and fills each cell with the normalized visits, raw visits in the title', () => {
    const html = renderToStaticMarkup(<PivotTable pivot={pivotOf(rows, { rows: ['age'], columns: ['gender', 'period'] }, labels)} />);
    expect(headerRows(html)).toEqual([
      ['Normalized visits×1', 'Gender › Period×3'],
      ['×1', 'Female×2', 'Male×1'],
      ['Age', '2025-01×1', '2025-02×1', '2025-02×1'],
    ]);
    expect(html).toContain('data-value="1234.4"');
    expect(html).toContain('>1,234<');
    expect(html).toContain('title="1,234 normalized visits · 617 raw visits"');
    // 25-34 has no Female 2025-01 nor Male 2025-02 visits.
    expect(html.match(/pivot__cell--empty/g)).toHaveLength(3);
  });

  it('spans row headers over their sub-rows', () => {
    const html = renderToStaticMarkup(<PivotTable pivot={pivotOf(rows, { rows: ['age', 'gender'], columns: [] }, labels)} />);
    expect(html).toMatch(/<th scope="rowgroup" rowspan="2" class="pivot__row">18-24<\/th>/i);
    expect(html).toMatch(/<th scope="row" rowspan="1" class="pivot__row">25-34<\/th>/i);
    expect(headerRows(html)).toEqual([['Age', 'Gender', 'Normalized visits']]);
  });
});
