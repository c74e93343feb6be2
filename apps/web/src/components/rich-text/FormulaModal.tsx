// Asks for a LaTeX formula and shows it rendered by KaTeX before inserting.
import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { RichText } from './RichText';
import { RICH_TEXTS as T } from '../texts';

export function FormulaModal({
  open,
  onInsert,
  onClose,
}: {
  open: boolean;
  onInsert: (latex: string) => void;
  onClose: () => void;
}) {
  const [latex, setLatex] = useState('');
  const escaped = latex.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    <Modal
      open={open}
      title={T.formulaTitle}
      okText={T.insert}
      cancelText={T.cancel}
      okButtonProps={{ disabled: latex.trim() === '' }}
      onOk={() => {
        onInsert(latex.trim());
        setLatex('');
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label={T.formulaTitle}
        autoSize={{ minRows: 2 }}
        value={latex}
        placeholder={T.formulaPlaceholder}
        onChange={(e) => setLatex(e.target.value)}
      />
      {latex.trim() && (
        <div style={{ marginTop: 12 }}>
          <Typography.Text type="secondary">{T.formulaPreview}</Typography.Text>
          <RichText html={`<span class="math-tex" data-latex="${escaped}"></span>`} />
        </div>
      )}
    </Modal>
  );
}
