// Passwords and password pieces common among Chinese users, added to zxcvbn's dictionaries (docs/security.md
// "Passwords"): its own lists are English, so `woaini1314` or `wang123456!` looked strong to it. The list holds
// what Chinese password studies keep finding at the top — love phrases in pinyin and digits (5201314 "我爱你一生一世",
// 1314 "一生一世", 520 "我爱你"), lucky and keypad numbers, the common surnames and given-name syllables in pinyin,
// and the demo password this product prints at start (only the seeded demo accounts may keep it).
// Ordered roughly by frequency: zxcvbn ranks earlier entries as more likely; the twenty commonest surnames come
// first, as `wang123456!` is as common a shape as any phrase.

const PHRASES = [
  'woaini',
  'aini',
  'woaini1314',
  'aini1314',
  'woaini520',
  'aini520',
  '5201314',
  '1314520',
  '520520',
  '1314',
  '520',
  'aini1314520',
  'woaini5201314',
  'iloveyou',
  'woaiwojia',
  'woaiziji',
  'woaimama',
  'woaibaba',
  'baobao',
  'baobei',
  'laopo',
  'laogong',
  'qinai',
  'xiaobao',
  'xiaobai',
  'xiaoxiao',
  'tiantian',
  'kuaile',
  'xingfu',
  'pingan',
  'yongyuan',
  'shengri',
  'mima',
  'wodemima',
  'zhongguo',
  'beijing',
  'shanghai',
  'nihao',
  'haoren',
  'dearbook',
  'xiazhili',
  'edu-demo-2026',
  'edudemo2026',
  'edu-demo',
];

const NUMBERS = [
  '123456789',
  '12345678',
  '11111111',
  '00000000',
  '123123123',
  '1234567890',
  '88888888',
  '111111111',
  '147258369',
  '987654321',
  '66666666',
  '11223344',
  '789456123',
  '87654321',
  '31415926',
  '12344321',
  '123654789',
  '12121212',
  '110110110',
  '123321123',
  '123456123',
  '159357',
  '147258',
  '258369',
  '741852963',
  '168168',
  '888888',
  '666666',
  '518518',
  '995995',
  '201314',
];

/** The hundred-odd commonest surnames and given-name syllables in pinyin (people put their name in passwords). */
const NAMES = (
  'wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he gao lin luo zheng liang xie song tang ' +
  'han feng deng cao peng zeng xiao tian dong yuan pan cai jiang yu du ye cheng wei su lv ding ren shen yao lu ' +
  'jiang cui zhong tan lu wang fan jin shi liao jia xia wei fu fang bai zou meng xiong qin qiu jiang yin xue yan ' +
  'duan lei hou long shi tao li he gu mao hao gong shao wan qian yan qin wu dai mo kong xiang tang ' +
  'wei jie min jing li ying hua hong ming jun ping gang qiang lei yan fang na xiu lan mei juan yun ling hui ' +
  'yu jian bin bo chao tao hao yong yi xin xiaoming xiaohong xiaoli xiaoyu xiaolong zhiqiang jianguo jianhua ' +
  'guoqiang haiyan lihua'
).split(' ');

const QWERTY = ['1qaz2wsx', 'qazwsxedc', '1q2w3e4r', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwer1234', 'abcd1234'];

/** Without duplicates, in first-seen order. */
export const COMMON_PASSWORDS_ZH: readonly string[] = [
  ...new Set([...NAMES.slice(0, 20), ...PHRASES, ...NUMBERS, ...QWERTY, ...NAMES]),
];
