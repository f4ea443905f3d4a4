// The ECharts runtime the charts use, tree-shaken: only these chart types, components and the canvas renderer are bundled.
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, VisualMapContinuousComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  VisualMapContinuousComponent,
  AriaComponent,
  LabelLayout,
  CanvasRenderer,
]);

export { init };
export type { EChartsType } from 'echarts/core';
