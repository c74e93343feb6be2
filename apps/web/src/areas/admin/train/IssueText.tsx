// Validation messages of the scheme editor and paper builder at their fields (the engine's and server's Chinese).
import { Typography } from 'antd';
import { issuesAt, issuesUnder, type Issues } from './scheme-model';

export function IssueText({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="scheme-issue">
      {messages.map((m) => (
        <Typography.Text key={m} type="danger" style={{ display: 'block', fontSize: 13 }}>
          {m}
        </Typography.Text>
      ))}
    </div>
  );
}

/** `validateStatus`/`help` of a Form.Item for the messages at `path` (and below it with `under`). */
export function fieldStatus(issues: Issues, path: string, under = false) {
  const messages = under ? issuesUnder(issues, path) : issuesAt(issues, path);
  return messages.length
    ? { validateStatus: 'error' as const, help: <IssueText messages={messages} /> }
    : { validateStatus: undefined, help: undefined };
}
