// Keeps a failing editor from taking the whole page down: shows a notice and re-mounts it on request.
// The draft lives in the form's state, so nothing typed is lost.
import { Component, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { RICH_TEXTS as T } from '../texts';

interface State {
  failed: boolean;
  attempt: number;
}

export class EditorBoundary extends Component<{ children: (attempt: number) => ReactNode }, State> {
  state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  render() {
    if (this.state.failed) {
      return (
        <Alert
          type="error"
          showIcon
          title={T.failed}
          action={
            <Button size="small" onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}>
              {T.retry}
            </Button>
          }
        />
      );
    }
    return this.props.children(this.state.attempt);
  }
}
