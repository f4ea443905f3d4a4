import type { App, AppDeps } from '../../http/types.js';

// PLACEHOLDER: being written now; registers no route yet.
export function stateRoutes(_app: App, _deps: AppDeps) {}
