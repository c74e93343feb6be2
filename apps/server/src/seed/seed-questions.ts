// The demo question bank (docs/domain.md "Demo data"): every type, over the English and Maths trees, some
// carrying the system tags. Written as the fields the API accepts, so seeding runs the same
// validation, sanitising and sentence formatting as a create.
import type { QuestionFields, SubQuestionFields } from '@edu/contract';

type Tag = string;
const opts = (...contents: string[]) => contents.map((content, i) => ({ key: String.fromCharCode(65 + i), content }));
const p = (s: string) => `<p>${s}</p>`;

const base = (knowledgeId: string, tags: Tag[] = []) => ({
  title: '',
  knowledgeId,
  tags,
  videos: [],
  subKnowledgePoints: [],
  questionSub: [],
  options: [],
  explanation: '',
});

export const sc = (code: string, stem: string, options: string[], answer: string, explanation: string, tags?: Tag[]) =>
  ({
    ...base(code, tags),
    type: 'singleChoice',
    judgeType: 'auto',
    question: p(stem),
    options: opts(...options),
    answer: [answer],
    explanation: p(explanation),
  }) satisfies QuestionFields;

export const mc = (
  code: string,
  stem: string,
  options: string[],
  answer: string[],
  explanation: string,
  tags?: Tag[],
) =>
  ({
    ...base(code, tags),
    type: 'multipleChoice',
    judgeType: 'auto',
    question: p(stem),
    options: opts(...options),
    answer,
    explanation: p(explanation),
  }) satisfies QuestionFields;

export const tf = (code: string, stem: string, answer: 'T' | 'F', explanation: string, tags?: Tag[]) =>
  ({
    ...base(code, tags),
    type: 'trueFalse',
    judgeType: 'auto',
    question: p(stem),
    answer: [answer],
    explanation: p(explanation),
  }) satisfies QuestionFields;

export const fb = (code: string, stem: string, answer: string[], explanation: string, tags?: Tag[]) =>
  ({
    ...base(code, tags),
    type: 'fillBlank',
    judgeType: 'auto',
    question: p(stem),
    answer,
    explanation: p(explanation),
  }) satisfies QuestionFields;

export const sa = (code: string, stem: string, reference: string, explanation: string, tags?: Tag[]) =>
  ({
    ...base(code, tags),
    type: 'shortAnswer',
    judgeType: 'manual',
    question: p(stem),
    answer: [reference],
    explanation: p(explanation),
  }) satisfies QuestionFields;

export const tr = (code: string, stem: string, reference: string, tags?: Tag[]) =>
  ({
    ...base(code, tags),
    type: 'translation',
    judgeType: 'auto',
    question: p(stem),
    answer: [reference],
    explanation: p(`参考译文：${reference}`),
  }) satisfies QuestionFields;

type Sub = Omit<SubQuestionFields, 'questionSubId' | 'desc' | 'status' | 'options'> & { options?: string[] };
export const rd = (code: string, title: string, article: string[], subs: Sub[], tags?: Tag[]) =>
  ({
    ...base(code, tags),
    title,
    type: 'enReading',
    judgeType: 'auto',
    question: article.map(p).join(''),
    answer: [],
    questionSub: subs.map((s) => ({
      type: s.type,
      title: s.title,
      desc: '',
      answer: s.answer,
      options: opts(...(s.options ?? [])),
      status: 'accepted' as const,
      ...(s.explanation ? { explanation: s.explanation } : {}),
    })),
  }) satisfies QuestionFields;

const EXAMPLE = '例题';
const MOCK = '模拟题';
const VARIANT = '变式题';

/** Agency demo's repository 演示题库. */
export const DEMO_QUESTIONS: QuestionFields[] = [
  // ---- English, grade 7 ----
  sc(
    'en.g7.c1.k1.k2',
    "This is ____ bike. It's new.",
    ['Tom', "Tom's", "Toms'", 'Toms'],
    'B',
    "表示“某人的”用名词所有格 's。",
    [EXAMPLE],
  ),
  fb(
    'en.g7.c1.k1.k2',
    'These are the ____ (student) books. 这些是学生们的书。',
    ["students'"],
    "以 s 结尾的复数名词，所有格只加 '。",
  ),
  sc(
    'en.g7.c1.k2.k1',
    '—Who is that girl? —____ is my sister.',
    ['She', 'Her', 'Hers', 'He'],
    'A',
    '作主语用主格 she。',
    [EXAMPLE],
  ),
  fb('en.g7.c1.k2.k1', 'Please give ____ (I) the book.', ['me'], '动词 give 后用宾格 me。', [VARIANT]),
  sc(
    'en.g7.c1.k2.k2',
    'This is not my ruler. ____ is on the desk.',
    ['My', 'Mine', 'Me', 'I'],
    'B',
    '名词性物主代词 mine 相当于 my ruler。',
  ),
  tf(
    'en.g7.c1.k2.k2',
    '“Their” 是名词性物主代词，可以单独使用。',
    'F',
    'their 是形容词性物主代词，后面必须接名词；名词性物主代词是 theirs。',
  ),
  sc('en.g7.c1.k3.k1', 'He is ____ honest boy.', ['a', 'an', 'the', '/'], 'B', 'honest 以元音音素开头，用 an。', [
    EXAMPLE,
  ]),
  fb(
    'en.g7.c1.k3.k1',
    'I have ____ orange and ____ banana.',
    ['an', 'a'],
    'orange 以元音音素开头用 an；banana 用 a。',
    [VARIANT],
  ),
  sc(
    'en.g7.c1.k3.k2',
    '____ sun rises in the east.',
    ['A', 'An', 'The', '/'],
    'C',
    '世界上独一无二的事物前用定冠词 the。',
  ),
  mc(
    'en.g7.c1.k3.k2',
    '下列空格中应填 the 的是（多选）',
    ['play ____ piano', 'play ____ basketball', '____ Great Wall', 'have ____ lunch'],
    ['A', 'C'],
    '西洋乐器前加 the，球类和三餐前不加冠词，专有名词 the Great Wall 加 the。',
    [MOCK],
  ),
  fb(
    'en.g7.c2.k1.k1',
    'My parents ____ teachers. My brother ____ a student.',
    ['are', 'is'],
    '主语为复数用 are，第三人称单数用 is。',
    [EXAMPLE],
  ),
  sc(
    'en.g7.c2.k1.k1',
    'There ____ a pen and two books on the desk.',
    ['is', 'are', 'am', 'be'],
    'A',
    'there be 句型遵循就近原则，a pen 为单数。',
  ),
  fb('en.g7.c2.k1.k2', 'She ____ (watch) TV every evening.', ['watches'], '以 ch 结尾的动词，第三人称单数加 es。', [
    EXAMPLE,
  ]),
  sc(
    'en.g7.c2.k1.k2',
    'Tom ____ to school by bike every day.',
    ['go', 'goes', 'going', 'went'],
    'B',
    'every day 表示经常性动作，主语第三人称单数用 goes。',
    [VARIANT],
  ),
  tf(
    'en.g7.c2.k1.k2',
    "“He don't like apples.” 这个句子是正确的。",
    'F',
    "主语是第三人称单数，否定句要用 doesn't：He doesn't like apples.",
  ),
  fb(
    'en.g7.c2.k2.k1',
    'Look! The children ____ (play) football now.',
    ["are playing|'re playing"],
    '现在进行时：be + 动词 -ing。',
  ),
  sc(
    'en.g7.c2.k2.k2',
    'Listen! Someone ____ in the next room.',
    ['sings', 'is singing', 'sang', 'sing'],
    'B',
    'Listen! 提示动作正在进行。',
    [MOCK],
  ),
  tr('en.g7.c2.k2.k2', '把下面的句子翻译成英语：我妈妈正在厨房里做饭。', 'My mother is cooking in the kitchen.'),
  fb('en.g7.c2.k3', 'There ____ some milk in the glass.', ['is'], '不可数名词作主语时 there be 用 is。'),
  tr('en.g7.c2.k3', '把下面的句子翻译成英语：我们学校附近有一个公园。', 'There is a park near our school.', [EXAMPLE]),
  rd(
    'en.g7.c3.k1',
    'My Weekend',
    [
      'My name is Li Hua. I am a student in Grade Seven. Last weekend was very busy for me.',
      'On Saturday morning, I did my homework. In the afternoon, I played basketball with my friends in the park. On Sunday, I visited my grandparents with my parents. My grandmother cooked a big dinner for us.',
      'I was tired, but I was very happy.',
    ],
    [
      {
        type: 'singleChoice',
        title: 'What did Li Hua do on Saturday morning?',
        options: ['He played basketball.', 'He did his homework.', 'He visited his grandparents.'],
        answer: ['B'],
      },
      { type: 'trueFalse', title: 'Li Hua played basketball with his parents.', answer: ['F'] },
      { type: 'fillBlank', title: 'Li Hua visited his ____ on Sunday.', answer: ['grandparents'] },
    ],
    [EXAMPLE],
  ),
  rd(
    'en.g7.c3.k2',
    'A Healthy Life',
    [
      'Everyone wants to be healthy. But how can we keep healthy? First, we should eat healthy food, such as fruit and vegetables. Second, we need to exercise every day.',
      'Third, sleep is important too. Students should sleep for about nine hours every night. If we do these things, we can have a healthy life.',
    ],
    [
      {
        type: 'singleChoice',
        title: 'What is the passage mainly about?',
        options: ['How to keep healthy.', 'How to cook food.', 'How to study well.'],
        answer: ['A'],
      },
      {
        type: 'multipleChoice',
        title: 'Which of the following are healthy habits in the passage?',
        options: ['Eating vegetables.', 'Exercising every day.', 'Playing computer games.', 'Sleeping enough.'],
        answer: ['A', 'B', 'D'],
      },
      { type: 'fillBlank', title: 'Students should sleep for about ____ hours every night.', answer: ['nine|9'] },
      { type: 'translation', title: '翻译：We need to exercise every day.', answer: ['我们需要每天锻炼。'] },
    ],
    [MOCK],
  ),
  // ---- English, grade 8 ----
  fb('en.g8.c1.k1.k1', 'We ____ (visit) the museum last Sunday.', ['visited'], '规则动词过去式一般加 -ed。', [EXAMPLE]),
  sc(
    'en.g8.c1.k1.k1',
    'She ____ for two hours yesterday.',
    ['study', 'studies', 'studied', 'studyed'],
    'C',
    '以辅音字母加 y 结尾，变 y 为 i 再加 -ed。',
  ),
  fb('en.g8.c1.k1.k2', 'I ____ (go) to Beijing with my family last summer.', ['went'], 'go 的过去式是 went。', [
    VARIANT,
  ]),
  mc(
    'en.g8.c1.k1.k2',
    '下列动词的过去式书写正确的有（多选）',
    ['buy — bought', 'eat — eated', 'see — saw', 'run — runned'],
    ['A', 'C'],
    'eat 的过去式为 ate，run 的过去式为 ran。',
  ),
  tf('en.g8.c1.k1.k2', '“teach” 的过去式是 “teached”。', 'F', 'teach 是不规则动词，过去式为 taught。', [MOCK]),
  sc(
    'en.g8.c1.k2.k1',
    'I think it ____ rain tomorrow.',
    ['is', 'will', 'was', 'did'],
    'B',
    'tomorrow 表示将来，用 will + 动词原形。',
  ),
  tr('en.g8.c1.k2.k1', '把下面的句子翻译成英语：明天我会给你打电话。', 'I will call you tomorrow.', [EXAMPLE]),
  fb(
    'en.g8.c1.k2.k2',
    'Look at the dark clouds. It ____ ____ ____ rain.',
    ['is', 'going', 'to'],
    '根据迹象推断即将发生的事，用 be going to。',
  ),
  sc(
    'en.g8.c1.k2.k2',
    'What ____ you going to do this weekend?',
    ['is', 'are', 'will', 'do'],
    'B',
    'be going to 结构中 be 随主语 you 用 are。',
    [VARIANT],
  ),
  sc(
    'en.g8.c1.k3',
    'Tom is ____ than his brother.',
    ['tall', 'taller', 'tallest', 'more tall'],
    'B',
    'than 提示用比较级。',
    [EXAMPLE],
  ),
  fb(
    'en.g8.c1.k3',
    'This is the ____ (interesting) book I have ever read.',
    ['most interesting'],
    '多音节形容词最高级前加 most。',
    [MOCK],
  ),
  rd(
    'en.g8.c2.k1',
    'The Lost Wallet',
    [
      'One afternoon, Mike found a wallet on his way home. There was some money and an ID card in it. Mike waited at the same place for an hour, but nobody came back for it.',
      "Then he took the wallet to the police station. The next day, an old man came to Mike's school to thank him. The old man said the money was for his wife's medicine.",
    ],
    [
      {
        type: 'singleChoice',
        title: 'What can we learn about Mike?',
        options: ['He is honest.', 'He is lazy.', 'He is rich.'],
        answer: ['A'],
      },
      { type: 'trueFalse', title: 'Mike kept the money for himself.', answer: ['F'] },
      {
        type: 'singleChoice',
        title: 'Why was the money important to the old man?',
        options: ['It was for a new car.', "It was for his wife's medicine.", 'It was for a trip.'],
        answer: ['B'],
      },
    ],
    [EXAMPLE],
  ),
  rd(
    'en.g8.c2.k2',
    'Bamboo',
    [
      'Bamboo is a kind of plant that grows very fast. Some bamboo can grow almost one metre in a single day! People in China have used bamboo for thousands of years.',
      'They use it to build houses, make furniture and even cook food. Pandas love bamboo too: it makes up 99% of their diet.',
    ],
    [
      {
        type: 'singleChoice',
        title: 'The underlined word "diet" probably means ____.',
        options: ['the food an animal usually eats', 'a kind of house', 'a way of sleeping'],
        answer: ['A'],
      },
      { type: 'fillBlank', title: 'Some bamboo can grow almost one ____ in a single day.', answer: ['metre|meter'] },
      {
        type: 'shortAnswer',
        title: 'What do people use bamboo for? 请用英语简要回答。',
        answer: ['They use it to build houses, make furniture and cook food.'],
      },
    ],
    [MOCK],
  ),
  // ---- English, grade 9 ----
  sc(
    'en.g9.c1.k1',
    'English ____ in many countries.',
    ['speaks', 'is spoken', 'spoke', 'is speaking'],
    'B',
    '主语 English 是动作的承受者，用被动语态。',
    [EXAMPLE],
  ),
  fb(
    'en.g9.c1.k1',
    'The bridge ____ ____ (build) in 2008.',
    ['was', 'built'],
    '一般过去时的被动语态：was/were + 过去分词。',
    [VARIANT],
  ),
  tr('en.g9.c1.k1', '把下面的句子翻译成英语：这本书是鲁迅写的。', 'This book was written by Lu Xun.'),
  sc(
    'en.g9.c1.k2',
    'Could you tell me ____?',
    ['where is the station', 'where the station is', 'where was the station', 'the station is where'],
    'B',
    '宾语从句用陈述语序。',
    [EXAMPLE],
  ),
  tf(
    'en.g9.c1.k2',
    "“I don't know if he will come tomorrow.” 中 if 引导的是宾语从句。",
    'T',
    'if 意为“是否”，引导宾语从句。',
  ),
  sa(
    'en.g9.c2.k1.k1',
    '假如你是李华，请给你的英国笔友 Tom 写一封信，介绍你的学校生活（不少于 60 词）。',
    'Dear Tom, I am glad to tell you about my school life. ...',
    '要点：问候、学校课程、课外活动、结尾祝福；注意书信格式。',
    [MOCK],
  ),
  sa(
    'en.g9.c2.k1.k2',
    '以 “An Unforgettable Day” 为题，写一篇不少于 80 词的记叙文。',
    'An Unforgettable Day. Last summer, I ...',
    '注意时态（一般过去时）、事件的起因经过结果以及个人感受。',
  ),
  // ---- Maths, grade 7 ----
  sc(
    'math.g7.c1.k1',
    '如果向东走 5 米记作 +5 米，那么向西走 3 米记作（　　）',
    ['+3 米', '−3 米', '+2 米', '−8 米'],
    'B',
    '具有相反意义的量用正负数表示。',
    [EXAMPLE],
  ),
  mc(
    'math.g7.c1.k1',
    '下列各数中，是负数的有（多选）',
    ['−2', '0', '−0.5', '3'],
    ['A', 'C'],
    '0 既不是正数也不是负数。',
  ),
  tf('math.g7.c1.k1', '0 是最小的有理数。', 'F', '负数都比 0 小，没有最小的有理数。', [VARIANT]),
  sc(
    'math.g7.c1.k2',
    '数轴上表示 −3 的点与原点的距离是（　　）',
    ['−3', '3', '0', '6'],
    'B',
    '距离是非负的，等于 |−3| = 3。',
  ),
  fb(
    'math.g7.c1.k2',
    '数轴上与表示 2 的点距离为 3 的点表示的数是 ____ 和 ____。',
    ['5|-1', '-1|5'],
    '2 + 3 = 5，2 − 3 = −1。',
    [MOCK],
  ),
  fb(
    'math.g7.c1.k3',
    '|−7| = ____，|+2.5| = ____。',
    ['7', '2.5'],
    '负数的绝对值是它的相反数，正数的绝对值是它本身。',
    [EXAMPLE],
  ),
  sc(
    'math.g7.c1.k3',
    '若 |a| = 4，则 a 的值是（　　）',
    ['4', '−4', '±4', '0'],
    'C',
    '绝对值为 4 的数有两个：4 和 −4。',
    [VARIANT],
  ),
  fb('math.g7.c1.k4.k1', '计算：(−3) + (−5) = ____。', ['-8|−8'], '同号两数相加，取相同的符号，并把绝对值相加。', [
    EXAMPLE,
  ]),
  sc(
    'math.g7.c1.k4.k2',
    '计算 3 − (−4) 的结果是（　　）',
    ['−1', '1', '7', '−7'],
    'C',
    '减去一个数等于加上它的相反数：3 + 4 = 7。',
  ),
  fb(
    'math.g7.c2.k1.k1',
    '单项式 <span class="math-tex" data-latex="-\\frac{2}{3}x^2y">-\\frac{2}{3}x^2y</span> 的系数是 ____。',
    ['-2/3|−2/3'],
    '单项式中的数字因数叫做系数。',
    [EXAMPLE],
  ),
  fb('math.g7.c2.k1.k2', '单项式 $3a^2b^3$ 的次数是 ____。', ['5'], '所有字母的指数和：2 + 3 = 5。'),
  tf('math.g7.c2.k2', '多项式 $x^2 - 2x + 1$ 是二次三项式。', 'T', '最高次项次数为 2，共三项。'),
  sc(
    'math.g7.c2.k3',
    '化简 3x + 2x − x 的结果是（　　）',
    ['4x', '5x', '6x', '4'],
    'A',
    '合并同类项：系数相加，字母和指数不变。',
    [MOCK],
  ),
  sc(
    'math.g7.c3.k1',
    '若 a = b，则下列变形错误的是（　　）',
    ['a + 2 = b + 2', 'a − 3 = b − 3', '2a = 2b', 'a / c = b / c'],
    'D',
    '当 c = 0 时，除法无意义。',
    [EXAMPLE],
  ),
  fb('math.g7.c3.k2.k1', '解方程 2x − 3 = 7，得 x = ____。', ['5'], '移项得 2x = 10，所以 x = 5。', [VARIANT]),
  sa(
    'math.g7.c3.k2.k2',
    '解方程：3(x − 2) = 2(x + 1)，写出完整的解题过程。',
    '去括号得 3x − 6 = 2x + 2，移项得 x = 8。',
    '注意去括号时每一项都要乘以括号外的数。',
  ),
  // ---- Maths, grade 8 ----
  sc(
    'math.g8.c1.k1',
    '下列长度的三条线段能组成三角形的是（　　）',
    ['1, 2, 3', '2, 3, 4', '2, 2, 5', '1, 1, 2'],
    'B',
    '任意两边之和大于第三边。',
    [EXAMPLE],
  ),
  fb('math.g8.c1.k2.k1', '在 △ABC 中，∠A = 50°，∠B = 60°，则 ∠C = ____°。', ['70'], '三角形内角和为 180°。', [EXAMPLE]),
  tf('math.g8.c1.k2.k2', '三角形的一个外角等于与它不相邻的两个内角的和。', 'T', '这是三角形外角的性质。', [MOCK]),
  mc(
    'math.g8.c2.k1',
    '下列条件中，能判定两个三角形全等的有（多选）',
    ['SSS', 'SAS', 'AAA', 'ASA'],
    ['A', 'B', 'D'],
    'AAA 只能说明两个三角形相似，不能判定全等。',
    [EXAMPLE],
  ),
  sc(
    'math.g8.c2.k1.k2',
    '已知 AB = DE，∠B = ∠E，要用 SAS 判定 △ABC ≌ △DEF，还需添加的条件是（　　）',
    ['AC = DF', 'BC = EF', '∠A = ∠D', '∠C = ∠F'],
    'B',
    'SAS 要求两边及其夹角对应相等，∠B 的两边是 AB 和 BC。',
    [VARIANT],
  ),
  sc(
    'math.g8.c3.k1',
    '下列各式中，y 是 x 的函数的是（　　）',
    ['y = 2x + 1', '|y| = x', 'y² = x', 'x² + y² = 1'],
    'A',
    '对于 x 的每一个值，y 都有唯一确定的值与之对应。',
  ),
  fb('math.g8.c3.k2', '一次函数 y = 2x − 4 的图像与 x 轴的交点坐标是 (____, 0)。', ['2'], '令 y = 0，解得 x = 2。', [
    MOCK,
  ]),
  // ---- Maths, grade 9 ----
  fb(
    'math.g9.c1.k1',
    '用配方法解方程 x² − 4x − 1 = 0，配方后得 (x − ____)² = ____。',
    ['2', '5'],
    'x² − 4x + 4 = 5，即 (x − 2)² = 5。',
    [EXAMPLE],
  ),
  sc(
    'math.g9.c1.k2',
    '一元二次方程 x² − 3x + 2 = 0 的判别式 Δ 的值是（　　）',
    ['1', '17', '−1', '9'],
    'A',
    'Δ = b² − 4ac = 9 − 8 = 1。',
  ),
  fb(
    'math.g9.c1.k3',
    '方程 x² − 5x + 6 = 0 的两个根是 ____ 和 ____。',
    ['2|3', '3|2'],
    '因式分解：(x − 2)(x − 3) = 0。',
    [VARIANT],
  ),
  sc(
    'math.g9.c2.k1',
    '抛物线 y = (x − 1)² + 3 的顶点坐标是（　　）',
    ['(1, 3)', '(−1, 3)', '(1, −3)', '(3, 1)'],
    'A',
    '顶点式 y = a(x − h)² + k 的顶点为 (h, k)。',
    [EXAMPLE],
  ),
  sa(
    'math.g9.c2.k2',
    '某商品每件进价 40 元，售价 60 元时每天可卖出 100 件；售价每涨 1 元，每天少卖 2 件。售价定为多少元时每天的利润最大？写出解题过程。',
    '设售价为 x 元，利润 W = (x − 40)[100 − 2(x − 60)]，当 x = 75 时 W 最大为 2450 元。',
    '建立二次函数模型，用配方法或顶点公式求最值。',
    [MOCK],
  ),
  // ---- Maths, grade 10 ----
  tf(
    'math.g10.c1.k1',
    '“我们班个子高的同学”能组成一个集合。',
    'F',
    '“个子高”没有明确的标准，不满足集合元素的确定性。',
    [EXAMPLE],
  ),
  fb(
    'math.g10.c1.k2.k1',
    '已知 A = {1, 2, 3}，B = {2, 3, 4}，则 A ∩ B = ____。',
    ['{2,3}|{2, 3}|{3,2}|{3, 2}'],
    '交集是两个集合的公共元素。',
  ),
  sc(
    'math.g10.c1.k2.k2',
    '已知 A = {1, 2}，B = {2, 3}，则 A ∪ B =（　　）',
    ['{2}', '{1, 2, 3}', '{1, 3}', '∅'],
    'B',
    '并集包含两个集合的所有元素。',
    [VARIANT],
  ),
  sc(
    'math.g10.c2.k1',
    '函数 f(x) = −2x + 1 在 R 上是（　　）',
    ['增函数', '减函数', '常函数', '不能确定'],
    'B',
    '一次函数的斜率为负时单调递减。',
  ),
  tf('math.g10.c2.k2', '函数 f(x) = x³ 是奇函数。', 'T', 'f(−x) = −x³ = −f(x)。', [MOCK]),
];

/** Agency other's own repository (private) and a repository it shares to the store. */
export const OTHER_QUESTIONS: QuestionFields[] = [
  sc(
    'en.g7.c2.k1.k2',
    'My father ____ coffee every morning.',
    ['drink', 'drinks', 'drinking', 'drank'],
    'B',
    '主语第三人称单数，一般现在时动词加 -s。',
  ),
  tf('math.g7.c1.k3', '互为相反数的两个数的绝对值相等。', 'T', '例如 |3| = |−3| = 3。'),
  fb('math.g8.c1.k2.k1', '等边三角形的每个内角都是 ____°。', ['60'], '180° ÷ 3 = 60°。'),
];

export const OTHER_SHARED_QUESTIONS: QuestionFields[] = [
  sc(
    'en.g8.c1.k3',
    'Which is ____, the sun or the moon?',
    ['big', 'bigger', 'biggest', 'more big'],
    'B',
    '两者比较用比较级，big 双写 g 加 -er。',
    [EXAMPLE],
  ),
  fb('math.g9.c1.k3', '方程 x² = 9 的根是 ____ 和 ____。', ['3|-3', '-3|3'], '直接开平方。', [VARIANT]),
  tr('en.g9.c1.k1', '把下面的句子翻译成英语：这座桥建于 1990 年。', 'The bridge was built in 1990.'),
];
