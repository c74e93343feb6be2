// The demo data of docs/domain.md "Demo data": agencies, dictionaries, accounts and a knowledge tree.

export const DEMO_PASSWORD = 'edu-demo-2026';

export const GRADES = [
  '一年级',
  '二年级',
  '三年级',
  '四年级',
  '五年级',
  '六年级',
  '初一',
  '初二',
  '初三',
  '高一',
  '高二',
  '高三',
].map((name, i) => ({ id: `g${i + 1}`, name, sort: i + 1 }));

export const SUBJECTS = [
  ['chinese', '语文'],
  ['math', '数学'],
  ['en', '英语'],
  ['physics', '物理'],
  ['chemistry', '化学'],
  ['biology', '生物'],
  ['history', '历史'],
  ['geography', '地理'],
].map(([id, name], i) => ({ id: id, name: name, sort: i + 1 }));

export const DEMO_AGENCIES = [
  { id: 'demo', name: '演示机构', profile: '用于体验平台功能的演示机构，包含示例知识点和账号。' },
  { id: 'other', name: '其他机构', profile: '第二个机构，用于演示机构之间的数据隔离。' },
];

export interface DemoAccount {
  username: string;
  name: string;
  roles: string[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'admin', name: '平台管理员', roles: ['edu:admin'] },
  { username: 'agency', name: '演示机构管理员', roles: ['edu:agency:demo:admin'] },
  { username: 'teacher', name: '张老师', roles: ['edu:agency:demo:teacher'] },
  { username: 'student', name: '李小明', roles: ['edu:agency:demo:student'] },
  { username: 'parent', name: '李小明家长', roles: ['edu:parent'] },
  { username: 'tutor', name: '王老师（作业批改）', roles: ['edu:homework:teacher'] },
  { username: 'other', name: '其他机构管理员', roles: ['edu:agency:other:admin'] },
];

/** parent → child usernames. */
export const DEMO_PARENT_LINKS: [string, string][] = [['parent', 'student']];
/** homework teacher → agencies. */
export const DEMO_TUTOR_AGENCIES: [string, string][] = [['tutor', 'demo']];

/** A tree node: name and children. Codes are derived (chapters c1…, points k1…). */
export type Node = [string, Node[]?];

/** Subject code → grade segments (matching grade ids) → chapters → lv1 → lv2. */
export const KNOWLEDGE_TREE: {
  code: string;
  name: string;
  grades: { seg: string; name: string; chapters: Node[] }[];
}[] = [
  {
    code: 'en',
    name: '英语',
    grades: [
      {
        seg: 'g7',
        name: '初一',
        chapters: [
          [
            '词汇',
            [
              ['名词', [['可数名词与不可数名词'], ['名词所有格']]],
              ['代词', [['人称代词'], ['物主代词']]],
              ['冠词', [['不定冠词 a/an'], ['定冠词 the']]],
            ],
          ],
          [
            '语法',
            [['一般现在时', [['be 动词'], ['第三人称单数']]], ['现在进行时', [['构成'], ['用法']]], ['there be 句型']],
          ],
          ['阅读', [['细节理解'], ['主旨大意']]],
          ['句型', [['祈使句'], ['特殊疑问句']]],
        ],
      },
      {
        seg: 'g8',
        name: '初二',
        chapters: [
          [
            '语法',
            [
              ['一般过去时', [['规则动词的过去式'], ['不规则动词的过去式']]],
              ['一般将来时', [['will'], ['be going to']]],
              ['形容词比较级与最高级'],
            ],
          ],
          ['阅读理解', [['推理判断'], ['词义猜测']]],
          ['时态与情态', [['情态动词'], ['现在完成时', [['have/has done 的构成'], ['since 与 for']]], ['过去进行时']]],
        ],
      },
      {
        seg: 'g9',
        name: '初三',
        chapters: [
          [
            '语法',
            [
              ['被动语态'],
              ['宾语从句'],
              ['定语从句'],
              ['状语从句', [['条件状语从句'], ['时间状语从句']]],
              ['直接引语与间接引语'],
            ],
          ],
          ['写作', [['书面表达', [['书信'], ['记叙文']]]]],
        ],
      },
    ],
  },
  {
    code: 'math',
    name: '数学',
    grades: [
      {
        seg: 'g7',
        name: '初一',
        chapters: [
          [
            '有理数',
            [
              ['正数和负数'],
              ['数轴'],
              ['绝对值'],
              ['有理数的加减法', [['加法法则'], ['减法法则']]],
              ['有理数的乘除法', [['乘法法则'], ['除法法则']]],
              ['有理数的乘方'],
              ['科学记数法'],
            ],
          ],
          ['整式的加减', [['单项式', [['系数'], ['次数']]], ['多项式'], ['合并同类项']]],
          ['一元一次方程', [['等式的性质'], ['解一元一次方程', [['移项'], ['去括号']]]]],
          ['不等式与不等式组', [['不等式的性质'], ['一元一次不等式']]],
        ],
      },
      {
        seg: 'g8',
        name: '初二',
        chapters: [
          ['三角形', [['三角形的边'], ['三角形的内角', [['内角和定理'], ['三角形的外角']]]]],
          ['全等三角形', [['全等三角形的判定', [['SSS'], ['SAS'], ['ASA']]]]],
          ['一次函数', [['函数的概念'], ['一次函数的图像']]],
          ['整式的乘法与因式分解', [['整式的乘法'], ['因式分解']]],
          ['勾股定理', [['勾股定理'], ['勾股定理的逆定理']]],
        ],
      },
      {
        seg: 'g9',
        name: '初三',
        chapters: [
          ['一元二次方程', [['配方法'], ['公式法'], ['因式分解法']]],
          ['二次函数', [['二次函数的图像和性质'], ['实际问题与二次函数']]],
          ['反比例函数', [['反比例函数的图像和性质']]],
          ['锐角三角函数', [['锐角三角函数的定义']]],
        ],
      },
      {
        seg: 'g10',
        name: '高一',
        chapters: [
          ['集合', [['集合的概念'], ['集合的运算', [['交集'], ['并集'], ['补集']]]]],
          ['函数的性质', [['单调性'], ['奇偶性']]],
        ],
      },
    ],
  },
];
