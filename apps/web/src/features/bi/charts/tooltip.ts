// What ECharts hands a tooltip formatter, as far as the charts read it: one item, or one per series on an axis.

export interface TipItem {
  seriesIndex: number;
  dataIndex: number;
  color: string;
}

/** The tooltip's items, whether ECharts passes one (item trigger) or a list (axis trigger). */
export function tipItems(params: unknown): TipItem[] {
  const list = Array.isArray(params) ? params : [params];
  return list
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      seriesIndex: typeof item.seriesIndex === 'number' ? item.seriesIndex : 0,
      dataIndex: typeof item.dataIndex === 'number' ? item.dataIndex : 0,
      color: typeof item.color === 'string' ? item.color : '#2563eb',
    }));
}
