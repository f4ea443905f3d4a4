// The rollups of a panel version that is the previous one plus appended visits (docs/panel-append.md): each rollup is
// the previous version's with only the partitions the new rows touch recomputed, reading only the visits of those
// partitions (the appended ones, and for same-day neighbours the previous visits of the devices' days they touch).
// Every SELECT keeps the columns and order of the rollup's own definition (definitions.ts), so views cannot tell an
// appended rollup from a rebuilt one beyond the last bits of a sum. Where the new rows touch only partitions the
// previous rollup has no rows in (days or months after its last), they are stored as a file of their own after the
// previous rollup's files (linked, not copied) instead of rewriting it. So are the changes of the per-device and
// per-key rollups, whose readers combine the rows of one key (ORed months, summed counts: definitions.ts); a rollup
// that has as many files as it may is folded into one instead (its keys grouped).
import { parquetRelation } from '../../../engine/sql.js';
import { MAX_DATA_FILES, type CommitData, type DatasetData, type Engine } from '../../../engine/types.js';
import type { PanelRelations } from '../views/index.js';
import { monthIndex, RANKED_CHAINS, ROLLUP_NAMES, ROLLUP_STORAGE, ROLLUPS, SLOT_COLUMNS, type RollupName } from './definitions.js';

/** The visits columns, in the panel's order (foot-traffic.md). */
export const VISIT_COLUMNS = ['visit_id', 'device_id', 'place_id', 'started_at', 'dwell_minutes'] as const;
const VISITS = VISIT_COLUMNS.join(', ');

/** The visits of the new version: the previous version's, then the appended ones. */
export const appendedVisits = (previous: string, part: string) => `(SELECT ${VISITS} FROM ${previous} UNION ALL SELECT ${VISITS} FROM ${part})`;

export interface AppendInput {
  /** The previous version: raw tables and every rollup. */
  previous: PanelRelations;
  /** The engine data of the previous version's rollups: what an appended rollup extends. */
  stored: Record<RollupName, DatasetData>;
  /** The appended visits, typed like the panel's (VISIT_COLUMNS). */
  part: string;
  /**
   * Engine data the append keeps its work rows in while it runs (the appended visits' devices' chainVisitors rows,
   * which chainRanks, crossVisitors and visitorMasks read), deleted when it ends.
   */
  scratch: string;
}

type CountSource = 'chainVisitors' | 'journeyVisitors' | 'dayVisitors';

interface Step extends AppendInput {
  /** The masks' first month (chainRanks.first_month_index), which the appended visits do not precede. */
  firstMonthIndex: number;
  /** Whether every appended visit is on a day (in a month) after the previous version's last: no previous rows share it. */
  later: Record<'day' | 'month', boolean>;
  /** The new version so far: visits with the appended rows, and the rollups rebuilt before this one. */
  next: PanelRelations;
  /** The rollups built so far whose delta was stored as a file of its own: that file's rows. */
  deltas: Partial<Record<RollupName, string>>;
  /** The previous chainVisitors rows of the appended visits' devices, one per key (stored in `scratch`). */
  touched: string;
  rows: (sql: string) => Promise<Record<string, unknown>[]>;
}

const GEO = ['country', 'dma_id', 'chain_id', 'category_id'];
const sum = (type: string) => (column: string) => `CAST(SUM(${column}) AS ${type}) AS ${column}`;
const bitOr = (column: string) => `bit_or(${column}) AS ${column}`;

interface Merge {
  /** Key columns whose values the delta touches: rows of other values are kept as they are. */
  partition: readonly string[];
  keys: readonly string[];
  /** Value columns after the keys, with how rows of one key combine. */
  values: Record<string, (column: string) => string>;
  order: string;
  /** A count column: keys whose count the delta brings to 0 are gone (as a rebuild would not have them). */
  count?: string;
}

/** How a rollup of the new version is stored: `select` written whole, or its rows after those of the entry `extend`. */
interface Plan {
  select: string;
  extend?: string;
}

/**
 * The previous rollup with the delta's rows merged in: the partitions the delta touches are regrouped from the
 * previous rows and the delta (which has the rollup's columns), the others kept.
 */
function merge(previous: string, delta: string, m: Merge): string {
  const keys = m.keys.join(', ');
  const values = Object.entries(m.values).map(([column, combine]) => combine(column));
  // Keys may be NULL (a place without a chain): matched as equal, like GROUP BY does.
  const match = m.partition.map((column) => `p.${column} IS NOT DISTINCT FROM t.${column}`).join(' AND ');
  return `
WITH delta AS (${delta}),
touched AS (SELECT DISTINCT ${m.partition.join(', ')} FROM delta)
SELECT p.* FROM ${previous} p ANTI JOIN touched t ON ${match}
UNION ALL
SELECT ${[keys, ...values].join(', ')} FROM (
  SELECT p.* FROM ${previous} p SEMI JOIN touched t ON ${match}
  UNION ALL SELECT * FROM delta
) g GROUP BY ${keys}${m.count ? ` HAVING SUM(${m.count}) <> 0` : ''}
ORDER BY ${m.order}`;
}

/**
 * What changes between a rollup's rows of `removed` and of `added`, per key: keys that change nothing (a device's
 * unchanged days, masks and neighbours) are left out, so they touch no partition.
 */
function difference(removed: string, added: string, m: Merge): string {
  const columns = Object.keys(m.values);
  return `
SELECT ${[...m.keys, ...columns.map((column) => m.values[column]!(column))].join(', ')} FROM (
  SELECT ${[...m.keys, ...columns.map((column) => `-${column} AS ${column}`)].join(', ')} FROM (${removed}) r
  UNION ALL SELECT * FROM (${added}) a
) d GROUP BY ${m.keys.join(', ')} HAVING ${columns.map((column) => `SUM(${column}) <> 0`).join(' OR ')}`;
}

const devices = (part: string) => `(SELECT DISTINCT device_id FROM ${part})`;
/**
 * A per-device rollup restricted to the devices of the appended visits, one row per key (its appended files' rows
 * folded in); dayVisitors has one already, and only its days within a week of an appended visit are read: dayDevices
 * caps a device's gap to its next day at 7, so its rows of other days count the same before and after (those just
 * after the week, whose next day is not read, count alike in both).
 */
function ofDevices(relation: string, part: string, name: CountSource): string {
  if (name === 'dayVisitors') {
    const days = (end: 'MIN' | 'MAX') => `(SELECT ${end}(CAST(started_at AS DATE)) FROM ${part})`;
    return `(SELECT * FROM ${relation} WHERE device_id IN ${devices(part)} AND day BETWEEN ${days('MIN')} - 7 AND ${days('MAX')} + 7)`;
  }
  return `(${fold(`(SELECT * FROM ${relation} WHERE device_id IN ${devices(part)})`, SHAPES[name])})`;
}
/** The previous visits on the devices' days the appended visits touch (whose same-day neighbours may change). */
const sameDayVisits = (s: Step) => `(
  SELECT ${VISIT_COLUMNS.map((column) => `v.${column}`).join(', ')} FROM ${s.previous.visits} v
  SEMI JOIN (SELECT DISTINCT device_id, CAST(started_at AS DATE) AS day FROM ${s.part}) t ON t.device_id = v.device_id AND t.day = CAST(v.started_at AS DATE))`;
/** Those days complete: their previous visits and the appended ones. */
const touchedDays = (s: Step) => (s.later.day ? s.part : appendedVisits(sameDayVisits(s), s.part));
/** The raw relations with only the appended visits. */
const partOnly = (s: Step): PanelRelations => ({ ...s.previous, visits: s.part });

const WEIGHTED = { weighted: sum('DOUBLE') };
const COUNTED = { weighted: sum('DOUBLE'), visits: sum('BIGINT') };
const SHAPES = {
  daily: { partition: ['chain_id', 'dma_id', 'day'], keys: [...GEO, 'day'], values: COUNTED, order: 'chain_id, dma_id, day' },
  monthly: { partition: ['chain_id', 'dma_id', 'month'], keys: [...GEO, 'month'], values: COUNTED, order: 'chain_id, dma_id, month' },
  monthlyCells: { partition: ['chain_id', 'dma_id', 'month'], keys: [...GEO, 'month', 'age', 'gender', 'income'], values: COUNTED, order: 'chain_id, dma_id, month' },
  monthlyDayparts: { partition: ['chain_id', 'dma_id', 'month'], keys: [...GEO, 'month', 'share_name'], values: WEIGHTED, order: 'chain_id, dma_id, month' },
  monthlyDwell: {
    partition: ['chain_id', 'dma_id', 'month'], keys: [...GEO, 'month', 'dwell_minutes'], values: { visits: sum('BIGINT') }, order: 'chain_id, dma_id, month, dwell_minutes',
  },
  chainVisitors: {
    partition: ['device_id'], keys: [...GEO, 'device_id', 'weight', 'age', 'gender', 'income', 'block', 'first_month_index'], values: { months: bitOr },
    order: 'chain_id, dma_id, device_id',
  },
  journeys: {
    partition: ['chain_id', 'dma_id', 'month'], keys: [...GEO, 'month', 'skip', 'relationship', 'x_chain', 'x_category'], values: COUNTED,
    order: 'skip, chain_id, dma_id, month', count: 'visits',
  },
  dayVisitors: { partition: ['chain_id', 'dma_id', 'day'], keys: [...GEO, 'day', 'device_id'], values: {}, order: 'chain_id, dma_id, day' },
  crossVisitors: {
    partition: ['device_id'], keys: ['geography_id', 'device_id', 'weight', 'age', 'gender', 'income', 'block', ...SLOT_COLUMNS], values: { devices: sum('INTEGER') },
    order: 'geography_id, block', count: 'devices',
  },
  journeyVisitors: {
    partition: ['device_id'], keys: ['skip', 'relationship', ...GEO, 'device_id', 'block', 'first_month_index'], values: { months: bitOr }, order: 'skip, chain_id, dma_id',
  },
  visitorMasks: {
    partition: ['taxonomy_id', 'geography_id'], keys: ['taxonomy_id', 'geography_id', 'block', 'first_month_index', 'months'], values: { devices: sum('BIGINT') },
    order: 'taxonomy_id, geography_id, block', count: 'devices',
  },
  visitorFirsts: {
    partition: ['taxonomy_id', 'geography_id'], keys: ['taxonomy_id', 'geography_id', 'block', 'first_month_index', 'prev', 'month'], values: { devices: sum('BIGINT') },
    order: 'taxonomy_id, geography_id, block, month', count: 'devices',
  },
  journeyMasks: {
    partition: ['skip', 'relationship', 'taxonomy_id', 'geography_id'], keys: ['skip', 'relationship', 'taxonomy_id', 'geography_id', 'block', 'first_month_index', 'months'],
    values: { devices: sum('BIGINT') }, order: 'skip, relationship, taxonomy_id, geography_id, block', count: 'devices',
  },
  dayDevices: {
    partition: ['chain_id', 'geography_id', 'day'], keys: ['chain_id', 'geography_id', 'day'], values: Object.fromEntries(Array.from({ length: 7 }, (_, k) => [`d${k}`, sum('BIGINT')])),
    order: 'chain_id, geography_id, day', count: 'd0',
  },
} satisfies Partial<Record<RollupName, Merge>>;

/** The rows of `relation` with those of one key combined (ORed months, summed counts; keys counting 0 dropped), sorted. */
function fold(relation: string, m: Merge): string {
  const values = Object.entries(m.values).map(([column, combine]) => combine(column));
  return `SELECT ${[...m.keys, ...values].join(', ')} FROM ${relation} f GROUP BY ${m.keys.join(', ')}${m.count ? ` HAVING SUM(${m.count}) <> 0` : ''} ORDER BY ${m.order}`;
}

type Combined = 'chainVisitors' | 'crossVisitors' | 'journeyVisitors' | 'visitorMasks' | 'visitorFirsts' | 'journeyMasks' | 'dayDevices';

/** A rollup whose rows of one key its readers combine, as it reads once folded (what a rebuild stores). */
export const foldedRollup = (name: Combined, relation: string) => fold(relation, SHAPES[name]);

/**
 * A rollup whose readers combine the rows of one key: the delta's rows (new months, changes of counts) stored after
 * the previous rollup's files; once it has as many files as it may, the previous rows and the delta folded into one.
 */
function extendOrFold(s: Step, name: Combined, delta: string): Plan {
  const stored = s.stored[name];
  if (stored.parquetFiles.length < MAX_DATA_FILES) return { select: delta, extend: stored.datasetId };
  return { select: fold(`(SELECT * FROM ${s.previous[name]} UNION ALL SELECT * FROM (${delta}) d)`, SHAPES[name]) };
}

/**
 * The delta stored after the previous rollup's files when its partitions are of days (months) after the previous
 * version's, so that no previous row shares its keys (and while the rollup has room for one more file); else merged.
 */
function mergeOrAppend(s: Step, name: RollupName & keyof typeof SHAPES, period: 'day' | 'month', delta: string): Plan {
  const stored = s.stored[name];
  if (s.later[period] && stored.parquetFiles.length < MAX_DATA_FILES) return { select: delta, extend: stored.datasetId };
  return { select: merge(s.previous[name], delta, SHAPES[name]) };
}

/** Adds the appended visits' own rollup: sums of visits, or distinct visitors of a day. */
const additive = (name: 'daily' | 'monthly' | 'monthlyCells' | 'monthlyDayparts' | 'monthlyDwell' | 'dayVisitors', period: 'day' | 'month') => (s: Step) =>
  mergeOrAppend(s, name, period, ROLLUPS[name](partOnly(s)));

/**
 * crossVisitors keeps its columns while the same chains are ranked (chainRanks keeps their slots): the appended
 * visits' devices' previous rows stored again with `devices` negated, and their new rows, after the previous rows
 * (both computed from the devices' chainVisitors rows, without reading the previous crossVisitors). When a chain
 * enters or leaves the ranked ones, it is recomputed whole (from chainVisitors, without reading visits).
 */
async function crossVisitors(s: Step): Promise<string | Plan> {
  const slots = async (relation: string) =>
    new Map((await s.rows(`SELECT chain_id, slot FROM ${relation} WHERE slot IS NOT NULL`)).map((row) => [String(row.chain_id), Number(row.slot)]));
  const [before, after] = await Promise.all([slots(s.previous.chainRanks), slots(s.next.chainRanks)]);
  if (before.size !== after.size || [...after].some(([chain, slot]) => before.get(chain) !== slot)) return ROLLUPS.crossVisitors(s.next);
  // The devices' rows before, as the previous crossVisitors has them folded (the same slots), from their chainVisitors rows.
  const cross = (chainVisitors: string) => ROLLUPS.crossVisitors({ ...s.next, chainVisitors });
  return extendOrFold(s, 'crossVisitors', withTouched(s, 'chainVisitors', `
SELECT ${SHAPES.crossVisitors.keys.join(', ')}, -devices AS devices FROM (${cross(BEFORE)}) p
UNION ALL SELECT * FROM (${cross(touchedAfter(s, 'chainVisitors'))}) c`));
}

type Recounted = 'visitorMasks' | 'journeyMasks' | 'dayDevices';

/** The CTE of a source's rows of the appended visits' devices before the append (withTouched). */
const BEFORE = 'touched_rows';

/**
 * SQL `body` with BEFORE: the previous version's rows of `source` for the appended visits' devices, read once; with
 * `byCategory`, only those in a category where the source's delta has rows of the device (its counts at a chain or a
 * category, in a DMA or the country, change only there; its other rows would count alike before and after).
 */
function withTouched(s: Step, source: CountSource, body: string, byCategory = false): string {
  const added = s.deltas[source];
  let rows = source === 'chainVisitors' ? `(SELECT * FROM ${s.touched})` : ofDevices(s.previous[source], s.part, source);
  if (byCategory && added) {
    rows = `(SELECT x.* FROM ${rows} x SEMI JOIN (SELECT DISTINCT device_id, category_id FROM ${added}) t ON t.device_id = x.device_id AND t.category_id IS NOT DISTINCT FROM x.category_id)`;
  }
  return `WITH ${BEFORE} AS MATERIALIZED ${rows}\n${body}`;
}

/** The same rows after the append: those before and the source's delta file's, or read from the new version when it has none. */
function touchedAfter(s: Step, source: CountSource): string {
  const added = s.deltas[source];
  return ofDevices(added ? `(SELECT * FROM ${BEFORE} UNION ALL SELECT * FROM ${added})` : s.next[source], s.part, source);
}

/** What a per-device count changes: the appended visits' devices counted from the new rows, less from the previous ones. */
function countChange(s: Step, name: Recounted, source: CountSource): string {
  const change = difference(ROLLUPS[name]({ ...s.previous, [source]: BEFORE }), ROLLUPS[name]({ ...s.next, [source]: touchedAfter(s, source) }), SHAPES[name]);
  return withTouched(s, source, change, source !== 'dayVisitors');
}

/** A rollup counting per device: its change stored after the previous rows. */
const recounted = (name: Recounted, source: CountSource) => (s: Step) => extendOrFold(s, name, countChange(s, name, source));

/** The appended visits' own chainVisitors rows (their devices' months there). */
const partChainVisitors = (s: Step) => ROLLUPS.chainVisitors(partOnly(s), s.firstMonthIndex);

/**
 * chainRanks from the previous ranks' visitor rows and the keys (chain, DMA, device, block) the appended visits bring
 * that the previous chainVisitors did not have; chains new to the panel count from the panel's first month. While the
 * same chains are ranked, they keep their slots (crossVisitors' columns); else the slots are the ranks, as built whole.
 */
const chainRanks = (s: Step) => `
WITH part AS (SELECT DISTINCT chain_id, dma_id, device_id, block FROM (${partChainVisitors(s)}) c),
known AS (SELECT chain_id, dma_id, device_id, block FROM ${s.touched}),
added AS (
  SELECT p.chain_id, COUNT(*) AS n FROM part p
  ANTI JOIN known k ON k.chain_id IS NOT DISTINCT FROM p.chain_id AND k.dma_id = p.dma_id AND k.device_id = p.device_id AND k.block = p.block
  GROUP BY p.chain_id
),
counts AS (
  SELECT COALESCE(r.chain_id, a.chain_id) AS chain_id, COALESCE(r.visitors, 0) + COALESCE(a.n, 0) AS visitors,
         COALESCE(r.first_month_index, ${Math.trunc(s.firstMonthIndex)}) AS first_month_index
  FROM ${s.previous.chainRanks} r FULL JOIN added a ON a.chain_id IS NOT DISTINCT FROM r.chain_id
),
ranked AS (
  SELECT chain_id, CAST(ROW_NUMBER() OVER (ORDER BY visitors DESC, chain_id) - 1 AS INTEGER) AS rank, first_month_index, CAST(visitors AS BIGINT) AS visitors
  FROM counts
),
kept AS (
  SELECT COUNT(*) = COUNT(p.slot) AND COUNT(*) = (SELECT COUNT(slot) FROM ${s.previous.chainRanks}) AS same
  FROM ranked n LEFT JOIN ${s.previous.chainRanks} p ON p.chain_id IS NOT DISTINCT FROM n.chain_id WHERE n.rank < ${RANKED_CHAINS}
)
SELECT n.chain_id, n.rank, n.first_month_index, n.visitors, CASE WHEN n.rank < ${RANKED_CHAINS} THEN CASE WHEN kept.same THEN p.slot ELSE n.rank END END AS slot
FROM ranked n LEFT JOIN ${s.previous.chainRanks} p ON p.chain_id IS NOT DISTINCT FROM n.chain_id CROSS JOIN kept ORDER BY n.rank`;

/** Each rollup's SELECT for the new version, from the previous version's rollups and the appended visits. */
const APPEND_SELECTS: Record<RollupName, (s: Step) => string | Plan | Promise<string | Plan>> = {
  daily: additive('daily', 'day'),
  monthly: additive('monthly', 'month'),
  monthlyCells: additive('monthlyCells', 'month'),
  monthlyDayparts: additive('monthlyDayparts', 'month'),
  monthlyDwell: additive('monthlyDwell', 'month'),
  /** A visit only adds months: the appended visits' rows after the previous ones, ORed by their readers. */
  chainVisitors: (s) => extendOrFold(s, 'chainVisitors', partChainVisitors(s)),
  chainRanks,
  crossVisitors,
  /**
   * Neighbours change on the touched device-days only: their previous contribution out, the completed days' in (on
   * days after the previous version's, only the appended visits' own).
   */
  journeys: (s) =>
    mergeOrAppend(
      s, 'journeys', 'month',
      s.later.day ? ROLLUPS.journeys(partOnly(s)) : difference(ROLLUPS.journeys({ ...s.previous, visits: sameDayVisits(s) }), ROLLUPS.journeys({ ...s.previous, visits: touchedDays(s) }), SHAPES.journeys),
    ),
  dayVisitors: additive('dayVisitors', 'day'),
  /** Having a neighbour only ever becomes true as visits are added: the touched days' flags ORed into the masks. */
  journeyVisitors: (s) => extendOrFold(s, 'journeyVisitors', ROLLUPS.journeyVisitors({ ...s.previous, visits: touchedDays(s) }, s.firstMonthIndex)),
  visitorMasks: recounted('visitorMasks', 'chainVisitors'),
  /** Linear in the masks' device counts: the masks' change (± devices per mask, visitorMasks' delta file) by month. */
  visitorFirsts: (s) =>
    extendOrFold(s, 'visitorFirsts', ROLLUPS.visitorFirsts({ ...s.next, visitorMasks: s.deltas.visitorMasks ?? `(${countChange(s, 'visitorMasks', 'chainVisitors')})` })),
  journeyMasks: recounted('journeyMasks', 'journeyVisitors'),
  dayDevices: recounted('dayDevices', 'dayVisitors'),
};

/**
 * Builds every rollup of the new version into the data entries `target` names, in build order, and answers the new
 * version's relations (visits: the previous and the appended ones). `onRollup` hears each rollup start and end.
 * Visits before the panel's first month move every months mask: then each rollup is rebuilt whole.
 */
export async function appendRollups(
  engine: Engine, input: AppendInput, target: (name: RollupName) => string, onRollup?: (name: RollupName, rowCount: number | null) => void,
): Promise<PanelRelations> {
  // The previous version's last day and month are its daily rollup's (every visit counts there).
  const [first] = await engine.queryRows(
    `SELECT (SELECT MIN(first_month_index) FROM ${input.previous.chainRanks}) AS panel, (SELECT MIN(${monthIndex('started_at')}) FROM ${input.part}) AS part,
            (SELECT MIN(CAST(started_at AS DATE)) FROM ${input.part}) > (SELECT MAX(day) FROM ${input.previous.daily}) AS later_day,
            (SELECT MIN(${monthIndex('started_at')}) FROM ${input.part}) > (SELECT MAX(${monthIndex('day')}) FROM ${input.previous.daily}) AS later_month`,
    [],
  );
  const firstMonthIndex = Number(first!.panel);
  const whole = first!.panel === null || Number(first!.part) < firstMonthIndex;
  const next: PanelRelations = { ...input.previous, visits: appendedVisits(input.previous.visits, input.part) };
  const later = { day: first!.later_day === true, month: first!.later_month === true };
  // Read once from the whole chainVisitors (a scan: its rows are sorted by chain, not by device).
  const touched = whole ? null : await engine.materialize(input.scratch, ofDevices(input.previous.chainVisitors, input.part, 'chainVisitors'));
  const step: Step = { ...input, firstMonthIndex, later, next, deltas: {}, touched: touched?.relation ?? '', rows: (sql) => engine.queryRows(sql, []) };
  try {
    for (const name of ROLLUP_NAMES) {
      onRollup?.(name, null);
      const planned = whole ? ROLLUPS[name](next) : await APPEND_SELECTS[name](step);
      const plan = typeof planned === 'string' ? { select: planned } : planned;
      const built = await engine.materialize(target(name), plan.select, { ...ROLLUP_STORAGE[name], extend: plan.extend });
      next[name] = built.relation;
      if (plan.extend) step.deltas[name] = parquetRelation([built.parquetFiles.at(-1)!]);
      onRollup?.(name, built.rowCount);
    }
  } finally {
    if (touched) await engine.deleteData(input.scratch);
  }
  return next;
}

/** Row groups of the visits when rewritten whole: those of an uploaded file (DuckDB's default). */
const VISITS_ROW_GROUP = 122_880;

/**
 * The new visits version: the appended visits as a file after the previous version's (linked), or, once the
 * version has as many files as it may (or columns besides the visits'), the previous rows and the appended ones
 * rewritten as one file. `commit` runs in the transaction that makes it current.
 */
export function appendVisitsData(engine: Engine, visitsId: string, previous: DatasetData, part: string, commit?: CommitData): Promise<DatasetData> {
  const extend = previous.parquetFiles.length < MAX_DATA_FILES && previous.columns.map((column) => column.name).join() === VISIT_COLUMNS.join();
  const select = extend ? `SELECT ${VISITS} FROM ${part}` : `SELECT * FROM ${appendedVisits(previous.relation, part)}`;
  return engine.materialize(visitsId, select, { extend: extend ? visitsId : undefined, commit, rowGroupRows: VISITS_ROW_GROUP });
}
