// Place categories and the behaviour every chain of a category shares. The numbers are plausible
// shapes, not measurements: what matters is that the analytic sets show the differences.

export type Holiday =
  | 'newYear' | 'memorialDay' | 'july3' | 'july4' | 'laborDay'
  | 'thanksgivingEve' | 'thanksgiving' | 'blackFriday' | 'christmasEve' | 'christmas' | 'yearEnd';

/** One Gaussian bump of the start-hour profile: weight, mean hour, standard deviation in hours. */
export type HourPeak = readonly [weight: number, hour: number, sd: number];

export interface Category {
  readonly id: string;
  readonly name: string;
  /** Relative chance that a chain of this category is in a device's repertoire. */
  readonly reach: number;
  /** Relative visit frequency of a chain of this category within a repertoire. */
  readonly frequency: number;
  /** Dwell is lognormal: median minutes and log-sd. */
  readonly dwellMedian: number;
  readonly dwellSigma: number;
  /** Start hour: three peaks (weights sum to 1); on weekends they move by weekendShift hours. */
  readonly hours: readonly [HourPeak, HourPeak, HourPeak];
  readonly weekendShift: number;
  /** Day-of-week multipliers, Monday first. */
  readonly weekday: readonly number[];
  /** Month multipliers, January first (interpolated between mid-months). */
  readonly season: readonly number[];
  /** Multipliers on specific days (default 1). */
  readonly holidays: Partial<Record<Holiday, number>>;
  /** Demographic skew of the repertoire: multipliers by AGE_ORDER, INCOME_ORDER, GENDERS (Female, Male). */
  readonly age: readonly number[];
  readonly income: readonly number[];
  readonly gender: readonly [number, number];
}

const closedOnChristmas = { christmas: 0.25, thanksgiving: 0.5, newYear: 0.65 } as const;

export const CATEGORIES: readonly Category[] = [
  {
    id: 'coffee-shops', name: 'Coffee Shops', reach: 0.55, frequency: 1.0, dwellMedian: 9, dwellSigma: 0.55,
    hours: [[0.62, 8.0, 1.3], [0.28, 13.5, 2.2], [0.1, 17.5, 1.5]], weekendShift: 1.0,
    weekday: [1.08, 1.1, 1.1, 1.1, 1.05, 0.82, 0.75],
    season: [1.02, 1.0, 1.0, 1.0, 1.0, 0.95, 0.92, 0.93, 1.0, 1.03, 1.05, 1.1],
    holidays: { ...closedOnChristmas, christmas: 0.45, blackFriday: 1.1 },
    age: [1.3, 1.35, 1.15, 0.95, 0.8, 0.65], income: [0.65, 0.85, 1.05, 1.35], gender: [1.1, 0.9],
  },
  {
    id: 'grocery-stores', name: 'Grocery Stores', reach: 1.2, frequency: 1.0, dwellMedian: 24, dwellSigma: 0.45,
    hours: [[0.25, 10.5, 1.8], [0.4, 15.0, 2.2], [0.35, 18.0, 1.6]], weekendShift: -1.0,
    weekday: [0.9, 0.85, 0.9, 0.95, 1.1, 1.25, 1.05],
    season: [0.97, 0.93, 0.98, 0.98, 1.0, 1.0, 1.0, 1.0, 0.97, 0.98, 1.05, 1.14],
    holidays: { ...closedOnChristmas, thanksgiving: 0.45, thanksgivingEve: 1.9, christmasEve: 1.5, july3: 1.4, july4: 0.7 },
    age: [0.8, 1.0, 1.1, 1.1, 1.05, 1.0], income: [0.9, 1.0, 1.02, 1.05], gender: [1.15, 0.85],
  },
  {
    id: 'gyms-and-fitness', name: 'Gyms and Fitness', reach: 0.3, frequency: 1.6, dwellMedian: 58, dwellSigma: 0.35,
    hours: [[0.45, 6.5, 1.2], [0.15, 12.0, 1.2], [0.4, 18.2, 1.5]], weekendShift: 2.5,
    weekday: [1.25, 1.2, 1.15, 1.1, 0.9, 0.75, 0.65],
    season: [1.35, 1.2, 1.1, 1.0, 0.95, 0.88, 0.85, 0.87, 0.97, 0.98, 0.92, 0.85],
    holidays: { ...closedOnChristmas, thanksgiving: 0.5, christmasEve: 0.5, july4: 0.6, memorialDay: 0.7, laborDay: 0.7, yearEnd: 0.8 },
    age: [1.9, 1.6, 1.2, 0.85, 0.55, 0.3], income: [0.6, 0.85, 1.1, 1.35], gender: [0.95, 1.05],
  },
  {
    id: 'fast-food', name: 'Fast Food', reach: 0.9, frequency: 0.8, dwellMedian: 13, dwellSigma: 0.5,
    hours: [[0.15, 8.0, 1.2], [0.45, 12.5, 1.2], [0.4, 18.5, 2.2]], weekendShift: 0.5,
    weekday: [0.95, 0.95, 0.97, 1.0, 1.1, 1.05, 0.98],
    season: [0.92, 0.93, 1.0, 1.0, 1.04, 1.06, 1.07, 1.05, 0.99, 0.99, 0.97, 0.98],
    holidays: { ...closedOnChristmas, christmas: 0.45, thanksgiving: 0.6 },
    age: [1.5, 1.3, 1.1, 0.95, 0.8, 0.6], income: [1.3, 1.15, 0.95, 0.75], gender: [0.9, 1.1],
  },
  {
    id: 'department-stores', name: 'Department Stores', reach: 0.4, frequency: 0.25, dwellMedian: 36, dwellSigma: 0.55,
    hours: [[0.1, 11.0, 1.2], [0.55, 14.5, 2.0], [0.35, 18.0, 1.5]], weekendShift: -0.5,
    weekday: [0.8, 0.78, 0.8, 0.85, 1.05, 1.45, 1.27],
    season: [0.8, 0.78, 0.9, 0.92, 0.98, 0.95, 0.93, 1.0, 0.9, 0.92, 1.25, 1.6],
    holidays: { ...closedOnChristmas, blackFriday: 2.8, christmasEve: 1.3, memorialDay: 1.3, laborDay: 1.3, yearEnd: 1.3 },
    age: [0.8, 0.9, 1.0, 1.1, 1.15, 1.05], income: [0.45, 0.75, 1.1, 1.65], gender: [1.3, 0.7],
  },
  {
    id: 'pharmacies', name: 'Pharmacies', reach: 0.7, frequency: 0.4, dwellMedian: 11, dwellSigma: 0.5,
    hours: [[0.35, 10.5, 1.8], [0.4, 14.5, 2.0], [0.25, 18.0, 1.6]], weekendShift: 0.5,
    weekday: [1.1, 1.05, 1.05, 1.05, 1.05, 0.95, 0.75],
    season: [1.12, 1.1, 1.02, 0.98, 0.95, 0.92, 0.92, 0.95, 0.98, 1.02, 1.0, 1.05],
    holidays: { ...closedOnChristmas, christmas: 0.4 },
    age: [0.6, 0.75, 0.9, 1.05, 1.3, 1.7], income: [1.05, 1.0, 1.0, 0.98], gender: [1.2, 0.8],
  },
  {
    id: 'home-improvement', name: 'Home Improvement', reach: 0.45, frequency: 0.3, dwellMedian: 27, dwellSigma: 0.55,
    hours: [[0.45, 9.5, 2.0], [0.4, 14.0, 2.0], [0.15, 18.0, 1.3]], weekendShift: 0,
    weekday: [0.85, 0.82, 0.83, 0.87, 0.95, 1.45, 1.23],
    season: [0.72, 0.78, 1.05, 1.3, 1.35, 1.2, 1.05, 1.0, 0.95, 0.92, 0.85, 0.8],
    holidays: { ...closedOnChristmas, thanksgiving: 0.3, blackFriday: 1.5, memorialDay: 1.5, laborDay: 1.5, july4: 0.8 },
    age: [0.5, 0.9, 1.3, 1.3, 1.15, 0.9], income: [0.6, 0.9, 1.15, 1.3], gender: [0.75, 1.25],
  },
  {
    id: 'gas-stations', name: 'Gas Stations', reach: 1.0, frequency: 0.9, dwellMedian: 6, dwellSigma: 0.55,
    hours: [[0.35, 7.8, 1.5], [0.3, 13.0, 2.5], [0.35, 17.5, 1.8]], weekendShift: 1.5,
    weekday: [0.97, 0.97, 0.98, 1.02, 1.15, 1.0, 0.91],
    season: [0.88, 0.9, 0.98, 1.0, 1.06, 1.1, 1.12, 1.1, 1.0, 0.98, 0.95, 0.95],
    holidays: { christmas: 0.55, thanksgiving: 0.8, thanksgivingEve: 1.3, july3: 1.3, july4: 1.1, memorialDay: 1.15, laborDay: 1.15 },
    age: [1.1, 1.1, 1.05, 1.0, 0.95, 0.8], income: [1.1, 1.05, 1.0, 0.9], gender: [0.9, 1.1],
  },
  {
    id: 'casual-dining', name: 'Casual Dining', reach: 0.6, frequency: 0.35, dwellMedian: 64, dwellSigma: 0.3,
    hours: [[0.05, 10.0, 1.0], [0.35, 12.8, 1.0], [0.6, 19.0, 1.3]], weekendShift: -0.3,
    weekday: [0.75, 0.78, 0.85, 0.95, 1.3, 1.35, 1.02],
    season: [0.9, 0.98, 1.02, 1.0, 1.05, 1.02, 1.02, 1.0, 0.96, 0.98, 0.97, 1.05],
    holidays: { ...closedOnChristmas, thanksgiving: 0.6, christmasEve: 0.8, july4: 0.8 },
    age: [0.9, 1.05, 1.1, 1.05, 1.0, 0.9], income: [0.6, 0.9, 1.1, 1.25], gender: [1.0, 1.0],
  },
  {
    id: 'cinemas', name: 'Cinemas', reach: 0.4, frequency: 0.18, dwellMedian: 138, dwellSigma: 0.18,
    hours: [[0.05, 12.0, 1.5], [0.25, 15.5, 1.5], [0.7, 20.0, 1.6]], weekendShift: -1.0,
    weekday: [0.65, 0.85, 0.7, 0.85, 1.3, 1.5, 1.15],
    season: [0.9, 0.8, 0.85, 0.9, 1.05, 1.25, 1.35, 1.1, 0.8, 0.85, 1.05, 1.3],
    holidays: { christmas: 1.6, thanksgiving: 1.3, blackFriday: 1.3, newYear: 1.2, july4: 1.2, christmasEve: 0.6, yearEnd: 1.4 },
    age: [1.8, 1.4, 1.1, 0.85, 0.7, 0.55], income: [0.8, 1.0, 1.05, 1.1], gender: [1.0, 1.0],
  },
];
