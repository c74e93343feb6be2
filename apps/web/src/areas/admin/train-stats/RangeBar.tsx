// The from/to choice of the dashboards: all time, the last 7 or 30 days, or days picked on a calendar.
import { DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { StatsRange } from './queries';
import { STATS_TEXTS } from './texts';

const T = STATS_TEXTS.range;
type Preset = 'all' | 'last7' | 'last30' | 'custom';

const lastDays = (n: number): StatsRange => ({
  from: dayjs()
    .startOf('day')
    .subtract(n - 1, 'day')
    .valueOf(),
});

export function RangeBar({ onChange }: { onChange: (r: StatsRange) => void }) {
  const [preset, setPreset] = useState<Preset>('all');
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(null);
  const choose = (p: Preset) => {
    setPreset(p);
    if (p === 'all') onChange({});
    if (p === 'last7') onChange(lastDays(7));
    if (p === 'last30') onChange(lastDays(30));
    if (p === 'custom' && days)
      onChange({ from: days[0].startOf('day').valueOf(), to: days[1].endOf('day').valueOf() + 1 });
  };
  return (
    <Space wrap aria-label={T.label}>
      <Segmented<Preset>
        value={preset}
        onChange={choose}
        options={[
          { value: 'all', label: T.all },
          { value: 'last7', label: T.last7 },
          { value: 'last30', label: T.last30 },
          { value: 'custom', label: T.custom },
        ]}
      />
      {preset === 'custom' && (
        <DatePicker.RangePicker
          value={days}
          onChange={(v) => {
            const picked = v && v[0] && v[1] ? ([v[0], v[1]] as [Dayjs, Dayjs]) : null;
            setDays(picked);
            onChange(
              picked ? { from: picked[0].startOf('day').valueOf(), to: picked[1].endOf('day').valueOf() + 1 } : {},
            );
          }}
        />
      )}
    </Space>
  );
}
