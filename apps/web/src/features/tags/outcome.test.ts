import { describe, expect, it } from 'vitest';
import { bulkOutcome, outcomeSummary } from './outcome';

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'] as const;
const records = [
  { id: ids[0], name: 'Stores' },
  { id: ids[1], name: 'Visits' },
  { id: ids[2], name: 'Zones' },
];

describe('bulkOutcome', () => {
  it('names each refused record with the server’s "message (details)" and lists the changed ones', () => {
    const outcome = bulkOutcome(records, [
      { resourceType: 'map', resourceId: ids[0], ok: true },
      { resourceType: 'map', resourceId: ids[1], ok: false, error: { message: 'Map not found', appStatusCode: 'NOT_FOUND', details: `No map with id ${ids[1]}` } },
      { resourceType: 'map', resourceId: ids[2], ok: false, error: { message: 'You do not have write permission on this map', appStatusCode: 'FORBIDDEN' } },
    ]);
    expect(outcome).toEqual({
      succeeded: [ids[0]],
      failed: [
        { id: ids[1], name: 'Visits', text: `Map not found (No map with id ${ids[1]})`, code: 'NOT_FOUND' },
        { id: ids[2], name: 'Zones', text: 'You do not have write permission on this map', code: 'FORBIDDEN' },
      ],
    });
    expect(outcomeSummary('add', outcome)).toBe('Tagged 1 of 3 records.');
  });

  it('counts a record the answer lacks as failed', () => {
    const outcome = bulkOutcome(records.slice(0, 2), [{ resourceType: 'map', resourceId: ids[0], ok: true }]);
    expect(outcome.failed).toEqual([{ id: ids[1], name: 'Visits', text: 'The server did not answer for this record', code: null }]);
  });

  it('summarizes full successes', () => {
    expect(outcomeSummary('add', { succeeded: [ids[0]], failed: [] })).toBe('Tagged 1 record.');
    expect(outcomeSummary('remove', { succeeded: [...ids], failed: [] })).toBe('Removed the tags from 3 records.');
  });
});
