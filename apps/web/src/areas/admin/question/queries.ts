// Shared reads of the question bank pages: repositories and tags of the agency in context, tree data of points.
import { useQuery } from '@tanstack/react-query';
import type { TreeDataNode } from 'antd';
import { type KnowledgePointBrief } from '@edu/contract';
import { API } from '../../../api/routes';
import { questionKeys } from '../../../api/query-keys';
import { useAppConfig, useCall } from '../../../app/session-context';
import { subjectsOf, subtree, type KpNode } from '../knowledge/kp-tree';

export const REPO_PAGE = 200;

export function useRepos() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['repos', agencyId],
    queryFn: () => call(API.repoList, { query: { start: 0, size: REPO_PAGE } }),
  });
}

/** One question (GET /v1/exam/question/{id}) under its one key, read when `id` is set. */
export function useQuestion(id: string | undefined) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: questionKeys.detail(agencyId, id ?? ''),
    queryFn: () => call(API.questionGet, { params: { id: id ?? '' } }),
    enabled: !!id,
  });
}

export function useTags() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({ queryKey: ['tags', agencyId], queryFn: () => call(API.tagList) });
}

export interface KpTreeOption {
  value: string;
  title: string;
  key: string;
  children: KpTreeOption[];
}

function toOption(node: KpNode<KnowledgePointBrief>): KpTreeOption {
  const { code, name } = node.point;
  return { value: code, key: code, title: name, children: node.children.map(toOption) };
}

/** TreeSelect data: every subject with its tree. */
export function kpTreeOptions(points: readonly KnowledgePointBrief[]): KpTreeOption[] {
  return subjectsOf(points)
    .map((s) => subtree(points, s.code))
    .filter((n): n is KpNode => n !== null)
    .map(toOption);
}

/** Tree data of one subject's children (the subject itself is chosen in a selector). */
export function kpTreeData(points: readonly KnowledgePointBrief[], subject: string): TreeDataNode[] {
  const root = subtree(points, subject);
  const conv = (n: KpNode<KnowledgePointBrief>): TreeDataNode => ({
    key: n.point.code,
    title: n.point.name,
    children: n.children.map(conv),
  });
  return root ? root.children.map(conv) : [];
}
