// Test helper (not imported by the app): a ready managed dataset answer, changed by `extra`.
import type { Dataset } from '@atlas/domain';

export function datasetAnswer(extra: Partial<Dataset> = {}): Dataset {
  return {
    id: 'd1',
    name: 'stores',
    description: '',
    type: 'managed',
    metadata: {},
    status: 'ready',
    errorMessage: null,
    dataConnection: null,
    tags: [],
    ownerId: 'u',
    owner: { id: 'u', name: 'U' },
    organizationId: 'o',
    visibility: 'private',
    actions: ['read', 'write', 'delete', 'copy', 'share', 'download'],
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...extra,
  };
}
