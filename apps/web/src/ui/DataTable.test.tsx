import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cellText } from './cellText';
import { DataTable } from './DataTable';

const columns = [{ name: 'name', type: 'VARCHAR' }, { name: 'n' }];
const rows = [
  { name: 'a', n: 1.5 },
  { name: null, n: 2 },
  { name: 'c', n: { deep: true } },
];

describe('cellText', () => {
  it('reads values plainly', () => {
    expect([null, 0.1 + 0.2, 42, 'x', { a: 1 }, true].map(cellText)).toEqual(['', '0.3', '42', 'x', '{"a":1}', 'true']);
  });
});

describe('DataTable', () => {
  it('draws a header per column with its type, numbers aligned right, row numbers from the first row', () => {
    const html = renderToStaticMarkup(<DataTable columns={columns} rows={rows} firstRow={101} className="t" testId="table" />);
    expect(html).toContain('<th scope="col" title="VARCHAR">name</th>');
    expect(html).toContain('<td class="num data-table__index">101</td><td>a</td><td class="num">1.5</td>');
    expect(html).toContain('<td class="num data-table__index">102</td><td></td><td class="num">2</td>');
    expect(html).toContain('<td>{&quot;deep&quot;:true}</td>');
  });

  it('marks nulls when asked, and draws only the window with spacers for the rest', () => {
    const html = renderToStaticMarkup(<DataTable columns={columns} rows={rows} showNulls window={{ from: 1, to: 2, rowHeight: 30 }} className="t" />);
    expect(html).toContain('<td class="data-table__null">null</td>');
    expect(html).not.toContain('<td>a</td>');
    expect(html).not.toContain('<td>c</td>');
    expect(html.match(/aria-hidden="true" style="height:30px"/g)).toHaveLength(2);
  });
});
