import type { App, AppDeps } from '../../http/types.js';

// PLACEHOLDER: being written now; registers no route yet.
export function uploadRoutes(_app: App, _deps: AppDeps) {}
