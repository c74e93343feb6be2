// The validation report of an import file: totals, whether the chosen mode can import, bad and unsupported items.
import { Alert, Button, Col, Row, Statistic } from 'antd';
import type { ImportMode, ImportReport } from '@edu/contract';
import { ItemIssuesTable } from './ItemIssuesTable';
import { TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.report;

/** Why 开始导入 is not possible for this report and mode, or null when it is. */
export function importBlocker(report: ImportReport, mode: ImportMode): string | null {
  if (mode === 'all' && report.errors.length > 0) return T.blocked(report.errors.length);
  if (report.valid === 0) return T.nothingToImport;
  return null;
}

function Verdict({
  report,
  mode,
  onSwitchToValid,
}: {
  report: ImportReport;
  mode: ImportMode;
  onSwitchToValid: () => void;
}) {
  const bad = report.errors.length;
  if (mode === 'all' && bad > 0)
    return (
      <Alert
        type="error"
        showIcon
        title={T.blockedTitle}
        description={T.blocked(bad)}
        action={
          report.valid > 0 ? (
            <Button size="small" onClick={onSwitchToValid}>
              {T.switchToValid}
            </Button>
          ) : undefined
        }
      />
    );
  if (report.valid === 0) return <Alert type="warning" showIcon title={report.total ? T.nothingToImport : T.empty} />;
  if (bad > 0) return <Alert type="warning" showIcon title={T.willSkip(bad, report.valid)} />;
  return <Alert type="success" showIcon title={T.allValid(report.valid)} />;
}

export function ImportReportView({
  report,
  mode,
  onSwitchToValid,
}: {
  report: ImportReport;
  mode: ImportMode;
  onSwitchToValid: () => void;
}) {
  return (
    <div className="import-report">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Statistic title={T.total} value={report.total} />
        </Col>
        <Col span={6}>
          <Statistic title={T.valid} value={report.valid} styles={{ content: { color: '#389e0d' } }} />
        </Col>
        <Col span={6}>
          <Statistic
            title={T.invalid}
            value={report.errors.length}
            styles={{ content: report.errors.length ? { color: '#cf1322' } : {} }}
          />
        </Col>
        <Col span={6}>
          <Statistic title={T.unsupported} value={report.unsupported.length} />
        </Col>
      </Row>
      <Verdict report={report} mode={mode} onSwitchToValid={onSwitchToValid} />
      <ItemIssuesTable type="danger" title={T.errorsTitle(report.errors.length)} items={report.errors} />
      <ItemIssuesTable
        type="secondary"
        title={T.unsupportedTitle(report.unsupported.length)}
        items={report.unsupported}
      />
    </div>
  );
}
