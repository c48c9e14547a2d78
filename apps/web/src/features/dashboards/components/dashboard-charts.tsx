/**
 * The dashboard's charts, in a file of their own so that the charting library (recharts under
 * Mantine's charts) loads after the page's first screen (#53).
 */
import '@mantine/charts/styles.layer.css';
import { BarChart, DonutChart } from '@mantine/charts';

export function HypothesisDonut(props: {
  size: number;
  data: { name: string; value: number; color: string }[];
}) {
  return (
    <DonutChart
      size={props.size}
      thickness={22}
      withLabelsLine={false}
      withLabels
      data={props.data}
    />
  );
}

/** Counts as bars, whole numbers on the axis. */
export function CountBars(props: {
  height: number;
  dataKey: string;
  data: Record<string, string | number>[];
  series: { name: string; color: string };
}) {
  return (
    <BarChart
      h={props.height}
      dataKey={props.dataKey}
      data={props.data}
      series={[props.series]}
      yAxisProps={{ allowDecimals: false }}
    />
  );
}
