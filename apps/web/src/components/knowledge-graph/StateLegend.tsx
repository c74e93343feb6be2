// The legend of the four states (colour swatch, name, what it means).
import { Space, Tooltip, Typography } from 'antd';
import { STATE_ORDER, STATE_STYLES } from './states';
import { GRAPH_VIEW_TEXTS as T } from './texts';

export function StateLegend({ counts }: { counts?: Partial<Record<(typeof STATE_ORDER)[number], number>> }) {
  return (
    <Space wrap size={[16, 4]} aria-label={T.legend} role="list" className="graph-legend">
      {STATE_ORDER.map((s) => (
        <Tooltip key={s} title={T.stateHints[s]}>
          <span role="listitem" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 14,
                height: 14,
                borderRadius: 4,
                border: `2px solid ${STATE_STYLES[s].color}`,
                background: STATE_STYLES[s].background,
              }}
            />
            <Typography.Text>
              {T.states[s]}
              {counts && ` ${counts[s] ?? 0}`}
            </Typography.Text>
          </span>
        </Tooltip>
      ))}
    </Space>
  );
}
