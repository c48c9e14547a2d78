/**
 * Counts as bars (the dashboard, the portfolio, a cohort's leaderboard): a bar per series in a
 * group per row, whole numbers on the axis, a key when there is more than one series. Each bar
 * says its figure on hover; the chart is an image named by its title and every figure.
 */
import classes from './charts.module.css';
import { colorVar, countTicks } from './ticks.ts';

export interface BarSeries {
  /** The row's field that holds this series' counts. */
  name: string;
  /** What the key and the figures call it; the field's name when not given. */
  label?: string;
  /** A Mantine colour, "blue.6". */
  color: string;
}

/** A row of labels at most this many to a chart: more, and every second (third…) is shown. */
const MOST_LABELS = 7;

export function BarChart(props: {
  /** What the chart shows ("Experiments by phase"): its accessible name starts with it. */
  title: string;
  /** The bars' height, px (the labels and the key come on top of it). */
  h: number;
  /** The row's field that names each group of bars. */
  dataKey: string;
  data: Record<string, string | number>[];
  series: BarSeries[];
}) {
  const { data, series, dataKey } = props;
  const name = (s: BarSeries) => s.label ?? s.name;
  const count = (row: Record<string, string | number>, s: BarSeries) => {
    const value = Number(row[s.name] ?? 0);
    return Number.isFinite(value) ? value : 0;
  };
  const ticks = countTicks(Math.max(0, ...data.flatMap((row) => series.map((s) => count(row, s)))));
  const top = ticks[ticks.length - 1] ?? 1;
  const every = Math.ceil(data.length / MOST_LABELS);
  const described = data
    .map(
      (row) =>
        `${String(row[dataKey])}: ${series.map((s) => `${count(row, s)} ${name(s)}`).join(', ')}`,
    )
    .join('; ');
  return (
    <div
      className={classes.bars}
      role="img"
      aria-label={`${props.title}. ${described || 'No figures.'}`}
      data-testid="bar-chart"
    >
      {series.length > 1 ? (
        <div className={classes.legend}>
          {series.map((s) => (
            <span key={s.name} className={classes.key}>
              <span className={classes.swatch} style={{ background: colorVar(s.color) }} />
              {name(s)}
            </span>
          ))}
        </div>
      ) : null}
      <div className={classes.axis} style={{ height: props.h }}>
        <span className={classes.widest}>{top}</span>
        {ticks.map((t) => (
          <span key={t} className={classes.tick} style={{ bottom: `${(t / top) * 100}%` }}>
            {t}
          </span>
        ))}
      </div>
      <div className={classes.plot} style={{ height: props.h }}>
        {ticks.slice(1).map((t) => (
          <span key={t} className={classes.line} style={{ bottom: `${(t / top) * 100}%` }} />
        ))}
        {data.map((row, i) => (
          <div key={i} className={classes.group}>
            {series.map((s) => (
              <span
                key={s.name}
                className={classes.bar}
                data-value={count(row, s)}
                title={`${String(row[dataKey])}: ${count(row, s)} ${name(s)}`}
                style={{
                  height: `${(count(row, s) / top) * 100}%`,
                  width: `min(28px, ${Math.floor(60 / series.length)}%)`,
                  background: colorVar(s.color),
                }}
              />
            ))}
          </div>
        ))}
      </div>
      <div className={classes.labels} data-sparse={every > 1 || undefined}>
        {data.map((row, i) => (
          <span key={i} className={classes.label} title={String(row[dataKey])}>
            {i % every === 0 ? String(row[dataKey]) : ''}
          </span>
        ))}
      </div>
    </div>
  );
}
