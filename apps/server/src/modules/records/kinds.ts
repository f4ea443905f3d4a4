import type { QuotaKey, RecordKind } from '@atlas/domain';

/** Per kind: the quota a new record counts against and the plural used in messages. */
export const KIND_INFO: Record<RecordKind, { quota: QuotaKey; plural: string }> = {
  map: { quota: 'maps', plural: 'maps' },
  insight: { quota: 'insights', plural: 'insights' },
  workbook: { quota: 'workbooks', plural: 'workbooks' },
};
