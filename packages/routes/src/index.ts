export {
  ROUTE_PATTERNS,
  CONVERTED_FROM_KEPLER,
  REPORT_TEMPLATE_ID,
  paths,
  type RouteName,
  type QueryParams,
  type QueryValue,
} from './paths.js';
export { matchRoute, type RouteMatch } from './match.js';
export { createStudioLinks, type StudioLinks } from './links.js';
