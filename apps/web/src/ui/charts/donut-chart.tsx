/**
 * Parts of a whole as a ring (the dashboard's hypothesis results), the total in its middle and a
 * key with each part's count beside it. Each part says its figure on hover; the chart is an image
 * named by its title and every figure.
 */
import classes from './charts.module.css';
import { colorVar } from './ticks.ts';

export interface DonutPart {
  name: string;
  value: number;
  /** A Mantine colour, "green.6". */
  color: string;
}

export function DonutChart(props: {
  title: string;
  /** The ring's outer size, px. */
  size: number;
  /** The ring's width, px. */
  thickness: number;
  data: DonutPart[];
}) {
  const { size, thickness } = props;
  const parts = props.data.filter((d) => d.value > 0);
  const total = parts.reduce((sum, d) => sum + d.value, 0);
  const r = (size - thickness) / 2;
  const around = 2 * Math.PI * r;
  let before = 0;
  return (
    <div
      className={classes.ring}
      role="img"
      aria-label={`${props.title}. ${parts.map((d) => `${d.name}: ${d.value}`).join('; ') || 'No figures.'}`}
      data-testid="donut-chart"
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
          {parts.map((d) => {
            const length = (d.value / total) * around;
            const part = (
              <circle
                key={d.name}
                cx={size / 2}
                cy={size / 2}
                r={r}
                fill="none"
                stroke={colorVar(d.color)}
                strokeWidth={thickness}
                strokeDasharray={`${length} ${around - length}`}
                strokeDashoffset={-before}
                data-value={d.value}
              >
                <title>{`${d.name}: ${d.value}`}</title>
              </circle>
            );
            before += length;
            return part;
          })}
        </g>
        <text
          x={size / 2}
          y={size / 2}
          textAnchor="middle"
          dominantBaseline="central"
          className={classes.total}
        >
          {total}
        </text>
      </svg>
      <div className={classes.legend}>
        {parts.map((d) => (
          <span key={d.name} className={classes.key}>
            <span className={classes.swatch} style={{ background: colorVar(d.color) }} />
            {d.name} {d.value}
          </span>
        ))}
      </div>
    </div>
  );
}
