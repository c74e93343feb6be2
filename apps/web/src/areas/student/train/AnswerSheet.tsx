// 答题卡: one numbered button per question of a paper, showing answered / unanswered / flagged by colour and by
// icon (a check, a dashed edge, a flag), so no state rests on colour alone; a click jumps to the question.
import { Space, theme, Typography } from 'antd';
import { CheckOutlined, FlagFilled } from '@ant-design/icons';
import { TRAIN_TEXTS } from '../../../components/training/texts';

const T = TRAIN_TEXTS.paper;

export interface SheetQuestion {
  id: string;
  answered: boolean;
  flagged: boolean;
}

function Marks({ answered, flagged }: { answered: boolean; flagged: boolean }) {
  const { token } = theme.useToken();
  return (
    <>
      {answered && <CheckOutlined className="sheet-cell-check" aria-hidden />}
      {flagged && <FlagFilled className="sheet-cell-flag" style={{ color: token.colorWarning }} aria-hidden />}
    </>
  );
}

function Cell({ q, index, onJump }: { q: SheetQuestion; index: number; onJump: (id: string) => void }) {
  const { token } = theme.useToken();
  const style: React.CSSProperties = q.answered
    ? { background: token.colorPrimary, borderColor: token.colorPrimary, color: token.colorTextLightSolid }
    : {
        background: token.colorBgContainer,
        borderColor: token.colorBorder,
        borderStyle: 'dashed',
        color: token.colorText,
      };
  if (q.flagged) style.boxShadow = `0 0 0 2px ${token.colorWarning}`;
  return (
    <button
      type="button"
      className="sheet-cell"
      data-state={[q.answered ? 'answered' : 'unanswered', q.flagged ? 'flagged' : ''].filter(Boolean).join(' ')}
      aria-label={T.sheetCell(index + 1, q.answered, q.flagged)}
      onClick={() => onJump(q.id)}
      style={style}
    >
      {index + 1}
      <Marks answered={q.answered} flagged={q.flagged} />
    </button>
  );
}

function Legend() {
  const { token } = theme.useToken();
  return (
    <Space wrap size={[12, 4]} className="sheet-legend">
      <Typography.Text type="secondary">
        <CheckOutlined style={{ color: token.colorPrimary }} /> {T.legendAnswered}
      </Typography.Text>
      <Typography.Text type="secondary">
        <span className="sheet-legend-empty" style={{ borderColor: token.colorBorder }} /> {T.legendUnanswered}
      </Typography.Text>
      <Typography.Text type="secondary">
        <FlagFilled style={{ color: token.colorWarning }} /> {T.legendFlagged}
      </Typography.Text>
    </Space>
  );
}

export function AnswerSheet({ questions, onJump }: { questions: SheetQuestion[]; onJump: (id: string) => void }) {
  return (
    <nav aria-label={T.sheet} className="answer-sheet">
      <div className="sheet-grid">
        {questions.map((q, i) => (
          <Cell key={q.id} q={q} index={i} onJump={onJump} />
        ))}
      </div>
      <Legend />
    </nav>
  );
}
