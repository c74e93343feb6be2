// Right and wrong student translations of exam-style sentences (docs/reading.md "Judging translations"), written for
// this project as a middle-school English teacher would mark them: "right" answers keep the meaning in other words
// or another order; "wrong" ones change it (a negation, a person, a number, a key word) or leave part out. The
// translation judge's threshold is calibrated on them (translation-pairs.test.ts).

export interface TranslationCase {
  en: string;
  reference: string;
  right: string[];
  wrong: string[];
}

export const TRANSLATION_CASES: TranslationCase[] = [
  {
    en: 'We need to exercise every day.',
    reference: '我们需要每天锻炼。',
    right: ['我们每天都需要做运动。', '我们每天都要锻炼。', '每天我们都需要锻炼身体。'],
    wrong: ['我们不需要每天锻炼。', '他们需要每天锻炼。', '我们每天都需要学习。'],
  },
  {
    en: 'She suddenly realized that she had left her keys at home.',
    reference: '她突然意识到她把钥匙落在家里了。',
    right: ['她忽然意识到自己把钥匙忘在家里了。', '她突然认识到钥匙被她落在家里了。'],
    wrong: ['她突然意识到她把钥匙带来了。', '她突然实现了她把钥匙落在家里。', '他突然发现他的书在家里。'],
  },
  {
    en: 'The tortoise was slow, but he was persistent.',
    reference: '乌龟走得很慢，但是他坚持不懈。',
    right: ['乌龟很慢，但他坚持不懈。', '乌龟虽然走得慢，可是他持之以恒。', '乌龟行动缓慢，但是它坚持不懈。'],
    wrong: ['乌龟很快，而且他坚持不懈。', '乌龟很慢，所以他放弃了。', '兔子很慢，但是他很聪明。'],
  },
  {
    en: 'The hare ridiculed him for his slowness.',
    reference: '兔子嘲笑他走得慢。',
    right: ['兔子取笑他慢。', '兔子因为他走得慢而嘲笑他。'],
    wrong: ['兔子帮助他走得快一点。', '乌龟嘲笑兔子走得慢。', '兔子很慢。'],
  },
  {
    en: 'My parents often tell me to read more books.',
    reference: '我父母经常告诉我要多读书。',
    right: ['我的父母常常告诉我多读些书。', '爸爸妈妈经常跟我说要多读书。'],
    wrong: ['我父母从不让我读书。', '我经常告诉父母要多读书。', '我父母经常给我买书。'],
  },
  {
    en: 'Tom did not go to school yesterday because he was ill.',
    reference: '汤姆昨天没有去上学，因为他生病了。',
    right: ['因为生病了，汤姆昨天没去上学。', '汤姆昨天由于生病没有去学校。'],
    wrong: ['汤姆昨天去上学了，因为他生病了。', '汤姆今天没有去上学，因为他生病了。', '汤姆昨天没有去上学。'],
  },
  {
    en: 'There are forty students in our class.',
    reference: '我们班有四十名学生。',
    right: ['我们班上有四十个学生。', '我们班一共有四十名学生。'],
    wrong: ['我们班有十四名学生。', '他们班有四十名学生。', '我们学校有四十名老师。'],
  },
  {
    en: 'It is important for teenagers to get enough sleep.',
    reference: '对青少年来说，睡眠充足很重要。',
    right: ['青少年获得足够的睡眠是很重要的。', '睡眠充足对青少年来说非常重要。'],
    wrong: ['对青少年来说，睡眠并不重要。', '青少年不应该睡太多。', '对老人来说，睡眠充足很重要。'],
  },
  {
    en: 'He was too tired to walk any further.',
    reference: '他太累了，再也走不动了。',
    right: ['他累得再也走不动了。', '他太累了，走不动了。'],
    wrong: ['他一点也不累，继续往前走。', '他太累了，所以走得更远了。', '她太饿了，再也走不动了。'],
  },
  {
    en: 'Reading can open our eyes to the world.',
    reference: '阅读能开阔我们的眼界。',
    right: ['读书可以开阔我们的视野。', '阅读能够使我们开阔眼界。'],
    wrong: ['阅读会伤害我们的眼睛。', '阅读不能开阔我们的眼界。', '旅行能开阔我们的眼界。'],
  },
  {
    en: 'I have lived in this city for ten years.',
    reference: '我在这个城市住了十年。',
    right: ['我已经在这座城市生活了十年。', '我住在这个城市已经十年了。'],
    wrong: ['我在这个城市住了两年。', '我十年前离开了这个城市。', '他在这个城市住了十年。'],
  },
  {
    en: 'The old man lives alone, but he never feels lonely.',
    reference: '那位老人独自生活，但他从不感到孤独。',
    right: ['那个老人一个人住，可是他从来不觉得孤单。', '老人独自生活，但是他从来不感到寂寞。'],
    wrong: ['那位老人独自生活，他经常感到孤独。', '那位老人和家人住在一起，从不感到孤独。', '那位老人很孤独。'],
  },
  {
    en: 'She decided to help the poor children in the village.',
    reference: '她决定帮助村里的贫困儿童。',
    right: ['她下决心帮助村子里的穷孩子。', '她决定去帮助村里那些贫穷的孩子。'],
    wrong: ['她决定离开村里的贫困儿童。', '他们决定帮助城里的孩子。', '她不想帮助村里的贫困儿童。'],
  },
  {
    en: 'If it rains tomorrow, we will stay at home.',
    reference: '如果明天下雨，我们就待在家里。',
    right: ['要是明天下雨，我们就呆在家里。', '假如明天下雨的话，我们将待在家中。'],
    wrong: ['如果明天不下雨，我们就待在家里。', '明天会下雨，我们去公园。', '如果明天下雨，他们就待在家里。'],
  },
  {
    en: 'Many people think that money can buy happiness.',
    reference: '许多人认为金钱能买到幸福。',
    right: ['很多人觉得钱能买到幸福。', '许多人以为金钱可以买来幸福。'],
    wrong: ['许多人认为金钱买不到幸福。', '很少有人认为金钱能买到幸福。', '许多人认为幸福比金钱重要。'],
  },
  {
    en: 'The boy was afraid of the dark when he was young.',
    reference: '这个男孩小时候怕黑。',
    right: ['这个男孩小的时候害怕黑暗。', '男孩小时候很怕黑。'],
    wrong: ['这个男孩小时候不怕黑。', '这个女孩小时候怕狗。', '这个男孩现在怕黑。'],
  },
  {
    en: 'We should protect the environment for our children.',
    reference: '为了我们的孩子，我们应该保护环境。',
    right: ['我们应该为了孩子们保护环境。', '为了孩子，我们应当保护好环境。'],
    wrong: ['我们不应该破坏孩子的玩具。', '为了我们的孩子，我们应该赚更多钱。', '孩子们应该保护环境。'],
  },
  {
    en: 'He finally won the race by steady effort.',
    reference: '他凭着踏实的努力最终赢得了比赛。',
    right: ['他靠着稳定的努力终于赢了比赛。', '最后他凭借坚持不懈的努力赢得了比赛。'],
    wrong: ['他最终输掉了比赛。', '他凭着踏实的努力最终通过了考试。', '他们靠运气赢得了比赛。'],
  },
  {
    en: 'The teacher asked us to finish the homework before Friday.',
    reference: '老师要求我们在星期五之前完成作业。',
    right: ['老师让我们周五前完成作业。', '老师要我们在星期五以前把作业做完。'],
    wrong: ['老师要求我们在星期一之前完成作业。', '我们要求老师在星期五之前完成作业。', '老师要求我们星期五做运动。'],
  },
  {
    en: 'Scientists have found a new way to produce clean energy.',
    reference: '科学家们已经找到了一种生产清洁能源的新方法。',
    right: ['科学家发现了一种产生清洁能源的新办法。', '科学家们找到了生产清洁能源的新方式。'],
    wrong: [
      '科学家们还没有找到生产清洁能源的方法。',
      '科学家们发现了一颗新的星星。',
      '工人们找到了一种生产汽车的新方法。',
    ],
  },
  {
    en: 'My mother is busy cooking in the kitchen.',
    reference: '我妈妈正在厨房里忙着做饭。',
    right: ['我母亲正在厨房忙着做饭。', '妈妈在厨房里忙着做饭呢。'],
    wrong: ['我妈妈正在客厅里看电视。', '我爸爸正在厨房里忙着做饭。', '我妈妈不在厨房里做饭。'],
  },
  {
    en: 'Although he is rich, he is not happy.',
    reference: '虽然他很富有，但他并不快乐。',
    right: ['尽管他很有钱，但他并不开心。', '他虽然富有，可是并不快乐。'],
    wrong: ['因为他很富有，所以他很快乐。', '虽然他很穷，但他很快乐。', '虽然她很富有，但她并不快乐。'],
  },
  {
    en: 'The students planted three hundred trees last spring.',
    reference: '去年春天学生们种了三百棵树。',
    right: ['学生们去年春天种了三百棵树。', '去年春季，学生们栽了三百棵树。'],
    wrong: ['去年春天学生们种了三十棵树。', '去年秋天学生们砍了三百棵树。', '今年春天老师们种了三百棵树。'],
  },
  {
    en: 'You can always ask your friends for help.',
    reference: '你总是可以向朋友求助。',
    right: ['你随时可以请朋友帮忙。', '你一直都可以向你的朋友寻求帮助。'],
    wrong: ['你永远不能向朋友求助。', '你的朋友总是向你求助。', '你可以向老师求助。'],
  },
  {
    en: 'The museum is closed on Mondays.',
    reference: '博物馆星期一闭馆。',
    right: ['博物馆每周一不开放。', '这座博物馆在星期一关门。'],
    wrong: ['博物馆星期一开放。', '博物馆星期天闭馆。', '图书馆星期一闭馆。'],
  },
  {
    en: 'She was so excited that she could not sleep.',
    reference: '她太激动了，以至于睡不着觉。',
    right: ['她兴奋得睡不着觉。', '她激动得无法入睡。'],
    wrong: ['她太累了，很快就睡着了。', '她很激动，睡得很香。', '他太激动了，以至于吃不下饭。'],
  },
  {
    en: 'Playing computer games too much is bad for your eyes.',
    reference: '玩太多电脑游戏对你的眼睛有害。',
    right: ['电脑游戏玩得太多对眼睛不好。', '过多地玩电脑游戏对你的眼睛有害处。'],
    wrong: ['玩电脑游戏对你的眼睛有好处。', '玩太多电脑游戏对你的学习有害。', '看太多电视对你的眼睛有害。'],
  },
  {
    en: 'The village has changed a lot in the past twenty years.',
    reference: '在过去的二十年里，这个村庄发生了很大的变化。',
    right: ['这个村子在过去二十年里变化很大。', '过去二十年来，这个村庄变了很多。'],
    wrong: [
      '在过去的二十年里，这个村庄没有什么变化。',
      '在过去的十年里，这个村庄发生了很大的变化。',
      '这个城市将来会有很大的变化。',
    ],
  },
  {
    en: 'Nobody knows where the old man came from.',
    reference: '没有人知道那位老人是从哪里来的。',
    right: ['谁也不知道那个老人从哪儿来。', '没人知道这位老人来自哪里。'],
    wrong: ['每个人都知道那位老人是从哪里来的。', '那位老人不知道自己要去哪里。', '没有人知道那个男孩是从哪里来的。'],
  },
  {
    en: 'Jane laughed when she heard the story.',
    reference: '简听到这个故事时笑了。',
    right: ['听到这个故事，简笑了起来。', '简听了这个故事后笑了。'],
    wrong: ['简听到这个故事时哭了。', '简讲这个故事时笑了。', '汤姆听到这个故事时笑了。'],
  },
];

/** Every case as one pair per answer: the reference, the student's answer, and whether it is right. */
export const TRANSLATION_PAIRS = TRANSLATION_CASES.flatMap((c) => [
  ...c.right.map((answer) => ({ en: c.en, reference: c.reference, answer, right: true })),
  ...c.wrong.map((answer) => ({ en: c.en, reference: c.reference, answer, right: false })),
]);
