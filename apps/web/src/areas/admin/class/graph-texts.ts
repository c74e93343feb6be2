// Chinese text of the class's knowledge graph section (docs/knowledge-graph.md "Teachers and parents").
export const CLASS_GRAPH_TEXTS = {
  title: '知识图谱',
  hint: (members: number) =>
    `按本班 ${members} 名学生统计：每个知识点上各掌握程度的人数（没练过的算“未作答”）。“卡住”是练过、前置知识都已掌握、自己却还没掌握的学生。`,
  empty: '没有匹配的知识图谱（按班级的年级、学科匹配）',
  failed: '知识图谱统计加载失败',
  stuck: '卡住最多的知识点',
  noStuck: '暂时没有学生卡住',
  stuckOf: (stuck: number, students: number) => `${stuck} / ${students} 人卡住`,
  chart: (name: string) => `知识图谱「${name}」各知识点的掌握分布`,
  firstItems: (shown: number, total: number) => `图中显示前 ${shown} 个知识点（共 ${total} 个）`,
  graphs: '班级的知识图谱',
};
