// Nielsen Designated Market Areas: the largest US markets by TV households (approximate, 2023-24).
// Codes and names are public facts; centroids are the principal city; adults (18+) are approximate
// (about 2.05 adults per TV household). affluence scales the income mix (1 = national), ageTilt the
// age mix (> 0 older, < 0 younger) so that markets differ as they do in reality.

export type Region = 'Northeast' | 'South' | 'Midwest' | 'West';

export interface Dma {
  /** Nielsen DMA code, used as the id. */
  readonly id: string;
  readonly name: string;
  readonly lat: number;
  readonly lng: number;
  /** Approximate resident adults (18+). */
  readonly adults: number;
  readonly region: Region;
  readonly affluence: number;
  readonly ageTilt: number;
}

type Row = [id: string, name: string, lat: number, lng: number, tvHouseholdsK: number, region: Region, affluence?: number, ageTilt?: number];

const ROWS: readonly Row[] = [
  ['501', 'New York', 40.71, -74.01, 7726, 'Northeast', 1.3],
  ['803', 'Los Angeles', 34.05, -118.24, 5685, 'West', 1.15, -0.1],
  ['602', 'Chicago', 41.88, -87.63, 3473, 'Midwest', 1.1],
  ['623', 'Dallas-Ft. Worth', 32.78, -96.8, 3153, 'South', 1.1, -0.15],
  ['504', 'Philadelphia', 39.95, -75.17, 3029, 'Northeast', 1.1],
  ['618', 'Houston', 29.76, -95.37, 2833, 'South', 1.05, -0.15],
  ['524', 'Atlanta', 33.75, -84.39, 2750, 'South', 1.1, -0.1],
  ['511', 'Washington, DC (Hagerstown, MD)', 38.91, -77.04, 2597, 'South', 1.55],
  ['506', 'Boston (Manchester)', 42.36, -71.06, 2549, 'Northeast', 1.45],
  ['807', 'San Francisco-Oakland-San Jose', 37.77, -122.42, 2522, 'West', 1.7],
  ['753', 'Phoenix (Prescott)', 33.45, -112.07, 2152, 'West', 1.0, 0.1],
  ['539', 'Tampa-St. Petersburg (Sarasota)', 27.95, -82.46, 2131, 'South', 0.9, 0.45],
  ['819', 'Seattle-Tacoma', 47.61, -122.33, 2033, 'West', 1.4, -0.1],
  ['505', 'Detroit', 42.33, -83.05, 1876, 'Midwest', 0.95, 0.05],
  ['534', 'Orlando-Daytona Beach-Melbourne', 28.54, -81.38, 1844, 'South', 0.9, 0.2],
  ['613', 'Minneapolis-St. Paul', 44.98, -93.27, 1826, 'Midwest', 1.2],
  ['751', 'Denver', 39.74, -104.99, 1817, 'West', 1.25, -0.15],
  ['528', 'Miami-Ft. Lauderdale', 25.76, -80.19, 1724, 'South', 0.95, 0.15],
  ['510', 'Cleveland-Akron (Canton)', 41.5, -81.69, 1481, 'Midwest', 0.85, 0.2],
  ['862', 'Sacramento-Stockton-Modesto', 38.58, -121.49, 1459, 'West', 1.0],
  ['517', 'Charlotte', 35.23, -80.84, 1329, 'South', 1.0],
  ['560', 'Raleigh-Durham (Fayetteville)', 35.78, -78.64, 1321, 'South', 1.1, -0.15],
  ['820', 'Portland, OR', 45.52, -122.68, 1300, 'West', 1.1],
  ['609', 'St. Louis', 38.63, -90.2, 1250, 'Midwest', 0.95, 0.1],
  ['527', 'Indianapolis', 39.77, -86.16, 1222, 'Midwest', 0.95],
  ['659', 'Nashville', 36.16, -86.78, 1212, 'South', 1.0, -0.1],
  ['508', 'Pittsburgh', 40.44, -80.0, 1166, 'Northeast', 0.9, 0.35],
  ['770', 'Salt Lake City', 40.76, -111.89, 1166, 'West', 1.05, -0.4],
  ['512', 'Baltimore', 39.29, -76.61, 1137, 'South', 1.2],
  ['825', 'San Diego', 32.72, -117.16, 1100, 'West', 1.2, -0.1],
  ['641', 'San Antonio', 29.42, -98.49, 1012, 'South', 0.85, -0.1],
  ['535', 'Columbus, OH', 39.96, -83.0, 1000, 'Midwest', 0.95, -0.15],
  ['616', 'Kansas City', 39.1, -94.58, 992, 'Midwest', 1.0],
  ['635', 'Austin', 30.27, -97.74, 973, 'South', 1.25, -0.35],
  ['533', 'Hartford & New Haven', 41.76, -72.68, 962, 'Northeast', 1.2, 0.2],
  ['567', 'Greenville-Spartanburg-Asheville-Anderson', 34.85, -82.4, 940, 'South', 0.8, 0.25],
  ['515', 'Cincinnati', 39.1, -84.51, 930, 'Midwest', 0.95],
  ['617', 'Milwaukee', 43.04, -87.91, 905, 'Midwest', 0.95, 0.05],
  ['548', 'West Palm Beach-Ft. Pierce', 26.72, -80.05, 890, 'South', 1.15, 0.7],
  ['839', 'Las Vegas', 36.17, -115.14, 830, 'West', 0.9],
  ['561', 'Jacksonville', 30.33, -81.66, 790, 'South', 0.9, 0.1],
  ['566', 'Harrisburg-Lancaster-Lebanon-York', 40.27, -76.88, 770, 'Northeast', 0.95, 0.25],
  ['563', 'Grand Rapids-Kalamazoo-Battle Creek', 42.96, -85.67, 760, 'Midwest', 0.85, 0.05],
  ['544', 'Norfolk-Portsmouth-Newport News', 36.85, -76.29, 757, 'South', 0.95, -0.15],
  ['630', 'Birmingham (Anniston and Tuscaloosa)', 33.52, -86.8, 748, 'South', 0.75, 0.15],
  ['518', 'Greensboro-High Point-Winston Salem', 36.07, -79.79, 742, 'South', 0.8, 0.2],
  ['650', 'Oklahoma City', 35.47, -97.52, 738, 'South', 0.8],
  ['790', 'Albuquerque-Santa Fe', 35.08, -106.65, 712, 'West', 0.8, 0.2],
  ['529', 'Louisville', 38.25, -85.76, 700, 'South', 0.85, 0.1],
  ['640', 'Memphis', 35.15, -90.05, 652, 'South', 0.7],
  ['622', 'New Orleans', 29.95, -90.07, 640, 'South', 0.75, 0.05],
  ['571', 'Ft. Myers-Naples', 26.64, -81.87, 630, 'South', 1.05, 0.9],
  ['521', 'Providence-New Bedford', 41.82, -71.41, 620, 'Northeast', 1.0, 0.2],
  ['514', 'Buffalo', 42.89, -78.88, 610, 'Northeast', 0.8, 0.3],
  ['866', 'Fresno-Visalia', 36.74, -119.79, 605, 'West', 0.7, -0.3],
  ['556', 'Richmond-Petersburg', 37.54, -77.44, 600, 'South', 1.0],
  ['686', 'Mobile-Pensacola (Ft. Walton Beach)', 30.69, -88.04, 580, 'South', 0.75, 0.25],
  ['693', 'Little Rock-Pine Bluff', 34.75, -92.29, 570, 'South', 0.7, 0.1],
  ['577', 'Wilkes Barre-Scranton-Hazleton', 41.41, -75.66, 565, 'Northeast', 0.8, 0.4],
  ['557', 'Knoxville', 35.96, -83.92, 560, 'South', 0.75, 0.3],
  ['671', 'Tulsa', 36.15, -95.99, 550, 'South', 0.8],
  ['532', 'Albany-Schenectady-Troy', 42.65, -73.75, 545, 'Northeast', 1.0, 0.2],
  ['789', 'Tucson (Sierra Vista)', 32.22, -110.97, 480, 'West', 0.8, 0.4],
  ['652', 'Omaha', 41.26, -95.94, 450, 'Midwest', 1.0, -0.05],
  ['744', 'Honolulu', 21.31, -157.86, 450, 'West', 1.15, 0.2],
];

/** The markets, largest first. */
export const DMAS: readonly Dma[] = ROWS.map(([id, name, lat, lng, tvhh, region, affluence = 1, ageTilt = 0]) => ({
  id, name, lat, lng, region, affluence, ageTilt,
  adults: Math.round(tvhh * 2.05) * 1000,
}));

/** Great-circle distance in kilometres (haversine), for "near" and travel choices. */
export const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }): number => {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
};
