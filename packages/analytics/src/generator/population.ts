// The census side: adults per market and demographic cell. Independent of the seed, so every
// panel of the same markets weights to the same population.
import { AGE_ORDER, GENDERS, INCOME_ORDER } from '@atlas/domain';
import { AGE_SHARE, FEMALE_SHARE, INCOME_BY_AGE, type Dma } from './reference/index.js';

export const AGES = AGE_ORDER.length;
export const SEXES = GENDERS.length;
export const INCOMES = INCOME_ORDER.length;
/** Cells per market: age × gender × income. */
export const CELLS = AGES * SEXES * INCOMES;

export const cellOf = (age: number, gender: number, income: number): number => (age * SEXES + gender) * INCOMES + income;
export const ageOfCell = (cell: number): number => Math.floor(cell / (SEXES * INCOMES));
export const genderOfCell = (cell: number): number => Math.floor(cell / INCOMES) % SEXES;
export const incomeOfCell = (cell: number): number => cell % INCOMES;

const normalize = (values: number[]): number[] => {
  const total = values.reduce((s, v) => s + v, 0);
  return values.map((v) => v / total);
};

/** Adults of one market by cell (integers), shaped by the market's age tilt and affluence. */
export const marketPopulation = (dma: Dma): number[] => {
  const ageShares = normalize(AGE_SHARE.map((s, a) => s * Math.exp((dma.ageTilt * (a - 2.5)) / 2.5)));
  const cells = new Array<number>(CELLS).fill(0);
  for (let a = 0; a < AGES; a++) {
    const incomes = normalize(INCOME_BY_AGE[a]!.map((s, i) => s * dma.affluence ** ((i - 1.5) * 0.8)));
    for (let g = 0; g < SEXES; g++) {
      const sex = g === 0 ? FEMALE_SHARE[a]! : 1 - FEMALE_SHARE[a]!;
      for (let i = 0; i < INCOMES; i++) cells[cellOf(a, g, i)] = Math.round(dma.adults * ageShares[a]! * sex * incomes[i]!);
    }
  }
  return cells;
};

/** Population of every market × cell, market-major. */
export const buildPopulation = (dmas: readonly Dma[]): Float64Array => {
  const out = new Float64Array(dmas.length * CELLS);
  dmas.forEach((dma, d) => marketPopulation(dma).forEach((p, c) => (out[d * CELLS + c] = p)));
  return out;
};
