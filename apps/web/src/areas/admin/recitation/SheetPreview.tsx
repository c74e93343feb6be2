// A recitation sheet on screen (docs/recitation.md): the numbered sentences, each with its linked image and
// description — what the exported PNG shows.
import { Image, Typography } from 'antd';
import type { SheetContent } from './sheet-export';

export function SheetPreview({ sheet }: { sheet: SheetContent }) {
  const images = new Map(sheet.images.map((l) => [l.value, l]));
  return (
    <div data-testid="sheet-preview">
      <Typography.Title level={4}>{sheet.title}</Typography.Title>
      <ol style={{ paddingLeft: 20 }}>
        {sheet.sentences.map((s) => {
          const l = images.get(s.id);
          return (
            <li key={s.id} id={s.id} style={{ marginBottom: 8 }}>
              <span className="word">{s.text}</span>
              {l && (
                <div>
                  <Image src={l.img} alt={l.desc || s.text} style={{ maxWidth: '100%', maxHeight: 200 }} />
                  {l.desc && <Typography.Paragraph type="secondary">{l.desc}</Typography.Paragraph>}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
