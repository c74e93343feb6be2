// 掌握进度: how many knowledge points hold each level (the same counts as /student/point) as one stacked bar,
// with each level's change over the last seven days; 查看详情 leads to /student/point.
import { Link } from 'react-router';
import { MASTERY_LEVELS, type StudentHome } from '@edu/contract';
import { PlainCard, PlainSpace, PlainTag, Text } from '../../../components/plain-antd';
import { LEVEL_COLORS } from '../../../components/mastery/levels';
import { MASTERY_TEXTS } from '../../../components/mastery/texts';
import { HOME_TEXTS } from './texts';

const T = HOME_TEXTS.mastery;
const LEVELS = MASTERY_TEXTS.levels;
/** Highest first: the bar fills from the left with what is mastered. */
const SHOWN = [...MASTERY_LEVELS].reverse();

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function MasteryCard({ mastery }: { mastery: StudentHome['mastery'] }) {
  const { total, now, weekAgo } = mastery;
  const practised = total - now.none;
  const changes = SHOWN.filter((l) => l !== 'none' && now[l] !== weekAgo[l]);
  return (
    <PlainCard title={T.title} extra={<Link to="/student/point">{T.detail}</Link>}>
      <PlainSpace orientation="vertical" size={10} style={{ width: '100%' }}>
        <Text type="secondary">
          {T.total(total)} · {T.practised} {practised}
        </Text>
        <div
          role="img"
          aria-label={SHOWN.map((l) => `${LEVELS[l]} ${now[l]}`).join('，')}
          style={{ display: 'flex', height: 12, borderRadius: 6, overflow: 'hidden', background: '#f0f0f0' }}
        >
          {total > 0 &&
            SHOWN.filter((l) => l !== 'none' && now[l] > 0).map((l) => (
              <div key={l} style={{ width: `${(now[l] / total) * 100}%`, background: LEVEL_COLORS[l] }} />
            ))}
        </div>
        <PlainSpace size={[12, 4]} wrap>
          {SHOWN.map((l) => (
            <PlainSpace key={l} size={4}>
              <span
                style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: LEVEL_COLORS[l] }}
              />
              <Text>
                {LEVELS[l]} {now[l]}
              </Text>
            </PlainSpace>
          ))}
        </PlainSpace>
        <PlainSpace size={[4, 4]} wrap>
          <Text type="secondary">{T.week}</Text>
          {changes.length === 0 ? (
            <Text type="secondary">{T.noChange}</Text>
          ) : (
            changes.map((l) => (
              <PlainTag key={l} color={now[l] > weekAgo[l] ? 'green' : 'default'}>
                {LEVELS[l]} {signed(now[l] - weekAgo[l])}
              </PlainTag>
            ))
          )}
        </PlainSpace>
      </PlainSpace>
    </PlainCard>
  );
}
