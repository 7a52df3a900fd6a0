import { QUESTIONNAIRE_MINUTES, SAMPLE_RETURN_DAYS, SCREENING_AGE } from '@/config/screening';
import type { DictionaryItemWire, DictionaryTypeCode, Questionnaire } from '@/types/api';

/** Static demo content: dictionaries, questionnaires and texts. Dates and people are made in seed.ts. */

const items = (pairs: readonly (readonly [string, string, string?])[]): DictionaryItemWire[] =>
  pairs.map(([itemValue, itemText, customAttribute]) => ({
    itemValue,
    itemText,
    customAttribute: customAttribute ?? null,
  }));

/** GB 3304 order; values without leading zeros, since the app turns numeric values into numbers. */
const NATIONS = [
  '汉族',
  '蒙古族',
  '回族',
  '藏族',
  '维吾尔族',
  '苗族',
  '彝族',
  '壮族',
  '布依族',
  '朝鲜族',
  '满族',
  '侗族',
  '瑶族',
  '白族',
  '土家族',
  '哈尼族',
  '哈萨克族',
  '傣族',
  '黎族',
  '傈僳族',
  '佤族',
  '畲族',
  '高山族',
  '拉祜族',
  '水族',
  '东乡族',
  '纳西族',
  '景颇族',
  '柯尔克孜族',
  '土族',
  '达斡尔族',
  '仫佬族',
  '羌族',
  '布朗族',
  '撒拉族',
  '毛南族',
  '仡佬族',
  '锡伯族',
  '阿昌族',
  '普米族',
  '塔吉克族',
  '怒族',
  '乌孜别克族',
  '俄罗斯族',
  '鄂温克族',
  '德昂族',
  '保安族',
  '裕固族',
  '京族',
  '塔塔尔族',
  '独龙族',
  '鄂伦春族',
  '赫哲族',
  '门巴族',
  '珞巴族',
  '基诺族',
];

export function seedDictionaries(): Record<DictionaryTypeCode, DictionaryItemWire[]> {
  return {
    gender: items([
      ['1', '男'],
      ['2', '女'],
    ]),
    nation: NATIONS.map((itemText, index) => ({
      itemValue: String(index + 1),
      itemText,
      customAttribute: null,
    })),
    education: items([
      ['1', '文盲或半文盲'],
      ['2', '小学'],
      ['3', '初中'],
      ['4', '高中/中专/技校'],
      ['5', '大学专科'],
      ['6', '大学本科'],
      ['7', '研究生及以上'],
    ]),
    occupation: items([
      ['1', '国家机关、党群组织、企事业单位负责人'],
      ['2', '专业技术人员'],
      ['3', '办事人员和有关人员'],
      ['4', '商业、服务业人员'],
      ['5', '农林牧渔水利业生产人员'],
      ['6', '生产、运输设备操作人员'],
      ['7', '军人'],
      ['8', '离退休人员'],
      ['9', '无业或失业人员'],
      ['10', '其他'],
    ]),
    relation: items([
      ['1', '配偶'],
      ['2', '子女'],
      ['3', '父母'],
      ['4', '兄弟姐妹'],
      ['5', '其他亲属'],
      ['6', '朋友'],
      ['7', '其他'],
    ]),
    tube_status: items([
      ['unbound', '未绑定', 'default'],
      ['bound', '已绑定', 'primary'],
      ['sampled', '已采样', 'primary'],
      ['received', '实验室已接收', 'warning'],
      ['tested', '已检测', 'warning'],
      ['reported', '已出报告', 'success'],
    ]),
    report_result: items([
      ['negative', '阴性', 'success'],
      ['positive', '阳性', 'danger'],
    ]),
    unbind_reason: items([
      ['1', '扫码绑定错误（绑错受检者）'],
      ['2', '采样管破损或污染'],
      ['3', '受检者放弃本次筛查'],
      ['4', '登记信息有误，需重新登记'],
      ['5', '其他原因'],
    ]),
    message_type: items([
      ['report', '报告通知', 'success'],
      ['system', '系统通知', 'primary'],
      ['reminder', '采样提醒', 'warning'],
    ]),
    response_status: items([
      ['draft', '草稿', 'default'],
      ['submitted', '已提交', 'success'],
    ]),
  };
}

const YES_NO = [
  { value: 'yes', label: '是' },
  { value: 'no', label: '否' },
];

export const RISK_QUESTIONNAIRE_ID = 'qn-crc-risk';
export const LIFESTYLE_QUESTIONNAIRE_ID = 'qn-lifestyle';

export function seedQuestionnaires(): Questionnaire[] {
  return [
    {
      id: RISK_QUESTIONNAIRE_ID,
      title: '大肠癌筛查风险评估问卷',
      description: `本问卷用于评估您患大肠癌的风险，约需 ${QUESTIONNAIRE_MINUTES} 分钟。请根据近两年的实际情况如实填写，带 * 的题目为必答题。`,
      version: '2026.1',
      questions: [
        {
          id: 'q1',
          type: 'single',
          title: '近两年内，您是否有慢性腹泻（每年累计超过 3 个月）？',
          required: true,
          options: YES_NO,
        },
        {
          id: 'q2',
          type: 'single',
          title: '近两年内，您是否有慢性便秘（每年累计超过 2 个月）？',
          required: true,
          options: YES_NO,
        },
        {
          id: 'q3',
          type: 'single',
          title: '近两年内，您是否出现过黏液血便？',
          required: true,
          options: YES_NO,
        },
        {
          id: 'q4',
          type: 'single',
          title: '您是否曾被诊断患有以下肠道疾病？',
          required: true,
          options: [
            { value: 'none', label: '没有' },
            { value: 'polyp', label: '肠息肉' },
            { value: 'colitis', label: '溃疡性结肠炎' },
            { value: 'other', label: '其他肠道疾病' },
          ],
        },
        {
          id: 'q5',
          type: 'multiple',
          title: '近一年内，您是否出现过以下情况？（可多选）',
          required: true,
          options: [
            { value: 'bleeding', label: '便血' },
            { value: 'habit', label: '排便习惯改变' },
            { value: 'pain', label: '腹痛、腹胀' },
            { value: 'weight', label: '不明原因消瘦' },
            { value: 'anemia', label: '贫血、乏力' },
            { value: 'none', label: '以上都没有' },
          ],
        },
        {
          id: 'q6',
          type: 'single',
          title: '您的父母、子女或兄弟姐妹中，是否有人患过大肠癌？',
          required: true,
          options: [
            { value: 'yes', label: '有' },
            { value: 'no', label: '没有' },
            { value: 'unknown', label: '不清楚' },
          ],
        },
        {
          id: 'q7',
          type: 'single',
          title: '您是否做过结肠镜检查？',
          required: false,
          options: [
            { value: 'never', label: '从未做过' },
            { value: 'within5', label: '5 年内做过' },
            { value: 'before5', label: '5 年以前做过' },
          ],
        },
        {
          id: 'q8',
          type: 'text',
          title: '其他需要告诉医生的情况',
          required: false,
          placeholder: '如正在服用的药物、近期手术等（选填）',
          maxLength: 200,
        },
      ],
    },
    {
      id: LIFESTYLE_QUESTIONNAIRE_ID,
      title: '饮食与生活方式调查',
      description: '了解您的饮食和生活习惯，帮助医生给出更有针对性的健康建议。约需 2 分钟。',
      version: '2026.1',
      questions: [
        {
          id: 'l1',
          type: 'single',
          title: '您的吸烟情况是？',
          required: true,
          options: [
            { value: 'never', label: '从不吸烟' },
            { value: 'quit', label: '已戒烟' },
            { value: 'current', label: '目前吸烟' },
          ],
        },
        {
          id: 'l2',
          type: 'single',
          title: '您平时饮酒吗？',
          required: true,
          options: [
            { value: 'never', label: '不饮酒' },
            { value: 'sometimes', label: '偶尔饮酒（每周少于 1 次）' },
            { value: 'often', label: '经常饮酒（每周 1 次及以上）' },
          ],
        },
        {
          id: 'l3',
          type: 'single',
          title: '您每周吃红肉（猪牛羊肉）或加工肉类（香肠、火腿等）的次数？',
          required: true,
          options: [
            { value: 'low', label: '少于 3 次' },
            { value: 'medium', label: '3～6 次' },
            { value: 'high', label: '7 次及以上' },
          ],
        },
        {
          id: 'l4',
          type: 'multiple',
          title: '您的日常饮食有哪些特点？（可多选）',
          required: true,
          options: [
            { value: 'oily', label: '口味偏油腻' },
            { value: 'pickled', label: '常吃腌制、烟熏食品' },
            { value: 'vegetables', label: '每天吃新鲜蔬菜水果' },
            { value: 'grains', label: '常吃粗粮杂粮' },
          ],
        },
        {
          id: 'l5',
          type: 'single',
          title: '您每周进行 30 分钟以上中等强度运动（如快走、太极拳）的天数？',
          required: false,
          options: [
            { value: '0', label: '几乎不运动' },
            { value: '1-2', label: '1～2 天' },
            { value: '3+', label: '3 天及以上' },
          ],
        },
        {
          id: 'l6',
          type: 'text',
          title: '关于饮食或生活习惯，您还有什么想告诉我们的？',
          required: false,
          placeholder: '选填',
          maxLength: 200,
        },
      ],
    },
  ];
}

const DIGESTIVE_CLINIC_PHONE = '021-54880000';

export const POSITIVE_ADVICE =
  '本次便隐血（FIT）检测结果为阳性，提示肠道可能有出血，需要进一步检查明确原因。阳性不等于患癌，请不必过度紧张，' +
  `但务必在 1 个月内到医院消化内科进行结肠镜检查。请携带本报告和身份证，拨打消化内科预约电话 ${DIGESTIVE_CLINIC_PHONE}` +
  '（工作日 8:00-17:00）预约检查。';

export const NEGATIVE_ADVICE =
  '本次便隐血（FIT）检测结果为阴性。建议 1 年后再次参加大肠癌筛查。请保持清淡饮食、多吃蔬菜水果和粗粮、适量运动；' +
  '如出现便血、排便习惯改变、腹痛或不明原因消瘦等情况，请及时到医院就诊。';

export const SAMPLING_GUIDE_LINES = [
  '一、采样前准备',
  '1. 核对采样管上的编码与登记时绑定的编码一致。',
  '2. 月经期、痔疮出血期间请暂缓采样，待出血停止 3 天后再采样。',
  '3. 采样前无需空腹，也无需改变饮食。',
  '二、采样步骤',
  '1. 在便池内铺上采便纸，或使用干净的一次性容器接取粪便，避免粪便接触马桶内的水。',
  '2. 旋开采样管盖，用采样棒在粪便的不同部位（表面和内部）各刮取少许，使采样棒螺纹处被粪便覆盖即可，不要过多。',
  '3. 将采样棒插回采样管并拧紧，上下摇晃 5 次左右。',
  '4. 在采样管标签上填写采样日期和时间。',
  '三、保存与送检',
  `1. 采样后请在 ${SAMPLE_RETURN_DAYS} 天内交回社区卫生服务中心，暂时无法送回的请冷藏（2-8℃）保存，不要冷冻。`,
  '2. 送检时请携带身份证，工作人员会在系统中核对采样管编码和采样时间。',
  '四、常见问题',
  '如采样管破损、漏液或编码无法识别，请联系社区卫生服务中心更换采样管。',
  `咨询电话：${DIGESTIVE_CLINIC_PHONE}（工作日 8:00-17:00）`,
];

export const HOSPITAL_LIST_TEXT = [
  '结肠镜检查定点医院名单（筛查阳性人群绿色通道）',
  '',
  '1. 徐汇区中心医院 消化内科  预约电话：021-54880000 转 2317',
  '2. 徐汇区第二人民医院 内镜中心  预约电话：021-54880000 转 2405',
  '3. 枫林社区卫生服务中心 转诊服务台  咨询电话：021-54880000 转 1101',
  '',
  '就诊时请携带：身份证、医保卡、便隐血检测报告（纸质或电子版均可）。',
  '结肠镜检查前需遵医嘱进行肠道准备，请提前与医院确认检查时间。',
  '',
].join('\n');

/** A small illustration for the launch announcement, inline so the demo needs no image server. */
export function screeningBannerDataUri(): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="280" viewBox="0 0 640 280">' +
    '<rect width="640" height="280" rx="24" fill="#e8f4ff"/>' +
    '<circle cx="520" cy="140" r="90" fill="#1677ff" opacity="0.15"/>' +
    '<circle cx="520" cy="140" r="56" fill="#1677ff" opacity="0.3"/>' +
    '<text x="48" y="118" font-size="44" font-weight="bold" fill="#0b4fa8">大肠癌免费筛查</text>' +
    '<text x="48" y="176" font-size="28" fill="#333">早发现 · 早诊断 · 早治疗</text>' +
    `<text x="48" y="224" font-size="22" fill="#666">${SCREENING_AGE.min}-${SCREENING_AGE.max} 岁常住居民可免费参加</text>` +
    '</svg>';
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
