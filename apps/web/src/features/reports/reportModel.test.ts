import { describe, expect, it } from 'vitest';
import {
  CELL_MAX,
  PREVIEW_ROWS,
  buildSnapshot,
  datasetSnapshot,
  draftProblem,
  inviteProblem,
  isEmail,
  parseEmails,
  readSnapshot,
  snapshotCell,
  statusLabel,
} from './reportModel';

const visits = { id: '11111111-1111-4111-8111-111111111111', name: 'Visits' };
const stores = { id: '22222222-2222-4222-8222-222222222222', name: 'Stores' };
const draft = { datasets: [visits], name: 'Q3', description: '', password: '' };

describe('draftProblem', () => {
  it('refuses what the server refuses in CreateReportRequest', () => {
    expect(draftProblem(draft)).toBeNull();
    expect(draftProblem({ ...draft, datasets: [] })).toBe('Pick at least one dataset.');
    expect(draftProblem({ ...draft, datasets: Array.from({ length: 51 }, () => visits) })).toBe('A report shows at most 50 datasets.');
    expect(draftProblem({ ...draft, name: '   ' })).toBe('Give the report a name.');
    expect(draftProblem({ ...draft, name: 'x'.repeat(201) })).toBe('A name has at most 200 characters.');
    expect(draftProblem({ ...draft, description: 'x'.repeat(2001) })).toBe('A description has at most 2000 characters.');
    expect(draftProblem({ ...draft, password: 'abc' })).toBe('A password has at least 4 characters.');
    expect(draftProblem({ ...draft, password: 'x'.repeat(201) })).toBe('A password has at most 200 characters.');
    expect(draftProblem({ ...draft, password: 'abcd' })).toBeNull();
  });
});

describe('invitation e-mails', () => {
  it('checks addresses as the server does (ajv-formats email)', () => {
    expect(isEmail('ann@example.com')).toBe(true);
    expect(isEmail('Ann.B+reports@sub.example.org')).toBe(true);
    for (const bad of ['not an email', 'ann@', '@example.com', 'ann@example', 'ann@@example.com', 'ann@-example.com', `${'a'.repeat(310)}@example.com`]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });

  it('splits on commas, semicolons, spaces and lines, lower-cases and drops repeats, and lists what is not an address', () => {
    expect(parseEmails('Ann@Example.com, ann@example.com;bo@other.org\n  nope  cy@example.com')).toEqual({
      emails: ['ann@example.com', 'bo@other.org', 'cy@example.com'],
      invalid: ['nope'],
    });
    expect(parseEmails('  ')).toEqual({ emails: [], invalid: [] });
  });

  it('says what the server would refuse in ReportInviteRequest', () => {
    expect(inviteProblem(parseEmails('a@b.co'), '')).toBeNull();
    expect(inviteProblem(parseEmails(''), '')).toBe('Enter at least one e-mail address.');
    expect(inviteProblem(parseEmails('a@b.co x y'), '')).toBe('Not an e-mail address: x, y');
    expect(inviteProblem(parseEmails(Array.from({ length: 101 }, (_, i) => `p${i}@example.com`).join(' ')), '')).toBe('Invite at most 100 addresses at once.');
    expect(inviteProblem(parseEmails('a@b.co'), 'x'.repeat(2001))).toBe('A description has at most 2000 characters.');
  });
});

describe('the snapshot', () => {
  it('keeps JSON cells and cuts long text', () => {
    expect(snapshotCell('short')).toBe('short');
    expect(snapshotCell('x'.repeat(CELL_MAX + 50))).toHaveLength(CELL_MAX);
    expect(snapshotCell(3.5)).toBe(3.5);
    expect(snapshotCell(Number.NaN)).toBe('NaN');
    expect(snapshotCell(undefined)).toBeNull();
    expect(snapshotCell(true)).toBe(true);
    expect(snapshotCell({ a: 1 })).toBe('{"a":1}');
  });

  it('takes the columns and, when chosen, the first rows of each dataset', () => {
    const rows = Array.from({ length: PREVIEW_ROWS + 5 }, (_, i) => ({ id: i, name: `n${i}`, extra: null }));
    const withRows = datasetSnapshot(visits, { columns: ['id', 'name', 'extra'], rows }, true);
    expect(withRows.columns).toEqual(['id', 'name', 'extra']);
    expect(withRows.rows).toHaveLength(PREVIEW_ROWS);
    expect(withRows.rows[1]).toEqual([1, 'n1', null]);
    expect(datasetSnapshot(visits, { columns: ['id'], rows }, false)).toEqual({ ...visits, columns: ['id'], rows: [], note: null });
    expect(datasetSnapshot(stores, null, true)).toMatchObject({ columns: [], rows: [], note: expect.stringContaining('no data') });
  });

  it('reads back what it wrote, names from the server, and shows names alone for any other config', () => {
    const config = { ...buildSnapshot([datasetSnapshot({ ...visits, name: 'Old name' }, { columns: ['a'], rows: [{ a: 1 }] }, true)], true, new Date('2026-01-02T03:04:05Z')) };
    const read = readSnapshot(config, [visits, stores]);
    expect(read.includeRows).toBe(true);
    expect(read.takenAt).toBe('2026-01-02T03:04:05.000Z');
    expect(read.datasets[0]).toEqual({ ...visits, columns: ['a'], rows: [[1]], note: null });
    expect(read.datasets[1]).toMatchObject({ ...stores, columns: [], rows: [], note: expect.any(String) });
    const foreign = readSnapshot({ panels: [{ kind: 'chart' }] }, [visits]);
    expect(foreign).toMatchObject({ includeRows: false, takenAt: null, datasets: [{ ...visits, columns: [], rows: [] }] });
    // Malformed parts are skipped, not trusted.
    expect(readSnapshot({ kind: 'dataset-preview', datasets: [null, { id: visits.id, columns: [1] }] }, [visits]).datasets[0]!.columns).toEqual([]);
  });

  it('labels the state', () => {
    expect(statusLabel({ status: 'published' })).toBe('Published');
    expect(statusLabel({ status: 'pending' })).toBe('Pending');
  });
});
