// Fictional chains (invented names, no real brand). Each chain has its own trend, footprint and
// tilts on top of its category's behaviour; affinities make some pairs co-visited more often.
import type { Region } from './dmas.js';

export interface Chain {
  readonly id: string;
  readonly name: string;
  readonly categoryId: string;
  /** Relative popularity within the category. */
  readonly popularity: number;
  /** Visits grow by this fraction per year (e.g. 0.25 = +25 %/year, -0.18 = −18 %/year). */
  readonly trend: number;
  /** Share of markets the chain is present in (before the region bias). */
  readonly coverage: number;
  /** Presence multipliers by region (default 1). */
  readonly regions?: Partial<Record<Region, number>>;
  /** Places per million adults in a market where it is present (at least one). */
  readonly density: number;
  /** Multiplies the category's median dwell. */
  readonly dwellFactor?: number;
  /** Audience tilts: > 0 younger / richer audience than the category, < 0 older / poorer. */
  readonly youthTilt?: number;
  readonly incomeTilt?: number;
}

const west = { West: 2.2, South: 0.7, Midwest: 0.6, Northeast: 0.8 };
const south = { South: 2.0, West: 0.8, Midwest: 0.7, Northeast: 0.4 };
const midwest = { Midwest: 2.2, South: 0.9, Northeast: 0.8, West: 0.5 };
const northeast = { Northeast: 2.4, Midwest: 0.9, South: 0.6, West: 0.4 };
const coasts = { Northeast: 1.8, West: 1.8, South: 0.6, Midwest: 0.5 };
const heartland = { Midwest: 1.8, South: 1.6, Northeast: 0.6, West: 0.6 };

export const CHAINS: readonly Chain[] = [
  // Coffee Shops
  { id: 'copperkettle-coffee', name: 'Copperkettle Coffee', categoryId: 'coffee-shops', popularity: 1.0, trend: 0.25, coverage: 0.75, density: 0.5, youthTilt: 0.3, incomeTilt: 0.2 },
  { id: 'marigold-roasters', name: 'Marigold Roasters', categoryId: 'coffee-shops', popularity: 0.7, trend: 0.03, coverage: 0.45, regions: west, density: 0.35, dwellFactor: 1.3, incomeTilt: 0.5 },
  { id: 'drift-and-bean', name: 'Drift & Bean', categoryId: 'coffee-shops', popularity: 0.8, trend: -0.12, coverage: 0.6, regions: heartland, density: 0.4, youthTilt: -0.2 },
  { id: 'northbound-espresso', name: 'Northbound Espresso', categoryId: 'coffee-shops', popularity: 0.5, trend: 0.08, coverage: 0.35, regions: northeast, density: 0.3, dwellFactor: 0.8 },
  // Grocery Stores
  { id: 'greenbasket-market', name: 'Greenbasket Market', categoryId: 'grocery-stores', popularity: 0.8, trend: 0.06, coverage: 0.5, regions: coasts, density: 0.3, dwellFactor: 0.9, incomeTilt: 0.6 },
  { id: 'pantry-lane', name: 'Pantry Lane', categoryId: 'grocery-stores', popularity: 1.0, trend: 0.12, coverage: 0.7, density: 0.4, incomeTilt: -0.6 },
  { id: 'meadowfield-foods', name: 'Meadowfield Foods', categoryId: 'grocery-stores', popularity: 1.2, trend: -0.02, coverage: 0.8, regions: heartland, density: 0.5, youthTilt: -0.15 },
  { id: 'harborview-grocers', name: 'Harborview Grocers', categoryId: 'grocery-stores', popularity: 0.8, trend: -0.06, coverage: 0.4, regions: northeast, density: 0.4 },
  { id: 'sun-mesa-supermarkets', name: 'Sun Mesa Supermarkets', categoryId: 'grocery-stores', popularity: 0.9, trend: 0.04, coverage: 0.35, regions: { West: 2.0, South: 1.4, Midwest: 0.4, Northeast: 0.3 }, density: 0.45 },
  // Gyms and Fitness
  { id: 'ironpulse-fitness', name: 'IronPulse Fitness', categoryId: 'gyms-and-fitness', popularity: 1.0, trend: 0.15, coverage: 0.7, density: 0.35, youthTilt: 0.3 },
  { id: 'summit-stride-athletic-club', name: 'Summit Stride Athletic Club', categoryId: 'gyms-and-fitness', popularity: 0.6, trend: 0.02, coverage: 0.4, regions: coasts, density: 0.25, dwellFactor: 1.2, incomeTilt: 0.6, youthTilt: -0.2 },
  { id: 'kinetic-loft', name: 'Kinetic Loft', categoryId: 'gyms-and-fitness', popularity: 0.6, trend: 0.1, coverage: 0.35, regions: west, density: 0.25, dwellFactor: 0.85, youthTilt: 0.5, incomeTilt: 0.3 },
  { id: 'flexfoundry-24-7', name: 'FlexFoundry 24/7', categoryId: 'gyms-and-fitness', popularity: 0.9, trend: -0.1, coverage: 0.6, regions: heartland, density: 0.3, incomeTilt: -0.4 },
  // Fast Food
  { id: 'bun-voyage-burgers', name: 'Bun Voyage Burgers', categoryId: 'fast-food', popularity: 1.2, trend: 0.02, coverage: 0.85, density: 0.5 },
  { id: 'crispy-comet-chicken', name: 'Crispy Comet Chicken', categoryId: 'fast-food', popularity: 0.9, trend: 0.18, coverage: 0.6, regions: south, density: 0.4, youthTilt: 0.2 },
  { id: 'taco-tumble', name: 'Taco Tumble', categoryId: 'fast-food', popularity: 0.8, trend: 0.05, coverage: 0.55, regions: { West: 1.8, South: 1.5, Midwest: 0.6, Northeast: 0.5 }, density: 0.4, youthTilt: 0.3 },
  { id: 'patty-planet', name: 'Patty Planet', categoryId: 'fast-food', popularity: 0.7, trend: -0.15, coverage: 0.6, regions: midwest, density: 0.35, youthTilt: -0.3 },
  { id: 'noodle-nomad-express', name: 'Noodle Nomad Express', categoryId: 'fast-food', popularity: 0.4, trend: 0.1, coverage: 0.3, regions: coasts, density: 0.25, incomeTilt: 0.3 },
  // Department Stores
  { id: 'halloway-and-finch', name: 'Halloway & Finch', categoryId: 'department-stores', popularity: 0.5, trend: -0.05, coverage: 0.35, regions: coasts, density: 0.15, dwellFactor: 1.2, incomeTilt: 0.8 },
  { id: 'brightwell-department-store', name: 'Brightwell Department Store', categoryId: 'department-stores', popularity: 1.0, trend: -0.18, coverage: 0.7, density: 0.25, youthTilt: -0.3 },
  { id: 'castellan-and-co', name: 'Castellan & Co.', categoryId: 'department-stores', popularity: 0.7, trend: -0.08, coverage: 0.5, regions: heartland, density: 0.2 },
  { id: 'thriftmore-outlet', name: 'ThriftMore Outlet', categoryId: 'department-stores', popularity: 0.8, trend: 0.1, coverage: 0.55, density: 0.25, dwellFactor: 0.85, incomeTilt: -0.5, youthTilt: 0.2 },
  // Pharmacies
  { id: 'carecorner-pharmacy', name: 'CareCorner Pharmacy', categoryId: 'pharmacies', popularity: 1.1, trend: -0.04, coverage: 0.85, density: 0.5 },
  { id: 'wellbrook-drug', name: 'Wellbrook Drug', categoryId: 'pharmacies', popularity: 0.9, trend: 0.02, coverage: 0.6, regions: { Northeast: 1.8, Midwest: 1.6, South: 0.7, West: 0.5 }, density: 0.45 },
  { id: 'apothecary-row', name: 'Apothecary Row', categoryId: 'pharmacies', popularity: 0.4, trend: 0.12, coverage: 0.3, regions: coasts, density: 0.2, incomeTilt: 0.4, youthTilt: 0.2 },
  { id: 'medinest-pharmacy', name: 'MediNest Pharmacy', categoryId: 'pharmacies', popularity: 0.7, trend: -0.1, coverage: 0.5, regions: south, density: 0.35 },
  // Home Improvement
  { id: 'toolhaven', name: 'Toolhaven', categoryId: 'home-improvement', popularity: 1.0, trend: 0.03, coverage: 0.75, density: 0.2 },
  { id: 'hammer-and-hearth-home-center', name: 'Hammer & Hearth Home Center', categoryId: 'home-improvement', popularity: 0.9, trend: -0.03, coverage: 0.7, density: 0.2, youthTilt: -0.2 },
  { id: 'yardwise-garden-and-home', name: 'Yardwise Garden & Home', categoryId: 'home-improvement', popularity: 0.5, trend: 0.08, coverage: 0.4, regions: { South: 1.8, West: 1.6, Midwest: 0.7, Northeast: 0.5 }, density: 0.15, incomeTilt: 0.3 },
  // Gas Stations
  { id: 'roadstar-fuel', name: 'Roadstar Fuel', categoryId: 'gas-stations', popularity: 1.0, trend: 0.0, coverage: 0.8, density: 0.5 },
  { id: 'crossway-fuel-and-go', name: 'Crossway Fuel & Go', categoryId: 'gas-stations', popularity: 0.9, trend: 0.07, coverage: 0.65, regions: heartland, density: 0.45 },
  { id: 'bluepeak-gas', name: 'Bluepeak Gas', categoryId: 'gas-stations', popularity: 0.7, trend: -0.05, coverage: 0.55, regions: west, density: 0.4 },
  { id: 'trailhead-stop', name: 'Trailhead Stop', categoryId: 'gas-stations', popularity: 0.6, trend: 0.04, coverage: 0.45, density: 0.3, dwellFactor: 1.8 },
  // Casual Dining
  { id: 'fernwood-grill', name: 'Fernwood Grill', categoryId: 'casual-dining', popularity: 1.0, trend: 0.05, coverage: 0.6, density: 0.3 },
  { id: 'the-saucy-skillet', name: 'The Saucy Skillet', categoryId: 'casual-dining', popularity: 0.8, trend: -0.1, coverage: 0.55, regions: heartland, density: 0.3, youthTilt: -0.2 },
  { id: 'harborline-kitchen', name: 'Harborline Kitchen', categoryId: 'casual-dining', popularity: 0.6, trend: 0.1, coverage: 0.35, regions: coasts, density: 0.25, incomeTilt: 0.4 },
  { id: 'maple-and-rye-tavern', name: 'Maple & Rye Tavern', categoryId: 'casual-dining', popularity: 0.6, trend: 0.0, coverage: 0.45, regions: northeast, density: 0.25, dwellFactor: 1.15 },
  // Cinemas
  { id: 'reelhouse-cinemas', name: 'Reelhouse Cinemas', categoryId: 'cinemas', popularity: 1.0, trend: 0.04, coverage: 0.6, density: 0.12 },
  { id: 'marquee-nine', name: 'Marquee Nine', categoryId: 'cinemas', popularity: 0.8, trend: -0.08, coverage: 0.5, regions: heartland, density: 0.12, youthTilt: -0.2 },
  { id: 'lumen-screens', name: 'Lumen Screens', categoryId: 'cinemas', popularity: 0.5, trend: 0.12, coverage: 0.3, regions: coasts, density: 0.08, dwellFactor: 1.1, incomeTilt: 0.4 },
];

/** Chain pairs whose audiences overlap more than chance (the multiplier on the partner's repertoire weight). */
export const AFFINITIES: readonly (readonly [string, string, number])[] = [
  ['copperkettle-coffee', 'ironpulse-fitness', 3],
  ['marigold-roasters', 'greenbasket-market', 3],
  ['marigold-roasters', 'kinetic-loft', 2.5],
  ['pantry-lane', 'meadowfield-foods', 2.5],
  ['pantry-lane', 'thriftmore-outlet', 2.5],
  ['pantry-lane', 'flexfoundry-24-7', 2],
  ['toolhaven', 'roadstar-fuel', 2],
  ['hammer-and-hearth-home-center', 'yardwise-garden-and-home', 2.5],
  ['reelhouse-cinemas', 'fernwood-grill', 3],
  ['lumen-screens', 'harborline-kitchen', 3],
  ['halloway-and-finch', 'harborline-kitchen', 2.5],
  ['brightwell-department-store', 'the-saucy-skillet', 2],
  ['carecorner-pharmacy', 'meadowfield-foods', 2],
  ['crispy-comet-chicken', 'crossway-fuel-and-go', 2.5],
  ['bun-voyage-burgers', 'roadstar-fuel', 2],
  ['patty-planet', 'marquee-nine', 2],
  ['drift-and-bean', 'crossway-fuel-and-go', 2],
];
