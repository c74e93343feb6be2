// A question's stem excerpt in a table cell with the whole excerpt on hover; a link when `to` is given.
import { Link } from 'react-router';
import type { Question } from '@edu/contract';
import { excerptParts, excerptText, StemExcerpt } from '../../../components/rich-text/StemExcerpt';

export interface QuestionExcerptProps {
  question: Question;
  /** The text of a question without title or stem text. */
  empty: string;
  to?: string;
}

export function QuestionExcerpt({ question, empty, to }: QuestionExcerptProps) {
  const parts = excerptParts(question);
  const title = excerptText(parts) || undefined;
  const excerpt = <StemExcerpt parts={parts} empty={empty} />;
  return to ? (
    <Link to={to} title={title}>
      {excerpt}
    </Link>
  ) : (
    <span title={title}>{excerpt}</span>
  );
}
