// Rich text editor for question HTML (tiptap): formatting, lists, tables, images uploaded to /v1/files, formulas.
import { useEffect, useState } from 'react';
import { Button, Tooltip, Upload } from 'antd';
import {
  BoldOutlined,
  FunctionOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  TableOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor as TiptapEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { FILE_TYPES } from '@edu/contract';
import { useImageUpload } from '../../app/image-upload';
import { RICH_TEXTS as T } from '../texts';
import { EditorBoundary } from './EditorBoundary';
import { FormulaModal } from './FormulaModal';
import { MathTex } from './math-node';
import 'katex/dist/katex.min.css';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** A small editor (options): one line high, no lists or tables. */
  compact?: boolean;
  /** Accessible name of the editing area. */
  label: string;
  error?: boolean;
}

const EMPTY = '<p></p>';

export default function RichTextEditor(props: RichTextEditorProps) {
  return <EditorBoundary>{(attempt) => <Editor key={attempt} {...props} />}</EditorBoundary>;
}

function Editor({ value = '', onChange, compact, label, error }: RichTextEditorProps) {
  const [formula, setFormula] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: false, codeBlock: false }), TableKit, Image, MathTex],
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange?.(html === EMPTY ? '' : html);
    },
  });

  // A value set from outside (a question loaded, a template copied) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if (value !== current && !(value === '' && current === EMPTY))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const { upload } = useImageUpload({
    onUploaded: (stored) =>
      editor
        ?.chain()
        .focus()
        .setImage({ src: `/v1/files/${encodeURIComponent(stored.id)}` })
        .run(),
  });

  const tool = (name: string, icon: React.ReactNode, run: (e: TiptapEditor) => void, active?: string) => (
    <Tooltip title={name} key={name}>
      <Button
        size="small"
        type={active && editor?.isActive(active) ? 'primary' : 'text'}
        aria-label={name}
        icon={icon}
        onMouseDown={(ev) => ev.preventDefault()}
        onClick={() => editor && run(editor)}
      />
    </Tooltip>
  );

  return (
    <div className={`rich-editor${compact ? ' compact' : ''}${error ? ' error' : ''}`}>
      <div className="rich-editor-toolbar">
        {tool(T.bold, <BoldOutlined />, (e) => e.chain().focus().toggleBold().run(), 'bold')}
        {tool(T.italic, <ItalicOutlined />, (e) => e.chain().focus().toggleItalic().run(), 'italic')}
        {tool(T.underline, <UnderlineOutlined />, (e) => e.chain().focus().toggleUnderline().run(), 'underline')}
        {!compact &&
          tool(
            T.bulletList,
            <UnorderedListOutlined />,
            (e) => e.chain().focus().toggleBulletList().run(),
            'bulletList',
          )}
        {!compact &&
          tool(
            T.orderedList,
            <OrderedListOutlined />,
            (e) => e.chain().focus().toggleOrderedList().run(),
            'orderedList',
          )}
        {!compact &&
          tool(T.table, <TableOutlined />, (e) =>
            e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: false }).run(),
          )}
        <Upload
          accept={FILE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            upload(file);
            return false;
          }}
        >
          <Tooltip title={T.image}>
            <Button size="small" type="text" aria-label={T.image} icon={<PictureOutlined />} />
          </Tooltip>
        </Upload>
        {tool(T.formula, <FunctionOutlined />, () => setFormula(true))}
      </div>
      <EditorContent editor={editor} />
      <FormulaModal
        open={formula}
        onClose={() => setFormula(false)}
        onInsert={(latex) => {
          setFormula(false);
          editor?.chain().focus().insertMath(latex).run();
        }}
      />
    </div>
  );
}
