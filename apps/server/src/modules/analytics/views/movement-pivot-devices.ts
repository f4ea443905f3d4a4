// The Movement Pivot's sample sizes (issue 21 "Sample sizes"): per combination of the layout's dimensions, the distinct
// devices behind it. Distinct counts of arbitrary unions (several chains, a category, a window of periods) cannot be
// added up from smaller counts, so they are counted over one row per device: crossVisitors holds, per geography, device
// and mask block, a months mask per ranked chain (in its slot's column) and the device's demographics. Each combination
// is then a count of devices whose masks of the combination's chains, ORed, meet the period's months, without grouping
// by device, like Cross-Visitation (rows counting as their `devices`: an append's -1 rows take back earlier ones).
// Chains ranked beyond the mask columns, or periods across two mask blocks, count devices in chainVisitors instead
// (exact, slower).
import { Params } from '../../../store/params.js';
import { MASK_MONTHS } from '../rollups/definitions.js';
import { meetsMonths, monthWindow } from './devices.js';
import { codedSql, PivotCoding, type Coded, type Dimension, type DimensionColumn } from './pivot-coding.js';
import type { PanelRelations, SqlRunner } from './types.js';

/** What the pivot asks: its dimensions in layout order, the filters and the periods (windows of whole months). */
export interface PivotQuery {
  dimensions: Dimension[];
  geographies: string[];
  taxonomies: string[];
  /** [ages, genders, incomes] when some demographic filter or dimension applies, else null (every device). */
  demographics: [string[], string[], string[]] | null;
  periods: { start: string; end: string }[];
}

/** Device counts by the combination's key (PivotCoding.key of its coded dimension values in layout order). */
export type PivotDevices = Map<number | string, number>;

const DEMOGRAPHIC = ['age', 'gender', 'income'] as const;

// The filters of the device half in chainVisitors: taxonomies $t (a chain passes when it or its category is listed),
// the demographics from $d on when given, and the geographies (CTE g) as a union unless geography is a dimension.
const visitorFilters = (geographyDimension: boolean, taxonomies: string, demographics: number | null) => `
  (r.chain_id IN (SELECT unnest(${taxonomies}::VARCHAR[])) OR r.category_id IN (SELECT unnest(${taxonomies}::VARCHAR[])))
  ${demographics === null ? '' : `AND r.age IN (SELECT unnest($${demographics}::VARCHAR[])) AND r.gender IN (SELECT unnest($${demographics + 1}::VARCHAR[])) AND r.income IN (SELECT unnest($${demographics + 2}::VARCHAR[]))`}
  ${geographyDimension ? '' : 'AND (r.country IN (SELECT id FROM g) OR r.dma_id IN (SELECT id FROM g))'}`;

const VISITOR_DIMENSIONS: Readonly<Record<Dimension, string>> = {
  age: 'r.age', gender: 'r.gender', income: 'r.income', geography: 'g.id', period: 'pm.pi', category: 'r.category_id', chain: 'r.chain_id',
};

/**
 * The exact reading for any chain and window: COUNT(DISTINCT device) over chainVisitors, a device counting in a period
 * when its months mask meets it. $1..$2 each period's first and last month index, $3 geographies, $4 taxonomies, $5..$7
 * the demographics.
 */
async function fromChainVisitors(sql: SqlRunner, r: PanelRelations, q: PivotQuery, coding: PivotCoding): Promise<PivotDevices> {
  const geographyDimension = q.dimensions.includes('geography');
  const expressions = q.dimensions.map((dimension) => VISITOR_DIMENSIONS[dimension]);
  const params = new Params([
    q.periods.map((p) => monthWindow(p.start, p.end).first),
    q.periods.map((p) => monthWindow(p.start, p.end).last),
    q.geographies,
    q.taxonomies,
    ...(q.demographics ?? []),
  ]);
  const counts = `
WITH pm AS (SELECT unnest($1::INTEGER[]) AS first_month, unnest($2::INTEGER[]) AS last_month, generate_subscripts($1::INTEGER[], 1) AS pi),
g AS (SELECT unnest($3::VARCHAR[]) AS id)
SELECT ${[...expressions.map((expression, k) => `${expression} AS dim${k}`), 'COUNT(DISTINCT r.device_id) AS devices'].join(', ')}
FROM ${r.chainVisitors} r
JOIN pm ON ${meetsMonths('r', 'pm.first_month', 'pm.last_month')}
${geographyDimension ? 'JOIN g ON g.id = r.country OR g.id = r.dma_id' : ''}
WHERE ${visitorFilters(geographyDimension, '$4', q.demographics ? 5 : null)}
${expressions.length ? `GROUP BY ${expressions.join(', ')}` : ''}`;
  const columns = q.dimensions.map((dimension, k) => ({ column: `dim${k}`, dimension }));
  const rows = await sql.queryRows(codedSql(counts, columns, ['devices'], coding.orders, params, false), params.values);
  return new Map(rows.map((row) => [coding.key(columns.map(({ column }) => PivotCoding.read(row, column))), Number(row.devices)]));
}

interface RankedChain {
  chain: string;
  category: string;
  /** Its column in crossVisitors (chainRanks.slot). */
  slot: number;
}

/** A taxonomy column of the counts: the chain and category values it stands for, and the slots whose masks it ORs. */
interface Group {
  chain: string | null;
  category: string | null;
  slots: number[];
}

/** The groups of chains each combination unions: per chain, per category, or all passing chains together. */
function groupsOf(chains: RankedChain[], dimensions: Dimension[]): Group[] {
  if (dimensions.includes('chain')) return chains.map((c) => ({ chain: c.chain, category: c.category, slots: [c.slot] }));
  if (dimensions.includes('category')) {
    const categories = [...new Set(chains.map((c) => c.category))];
    return categories.map((category) => ({ chain: null, category, slots: chains.filter((c) => c.category === category).map((c) => c.slot) }));
  }
  return chains.length ? [{ chain: null, category: null, slots: chains.map((c) => c.slot) }] : [];
}

/** A months mask of a block (bit k = the block's k-th month) for months first..last. */
function blockMask(first: number, last: number, blockStart: number): bigint {
  let mask = 0n;
  for (let month = Math.max(first, blockStart); month <= Math.min(last, blockStart + MASK_MONTHS - 1); month++) mask |= 1n << BigInt(month - blockStart);
  return mask;
}

const maskSql = (mask: bigint) => `CAST(${mask.toString()} AS BIGINT)`;

/**
 * The reading for ranked chains and windows within one mask block: one row per device of the selected geographies (ORed
 * over them first when several form a union), its months mask per taxonomy group (the group's slots ORed) within the
 * periods' span. $1..$n the geographies, then the demographics. Null when it does not apply.
 */
async function fromCrossVisitors(sql: SqlRunner, r: PanelRelations, q: PivotQuery, coding: PivotCoding): Promise<PivotDevices | null> {
  const found = await sql.queryRows(
    `SELECT k.chain_id, k.slot, k.first_month_index, p.category_id
FROM ${r.chainRanks} k JOIN (SELECT DISTINCT CAST(chain_id AS VARCHAR) AS chain_id, CAST(category_id AS VARCHAR) AS category_id FROM ${r.places}) p
ON p.chain_id = k.chain_id
WHERE k.chain_id IN (SELECT unnest($1::VARCHAR[])) OR p.category_id IN (SELECT unnest($1::VARCHAR[]))`,
    [q.taxonomies],
  );
  if (found.some((row) => row.slot === null)) return null;
  const chains = found.map((row): RankedChain => ({ chain: String(row.chain_id), category: String(row.category_id), slot: Number(row.slot) }));
  if (!chains.length) return new Map();
  const m0 = Number(found[0]!.first_month_index);
  const windows = q.periods.map((p) => monthWindow(p.start, p.end));
  const blockOf = (month: number) => Math.floor((month - m0) / MASK_MONTHS);
  const block = blockOf(windows[0]!.first);
  if (windows.some((w) => blockOf(w.first) !== block || blockOf(w.last) !== block)) return null;
  const blockStart = m0 + block * MASK_MONTHS;

  const span = blockMask(Math.min(...windows.map((w) => w.first)), Math.max(...windows.map((w) => w.last)), blockStart);
  const periods = q.dimensions.includes('period')
    ? windows.map((w, k) => ({ pi: k + 1, mask: blockMask(w.first, w.last, blockStart) }))
    : [{ pi: null, mask: span }];
  const groups = groupsOf(chains, q.dimensions);
  const slots = [...new Set(chains.map((c) => c.slot))];
  const demographicDimensions = DEMOGRAPHIC.filter((dimension) => q.dimensions.includes(dimension));
  const geographyDimension = q.dimensions.includes('geography');
  // The rollup's columns for the dimensions it groups by, in their order.
  const keyColumns: DimensionColumn[] = [
    ...(geographyDimension ? [{ column: 'geography_id', dimension: 'geography' as const }] : []),
    ...demographicDimensions.map((dimension) => ({ column: dimension, dimension })),
  ];
  const keys = keyColumns.map(({ column }) => column);
  // Only devices with a visit to a selected chain in the periods count anywhere: the others are left out before the
  // grouping (in the country at 100 M visits, most devices visit none of a few chains).
  const visited = `((${slots.map((slot) => `m${slot}`).join(' | ')}) & ${maskSql(span)}) <> 0`;
  // Each geography a parameter of its own: the engine then skips the row groups of other geographies (the file is
  // sorted by geography), which it does not for a list unnested in a subquery.
  const params = new Params();
  const geographies = q.geographies.map((geography) => params.add(geography)).join(', ');
  const demographics = q.demographics?.map((values) => params.add(values));
  const where = `geography_id IN (${geographies}) AND block = ${block} AND ${visited}${
    demographics
      ? ` AND age IN (SELECT unnest(${demographics[0]}::VARCHAR[])) AND gender IN (SELECT unnest(${demographics[1]}::VARCHAR[])) AND income IN (SELECT unnest(${demographics[2]}::VARCHAR[]))`
      : ''
  }`;
  // A union of geographies counts a device once: its masks are ORed over them first (a device's demographics are its
  // own; masks only grow, so its rows of before an append change nothing there).
  const source =
    !geographyDimension && q.geographies.length > 1
      ? `(SELECT device_id, ${DEMOGRAPHIC.join(', ')}, ${slots.map((slot) => `bit_or(m${slot}) AS m${slot}`).join(', ')}, 1 AS devices
   FROM ${r.crossVisitors} WHERE ${where} GROUP BY device_id, ${DEMOGRAPHIC.join(', ')}) devices`
      : `(SELECT * FROM ${r.crossVisitors} WHERE ${where}) devices`;
  // Each device once per group (t) with the group's mask: two arrays unnested side by side (a CASE over the groups of
  // every device paired with every group cost several times as much with a group per chain).
  const groupMask = (group: Group) => `(${group.slots.map((slot) => `m${slot}`).join(' | ')}) & ${maskSql(span)}`;
  const masked =
    groups.length === 1
      ? `SELECT ${[...keys, '0 AS t', `${groupMask(groups[0]!)} AS u`, 'devices'].join(', ')} FROM ${source}`
      : `SELECT ${[...keys, `unnest(ARRAY[${groups.map((_, t) => t).join(', ')}]) AS t`, `unnest(ARRAY[${groups.map(groupMask).join(', ')}]) AS u`, 'devices'].join(', ')} FROM ${source}`;
  // Per key and group, one sum per period of the devices whose mask meets it (at most a mask block's periods), then a
  // row per period. Grouping by the masks first and joining each to the periods it meets cost 2.6 times as much at
  // 100 M visits with a group per chain: over the country and demographics the masks hardly repeat.
  const group = [...keys, 't'].join(', ');
  const sums = periods.map((period, k) => `SUM(CASE WHEN (u & ${maskSql(period.mask)}) <> 0 THEN devices ELSE 0 END) AS d${k}`);
  const counts = `SELECT * FROM (
  SELECT ${group}, unnest(ARRAY[${periods.map((_, k) => k).join(', ')}]) AS k, unnest(ARRAY[${periods.map((_, k) => `d${k}`).join(', ')}]) AS devices
  FROM (SELECT ${group}, ${sums.join(', ')} FROM (${masked}) x WHERE u <> 0 GROUP BY ${group}) s
) e WHERE devices <> 0`;
  const rows = await sql.queryRows(codedSql(counts, keyColumns, ['t', 'k', 'devices'], coding.orders, params, false), params.values);

  // Each group's chain and category, coded once (where they are dimensions).
  const codeOf = (dimension: Dimension, value: string | null) => (value === null || !q.dimensions.includes(dimension) ? 0 : coding.code(q.dimensions.indexOf(dimension), value));
  const groupCodes = groups.map((group) => ({ chain: codeOf('chain', group.chain), category: codeOf('category', group.category) }));
  const devices: PivotDevices = new Map();
  const codes: Coded[] = q.dimensions.map(() => 0);
  for (const row of rows) {
    const group = groupCodes[Number(row.t)]!;
    for (let k = 0; k < q.dimensions.length; k++) {
      const dimension = q.dimensions[k]!;
      if (dimension === 'period') codes[k] = periods[Number(row.k)]!.pi!;
      else if (dimension === 'chain') codes[k] = group.chain;
      else if (dimension === 'category') codes[k] = group.category;
      else codes[k] = PivotCoding.read(row, keyColumns.find((key) => key.dimension === dimension)!.column);
    }
    devices.set(coding.key(codes), Number(row.devices));
  }
  return devices;
}

/** The distinct devices of every non-empty combination, by its key. */
export async function pivotDevices(sql: SqlRunner, r: PanelRelations, q: PivotQuery, coding: PivotCoding, via?: 'chainVisitors'): Promise<PivotDevices> {
  return (via ? null : await fromCrossVisitors(sql, r, q, coding)) ?? (await fromChainVisitors(sql, r, q, coding));
}
