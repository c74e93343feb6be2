// docs/product.md §2 not-found: logged in → 404 页面不存在 with 返回 (history back); visitor → 403 尚未登录 with 前往登录 (to /).
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { notFoundPage } from '@edu/contract';
import { ResultPage } from './ResultPage';

export function NotFoundPage({ loggedIn }: { loggedIn: boolean }) {
  const navigate = useNavigate();
  const page = notFoundPage(loggedIn);
  const { button } = page;
  return (
    <ResultPage
      fullPage
      status={page.status}
      title={page.title}
      extra={
        <Button type="primary" onClick={() => (button.action === 'back' ? navigate(-1) : navigate(button.to))}>
          {button.text}
        </Button>
      }
    />
  );
}
