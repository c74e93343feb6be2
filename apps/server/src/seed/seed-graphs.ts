// The demo's curated knowledge graphs (docs/domain.md "Demo data", docs/knowledge-graph.md): an English and a Maths
// graph of every grade on the seeded knowledge tree, with the prerequisites a curriculum designer would draw.
// Positions stay null: the editor lays them out on first open.
import { graphEdges, graphGroups, graphItems } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import { KNOWLEDGE_TREE, type Node } from './seed-data.js';

/** A point named by its path of names under the subject: grade segment, then chapter, lv1, lv2 names. */
type PointPath = [grade: string, ...names: string[]];

interface DemoGraph {
  name: string;
  subjectId: string;
  description: string;
  /** Prerequisite → dependant, each end a path; every point named becomes an item. */
  edges: [PointPath, PointPath][];
}

const en = (grade: string, ...names: string[]): PointPath => [grade, ...names];
const m = en;

export const DEMO_GRAPHS: DemoGraph[] = [
  {
    name: '初中英语语法与阅读',
    subjectId: 'en',
    description: '从词汇、句型、时态到从句、阅读与写作的先修关系。',
    edges: [
      [en('g7', '词汇', '名词', '可数名词与不可数名词'), en('g7', '词汇', '名词', '名词所有格')],
      [en('g7', '词汇', '代词', '人称代词'), en('g7', '词汇', '代词', '物主代词')],
      [en('g7', '词汇', '冠词', '不定冠词 a/an'), en('g7', '词汇', '冠词', '定冠词 the')],
      [en('g7', '词汇', '名词', '可数名词与不可数名词'), en('g7', '词汇', '冠词', '不定冠词 a/an')],
      [en('g7', '语法', '一般现在时', 'be 动词'), en('g7', '语法', '一般现在时', '第三人称单数')],
      [en('g7', '词汇', '代词', '人称代词'), en('g7', '语法', '一般现在时', '第三人称单数')],
      [en('g7', '语法', '一般现在时', 'be 动词'), en('g7', '语法', 'there be 句型')],
      [en('g7', '词汇', '名词', '可数名词与不可数名词'), en('g7', '语法', 'there be 句型')],
      [en('g7', '语法', '一般现在时', 'be 动词'), en('g7', '语法', '现在进行时', '构成')],
      [en('g7', '语法', '现在进行时', '构成'), en('g7', '语法', '现在进行时', '用法')],
      [en('g7', '语法', '一般现在时', '第三人称单数'), en('g8', '语法', '一般过去时', '规则动词的过去式')],
      [en('g8', '语法', '一般过去时', '规则动词的过去式'), en('g8', '语法', '一般过去时', '不规则动词的过去式')],
      [en('g7', '语法', '一般现在时', 'be 动词'), en('g8', '语法', '一般将来时', 'will')],
      [en('g7', '语法', '现在进行时', '构成'), en('g8', '语法', '一般将来时', 'be going to')],
      [en('g7', '词汇', '冠词', '定冠词 the'), en('g8', '语法', '形容词比较级与最高级')],
      [en('g7', '阅读', '细节理解'), en('g7', '阅读', '主旨大意')],
      [en('g7', '阅读', '细节理解'), en('g8', '阅读理解', '推理判断')],
      [en('g7', '阅读', '主旨大意'), en('g8', '阅读理解', '推理判断')],
      [en('g8', '阅读理解', '推理判断'), en('g8', '阅读理解', '词义猜测')],
      [en('g8', '语法', '一般过去时', '不规则动词的过去式'), en('g9', '语法', '被动语态')],
      [en('g7', '语法', '一般现在时', '第三人称单数'), en('g9', '语法', '宾语从句')],
      [en('g7', '词汇', '代词', '物主代词'), en('g9', '语法', '定语从句')],
      [en('g9', '语法', '宾语从句'), en('g9', '语法', '定语从句')],
      [en('g8', '语法', '一般过去时', '不规则动词的过去式'), en('g9', '写作', '书面表达', '记叙文')],
      [en('g9', '语法', '宾语从句'), en('g9', '写作', '书面表达', '书信')],
      [en('g7', '语法', '一般现在时', 'be 动词'), en('g7', '句型', '祈使句')],
      [en('g7', '语法', '一般现在时', 'be 动词'), en('g7', '句型', '特殊疑问句')],
      [en('g7', '语法', '一般现在时', '第三人称单数'), en('g7', '句型', '特殊疑问句')],
      [en('g7', '句型', '特殊疑问句'), en('g9', '语法', '宾语从句')],
      [en('g7', '语法', '一般现在时', '第三人称单数'), en('g8', '时态与情态', '情态动词')],
      [en('g8', '时态与情态', '情态动词'), en('g9', '语法', '被动语态')],
      [
        en('g8', '语法', '一般过去时', '不规则动词的过去式'),
        en('g8', '时态与情态', '现在完成时', 'have/has done 的构成'),
      ],
      [
        en('g8', '时态与情态', '现在完成时', 'have/has done 的构成'),
        en('g8', '时态与情态', '现在完成时', 'since 与 for'),
      ],
      [en('g7', '语法', '现在进行时', '构成'), en('g8', '时态与情态', '过去进行时')],
      [en('g8', '语法', '一般过去时', '规则动词的过去式'), en('g8', '时态与情态', '过去进行时')],
      [en('g8', '语法', '一般将来时', 'will'), en('g9', '语法', '状语从句', '条件状语从句')],
      [en('g7', '语法', '一般现在时', '第三人称单数'), en('g9', '语法', '状语从句', '条件状语从句')],
      [en('g8', '时态与情态', '过去进行时'), en('g9', '语法', '状语从句', '时间状语从句')],
      [en('g8', '语法', '一般将来时', 'will'), en('g9', '语法', '状语从句', '时间状语从句')],
      [en('g9', '语法', '宾语从句'), en('g9', '语法', '直接引语与间接引语')],
      [en('g8', '语法', '一般过去时', '不规则动词的过去式'), en('g9', '语法', '直接引语与间接引语')],
    ],
  },
  {
    name: '初高中数学：从有理数到函数',
    subjectId: 'math',
    description: '有理数 → 整式 → 方程与不等式 → 函数，以及三角形、勾股定理、锐角三角函数与集合的先修关系。',
    edges: [
      [m('g7', '有理数', '正数和负数'), m('g7', '有理数', '数轴')],
      [m('g7', '有理数', '数轴'), m('g7', '有理数', '绝对值')],
      [m('g7', '有理数', '绝对值'), m('g7', '有理数', '有理数的加减法', '加法法则')],
      [m('g7', '有理数', '有理数的加减法', '加法法则'), m('g7', '有理数', '有理数的加减法', '减法法则')],
      [m('g7', '整式的加减', '单项式', '系数'), m('g7', '整式的加减', '单项式', '次数')],
      [m('g7', '整式的加减', '单项式', '次数'), m('g7', '整式的加减', '多项式')],
      [m('g7', '整式的加减', '多项式'), m('g7', '整式的加减', '合并同类项')],
      [m('g7', '有理数', '有理数的加减法', '减法法则'), m('g7', '整式的加减', '合并同类项')],
      [m('g7', '一元一次方程', '等式的性质'), m('g7', '一元一次方程', '解一元一次方程', '移项')],
      [m('g7', '整式的加减', '合并同类项'), m('g7', '一元一次方程', '解一元一次方程', '移项')],
      [m('g7', '一元一次方程', '解一元一次方程', '移项'), m('g7', '一元一次方程', '解一元一次方程', '去括号')],
      [m('g7', '一元一次方程', '解一元一次方程', '去括号'), m('g8', '一次函数', '函数的概念')],
      [m('g7', '有理数', '数轴'), m('g8', '一次函数', '函数的概念')],
      [m('g8', '一次函数', '函数的概念'), m('g8', '一次函数', '一次函数的图像')],
      [m('g8', '三角形', '三角形的边'), m('g8', '三角形', '三角形的内角', '内角和定理')],
      [m('g8', '三角形', '三角形的内角', '内角和定理'), m('g8', '三角形', '三角形的内角', '三角形的外角')],
      [m('g8', '三角形', '三角形的边'), m('g8', '全等三角形', '全等三角形的判定', 'SSS')],
      [m('g8', '三角形', '三角形的内角', '内角和定理'), m('g8', '全等三角形', '全等三角形的判定', 'SAS')],
      [m('g8', '全等三角形', '全等三角形的判定', 'SAS'), m('g8', '全等三角形', '全等三角形的判定', 'ASA')],
      [m('g7', '一元一次方程', '解一元一次方程', '去括号'), m('g9', '一元二次方程', '因式分解法')],
      [m('g9', '一元二次方程', '因式分解法'), m('g9', '一元二次方程', '配方法')],
      [m('g9', '一元二次方程', '配方法'), m('g9', '一元二次方程', '公式法')],
      [m('g8', '一次函数', '一次函数的图像'), m('g9', '二次函数', '二次函数的图像和性质')],
      [m('g9', '一元二次方程', '公式法'), m('g9', '二次函数', '二次函数的图像和性质')],
      [m('g9', '二次函数', '二次函数的图像和性质'), m('g9', '二次函数', '实际问题与二次函数')],
      [m('g10', '集合', '集合的概念'), m('g10', '集合', '集合的运算', '交集')],
      [m('g10', '集合', '集合的概念'), m('g10', '集合', '集合的运算', '并集')],
      [m('g10', '集合', '集合的运算', '并集'), m('g10', '集合', '集合的运算', '补集')],
      [m('g8', '一次函数', '函数的概念'), m('g10', '函数的性质', '单调性')],
      [m('g10', '集合', '集合的概念'), m('g10', '函数的性质', '单调性')],
      [m('g8', '一次函数', '函数的概念'), m('g10', '函数的性质', '奇偶性')],
      [m('g7', '有理数', '绝对值'), m('g7', '有理数', '有理数的乘除法', '乘法法则')],
      [m('g7', '有理数', '有理数的加减法', '加法法则'), m('g7', '有理数', '有理数的乘除法', '乘法法则')],
      [m('g7', '有理数', '有理数的乘除法', '乘法法则'), m('g7', '有理数', '有理数的乘除法', '除法法则')],
      [m('g7', '有理数', '有理数的乘除法', '乘法法则'), m('g7', '有理数', '有理数的乘方')],
      [m('g7', '有理数', '有理数的乘方'), m('g7', '有理数', '科学记数法')],
      [m('g7', '一元一次方程', '等式的性质'), m('g7', '不等式与不等式组', '不等式的性质')],
      [m('g7', '不等式与不等式组', '不等式的性质'), m('g7', '不等式与不等式组', '一元一次不等式')],
      [m('g7', '一元一次方程', '解一元一次方程', '移项'), m('g7', '不等式与不等式组', '一元一次不等式')],
      [m('g7', '有理数', '有理数的乘方'), m('g8', '整式的乘法与因式分解', '整式的乘法')],
      [m('g7', '整式的加减', '合并同类项'), m('g8', '整式的乘法与因式分解', '整式的乘法')],
      [m('g8', '整式的乘法与因式分解', '整式的乘法'), m('g8', '整式的乘法与因式分解', '因式分解')],
      [m('g8', '整式的乘法与因式分解', '因式分解'), m('g9', '一元二次方程', '因式分解法')],
      [m('g7', '有理数', '有理数的乘方'), m('g8', '勾股定理', '勾股定理')],
      [m('g8', '三角形', '三角形的内角', '内角和定理'), m('g8', '勾股定理', '勾股定理')],
      [m('g8', '勾股定理', '勾股定理'), m('g8', '勾股定理', '勾股定理的逆定理')],
      [m('g8', '勾股定理', '勾股定理'), m('g9', '锐角三角函数', '锐角三角函数的定义')],
      [m('g8', '三角形', '三角形的内角', '内角和定理'), m('g9', '锐角三角函数', '锐角三角函数的定义')],
      [m('g8', '一次函数', '函数的概念'), m('g9', '反比例函数', '反比例函数的图像和性质')],
      [m('g8', '一次函数', '一次函数的图像'), m('g9', '反比例函数', '反比例函数的图像和性质')],
      [m('g9', '反比例函数', '反比例函数的图像和性质'), m('g10', '函数的性质', '单调性')],
    ],
  },
];

/** The code of a point of the seeded tree (codes as seed.ts's knowledgeRows derives them). */
export function demoPointCode(subjectId: string, [grade, ...names]: PointPath): string {
  const subject = KNOWLEDGE_TREE.find((s) => s.code === subjectId);
  const g = subject?.grades.find((x) => x.seg === grade);
  if (!subject || !g) throw new Error(`demo graph: no grade ${subjectId}.${grade}`);
  let code = `${subjectId}.${grade}`;
  let nodes: Node[] = g.chapters;
  names.forEach((name, depth) => {
    const i = nodes.findIndex(([n]) => n === name);
    if (i < 0) throw new Error(`demo graph: no point ${names.join(' / ')} in ${subjectId}.${grade}`);
    code += `.${depth === 0 ? 'c' : 'k'}${i + 1}`;
    nodes = nodes[i][1] ?? [];
  });
  return code;
}

/** Inserts the demo graphs (after the knowledge tree). */
export async function seedDemoGraphs(tx: DbOrTx) {
  for (const [i, g] of DEMO_GRAPHS.entries()) {
    const [group] = await tx
      .insert(graphGroups)
      .values({ name: g.name, subjectId: g.subjectId, gradeId: null, description: g.description, sort: i + 1 })
      .returning({ id: graphGroups.id });
    const codes = [...new Set(g.edges.flat().map((p) => demoPointCode(g.subjectId, p)))];
    const items = await tx
      .insert(graphItems)
      .values(codes.map((knowledgeCode) => ({ groupId: group.id, knowledgeCode })))
      .returning({ id: graphItems.id, code: graphItems.knowledgeCode });
    const idOf = new Map(items.map((i) => [i.code, i.id]));
    await tx.insert(graphEdges).values(
      g.edges.map(([from, to]) => ({
        groupId: group.id,
        fromItemId: idOf.get(demoPointCode(g.subjectId, from))!,
        toItemId: idOf.get(demoPointCode(g.subjectId, to))!,
      })),
    );
  }
}
