// The JS-built model (places, panel, census, lookup tables) as DuckDB tables for the SQL side.
import { BIGINT, DOUBLE, INTEGER, UTINYINT, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { AGE_ORDER, GENDERS, INCOME_ORDER } from '@atlas/domain';
import type { Day } from './calendar.js';
import { loadTable, type Column } from './load.js';
import { categoryOf, dayAliasColumns, dwellParams, minuteAliasColumns } from './lookups.js';
import { REPERTOIRE, type Panel } from './panel.js';
import { PLACE_SLOTS, type Footprint } from './places.js';
import { CELLS, ageOfCell, genderOfCell, incomeOfCell } from './population.js';
import { CHAINS, DMAS } from './reference/index.js';
import { CDF_BITS, REP_AWAY_SHIFT, REP_CHAIN_BITS, REP_HOME_SHIFT } from './device-layout.js';

export interface Model {
  readonly footprint: Footprint;
  readonly panel: Panel;
  /** Adults per market × cell (market-major). */
  readonly population: Float64Array;
  readonly days: readonly Day[];
}

const placesColumns = (footprint: Footprint): Column[] => {
  const { places } = footprint;
  const chain = places.map((p) => CHAINS[p.chain]!);
  const category = chain.map(categoryOf);
  const dma = places.map((p) => DMAS[p.dma]!);
  return [
    { name: 'place_id', type: INTEGER, values: places.map((p) => p.placeId) },
    { name: 'name', type: VARCHAR, values: places.map((p) => p.name) },
    { name: 'chain_id', type: VARCHAR, values: chain.map((c) => c.id) },
    { name: 'chain_name', type: VARCHAR, values: chain.map((c) => c.name) },
    { name: 'category_id', type: VARCHAR, values: category.map((c) => c.id) },
    { name: 'category_name', type: VARCHAR, values: category.map((c) => c.name) },
    { name: 'dma_id', type: VARCHAR, values: dma.map((d) => d.id) },
    { name: 'dma_name', type: VARCHAR, values: dma.map((d) => d.name) },
    { name: 'country', type: VARCHAR, values: places.map(() => 'US') },
    { name: 'lat', type: DOUBLE, values: places.map((p) => p.lat) },
    { name: 'lng', type: DOUBLE, values: places.map((p) => p.lng) },
  ];
};

/** Devices with the repertoire packed into two BIGINTs (rep, cdf; see device-layout). */
const deviceColumns = (panel: Panel): Column[] => {
  const n = panel.devices;
  const rep = new Array<bigint>(n);
  const cdf = new Array<bigint>(n);
  const split = 5; // thresholds below this rank fit a double exactly (5 × 9 bits); the rest are added above
  for (let v = 0; v < n; v++) {
    // Doubles hold the parts exactly (< 2^53, or a small integer times a power of two); one BigInt per part.
    let chains = 0;
    for (let r = REPERTOIRE - 1; r >= 0; r--) chains = chains * 2 ** REP_CHAIN_BITS + panel.chains[v * REPERTOIRE + r]!;
    const markets = (panel.home[v]! + panel.away[v]! * 2 ** (REP_AWAY_SHIFT - REP_HOME_SHIFT)) * 2 ** REP_HOME_SHIFT;
    rep[v] = BigInt(chains) + BigInt(markets);
    let low = 0;
    let high = 0;
    for (let r = REPERTOIRE - 2; r >= 0; r--) {
      const t = panel.thresholds[v * (REPERTOIRE - 1) + r]!;
      if (r >= split) high = high * 2 ** CDF_BITS + t;
      else low = low * 2 ** CDF_BITS + t;
    }
    cdf[v] = BigInt(low) + BigInt(high * 2 ** (split * CDF_BITS));
  }
  return [
    { name: 'idx', type: INTEGER, values: Int32Array.from({ length: n }, (_, v) => v) },
    { name: 'device_id', type: INTEGER, values: panel.deviceId },
    { name: 'home', type: UTINYINT, values: panel.home },
    { name: 'cell', type: UTINYINT, values: panel.cell },
    { name: 'rep', type: BIGINT, values: rep },
    { name: 'cdf', type: BIGINT, values: cdf },
  ];
};

/** Place slots with the dwell parameters of the slot's chain (the visit's own chain). */
const placeSlotColumns = (footprint: Footprint): Column[] => {
  const perChain = DMAS.length * PLACE_SLOTS;
  const dwell = CHAINS.map(dwellParams);
  const n = footprint.slots.length;
  return [
    { name: 'key', type: INTEGER, values: Int32Array.from({ length: n }, (_, i) => i) },
    { name: 'place_id', type: INTEGER, values: footprint.slots },
    { name: 'mu', type: DOUBLE, values: Float64Array.from({ length: n }, (_, i) => dwell[Math.floor(i / perChain)]!.mu) },
    { name: 'sigma', type: DOUBLE, values: Float64Array.from({ length: n }, (_, i) => dwell[Math.floor(i / perChain)]!.sigma) },
  ];
};

/** markets (index → DMA id), cells (index → age, gender, income) and census (adults per market × cell). */
const referenceTables = async (connection: DuckDBConnection, population: Float64Array): Promise<void> => {
  await loadTable(connection, 'markets', [
    { name: 'idx', type: INTEGER, values: DMAS.map((_, i) => i) },
    { name: 'dma_id', type: VARCHAR, values: DMAS.map((d) => d.id) },
  ]);
  await loadTable(connection, 'cells', [
    { name: 'cell', type: INTEGER, values: Array.from({ length: CELLS }, (_, c) => c) },
    { name: 'age', type: VARCHAR, values: Array.from({ length: CELLS }, (_, c) => AGE_ORDER[ageOfCell(c)]!) },
    { name: 'gender', type: VARCHAR, values: Array.from({ length: CELLS }, (_, c) => GENDERS[genderOfCell(c)]!) },
    { name: 'income', type: VARCHAR, values: Array.from({ length: CELLS }, (_, c) => INCOME_ORDER[incomeOfCell(c)]!) },
  ]);
  await loadTable(connection, 'census', [
    { name: 'home', type: INTEGER, values: Int32Array.from({ length: population.length }, (_, i) => Math.floor(i / CELLS)) },
    { name: 'cell', type: INTEGER, values: Int32Array.from({ length: population.length }, (_, i) => i % CELLS) },
    { name: 'population', type: DOUBLE, values: population },
  ]);
};

/** Loads every table the output queries use: markets, cells, census, places_src, devices, place_slots, day_alias, minute_alias. */
export const loadModel = async (connection: DuckDBConnection, model: Model): Promise<void> => {
  await referenceTables(connection, model.population);
  await loadTable(connection, 'places_src', placesColumns(model.footprint));
  await loadTable(connection, 'devices', deviceColumns(model.panel));
  await loadTable(connection, 'place_slots', placeSlotColumns(model.footprint));
  const dayAlias = dayAliasColumns(CHAINS, model.days);
  await loadTable(connection, 'day_alias', [
    { name: 'key', type: INTEGER, values: dayAlias.key },
    { name: 'q', type: DOUBLE, values: dayAlias.q },
    { name: 'alias', type: INTEGER, values: dayAlias.alias },
    { name: 'mu', type: DOUBLE, values: dayAlias.mu },
    { name: 'sigma', type: DOUBLE, values: dayAlias.sigma },
  ]);
  const minuteAlias = minuteAliasColumns(CHAINS);
  await loadTable(connection, 'minute_alias', [
    { name: 'key', type: INTEGER, values: minuteAlias.key },
    { name: 'q', type: DOUBLE, values: minuteAlias.q },
    { name: 'alias', type: INTEGER, values: minuteAlias.alias },
  ]);
};
