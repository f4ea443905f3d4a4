import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pivotOf } from './movement-pivot';
import { PivotTable } from './PivotTable';
import type { MovementPivotRow } from '@atlas/domain';
import { labels, pivotRow } from './test-fixtures';

const m = (age: MovementPivotRow['age'], gender: MovementPivotRow['gender'], period: string, normalized: number) =>
  pivotRow({
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
      ['Normalized visits×1', 'Gender › Period×3', 'Total'],
      ['×1', 'Female×2', 'Male×1'],
      ['Age', '2025-01×1', '2025-02×1', '2025-02×1'],
    ]);
    expect(html).toContain('data-value="1234.4"');
    expect(html).toContain('>1,234<');
    expect(html).toContain('title="1,234 normalized visits · 617 raw visits · 1,000 devices"');
    // 25-34 has no Female 2025-01 nor Male 2025-02 visits.
    expect(html.match(/pivot__cell--empty/g)).toHaveLength(3);
  });

  it('spans row headers over their sub-rows', () => {
    const html = renderToStaticMarkup(<PivotTable pivot={pivotOf(rows, { rows: ['age', 'gender'], columns: [] }, labels)} />);
    expect(html).toMatch(/<th scope="rowgroup" rowspan="2" class="pivot__row pivot__first">18-24<\/th>/i);
    expect(html).toMatch(/<th scope="row" rowspan="1" class="pivot__row pivot__first">25-34<\/th>/i);
    expect(headerRows(html)).toEqual([['Age', 'Gender', 'Normalized visits']]);
    // Without column dimensions the one column is its own total; the rows still get a Total row.
    expect(html).not.toContain('pivot__total-heading" rowspan');
    expect([...html.matchAll(/data-total="([^"]*)"/g)].map((match) => match[1])).toEqual(['1249.4']);
  });

  it('adds a Total column and a Total row with the sums, raw visits in their titles', () => {
    const html = renderToStaticMarkup(<PivotTable pivot={pivotOf(rows, { rows: ['age'], columns: ['gender'] }, labels)} />);
    const totals = [...html.matchAll(/data-total="([^"]*)"/g)].map((match) => match[1]);
    // Row totals 18-24 and 25-34, then the Female and Male columns and the grand total.
    expect(totals).toEqual(['1244.4', '5', '1239.4', '10', '1249.4']);
    expect(html).toMatch(/<tfoot><tr><th scope="row" colspan="1" class="pivot__row pivot__first pivot__total-heading">Total<\/th>/i);
    expect(html).toContain('title="1,249 normalized visits · 625 raw visits"');
  });

  it('leaves out a total that would add a country to its DMAs, saying why', () => {
    const geo = (id: string, name: string, type: MovementPivotRow['geography_type'], normalized: number) =>
      pivotRow({ geography_type: type, geography_id: id, geography_value: name, period_value: '2025-01', normalized_visits: normalized, raw_visits: 1 });
    const html = renderToStaticMarkup(
      <PivotTable pivot={pivotOf([geo('US', 'United States', 'country', 100), geo('501', 'New York', 'dma', 10)], { rows: ['geography'], columns: ['period'] }, labels)} />,
    );
    expect([...html.matchAll(/data-total="([^"]*)"/g)].map((match) => match[1])).toEqual(['100', '10', '', '']);
    expect(html).toContain('Not summed: the country already holds its DMAs’ visits');
  });
});
