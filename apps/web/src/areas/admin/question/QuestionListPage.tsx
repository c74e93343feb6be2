// admin/question/list: all questions of the agency with the knowledge-tree filter; 新建题目 by type.
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { QUESTION_TYPES } from '@edu/contract';
import { QuestionBrowser } from './QuestionBrowser';
import { ExportButton } from './transfer/ExportButton';
import { ImportButton } from './transfer/ImportButton';
import { QUESTION_TEXTS, TYPE_LABELS } from './texts';

export function CreateQuestionButton({ repoId }: { repoId?: string }) {
  const navigate = useNavigate();
  return (
    <Dropdown
      menu={{
        items: QUESTION_TYPES.map((t) => ({ key: t, label: TYPE_LABELS[t] })),
        onClick: ({ key }) => void navigate(`/admin/question/create/${key}${repoId ? `?repo=${repoId}` : ''}`),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />}>
        {QUESTION_TEXTS.list.create} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

export default function QuestionListPage() {
  return (
    <QuestionBrowser
      title={QUESTION_TEXTS.list.title}
      extra={(scope) => (
        <Space>
          <ImportButton />
          <ExportButton initial={scope} />
          <CreateQuestionButton />
        </Space>
      )}
    />
  );
}
