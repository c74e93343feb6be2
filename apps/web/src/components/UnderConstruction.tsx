// Placeholder for a spec route whose page a later issue builds (docs/routes.md lists them).
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ResultPage } from './ResultPage';
import { COMMON_TEXTS } from './texts';

export function UnderConstruction({ page, when, fullPage }: { page: string; when: string; fullPage?: boolean }) {
  const navigate = useNavigate();
  return (
    <ResultPage
      status="info"
      title={COMMON_TEXTS.underConstruction}
      subTitle={COMMON_TEXTS.underConstructionSub(page, when)}
      fullPage={fullPage}
      extra={<Button onClick={() => navigate(-1)}>{COMMON_TEXTS.back}</Button>}
    />
  );
}
