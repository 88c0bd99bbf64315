import { LANGUAGES, type Language } from '@shop/contract';
import { DEMO_TEXTS, type TranslatedLanguage } from './texts/index.js';

/**
 * The demo shop, generated deterministically (same seed, same shop): categories, goods with specs
 * and SKUs, reviews, and the texts of its content, in every language the app offers. English and
 * Simplified Chinese are written here; the other languages are in `texts/<language>.ts`, keyed by
 * the English text.
 */

export type T = Record<Language, string>;
const TRANSLATED = Object.keys(DEMO_TEXTS) as TranslatedLanguage[];
/** A demo text in every language; one without its translation stops the seed, so none ships half-translated. */
export const demoText = (en: string, zh: string): T => {
  const texts = { 'en-us': en, 'zh-cn': zh } as T;
  for (const lang of TRANSLATED) {
    const text = DEMO_TEXTS[lang][en];
    if (!text) throw new Error(`demo text "${en}" has no ${lang} translation`);
    texts[lang] = text;
  }
  return texts;
};
const t = demoText;
/** The same text built in every language. */
export const inEveryLanguage = (build: (lang: Language) => string): T => Object.fromEntries(LANGUAGES.map((l) => [l, build(l)])) as T;

/** Reviews are what members wrote, each in one language. */
type ReviewText = { 'en-us': string; 'zh-cn': string };
const review = (en: string, zh: string): ReviewText => ({ 'en-us': en, 'zh-cn': zh });

/** A small seeded random generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export const CATEGORY_TYPES: T[] = [t('Shop by department', '按品类选购'), t('Lifestyle', '生活方式')];

interface DemoCategory {
  name: T;
  type: number;
  hue: number;
  /** What the goods of this category are called. */
  nouns: T[];
  /** The second spec of its goods (the first is always colour). */
  spec: { name: T; values: T[] };
  /** Price range in cents. */
  price: [number, number];
  children: T[];
  /** For each noun, the subcategory its goods belong to (index into children). */
  nounChild?: number[];
}

const SIZE = { name: t('Size', '尺码'), values: [t('S', 'S'), t('M', 'M'), t('L', 'L'), t('XL', 'XL')] };
const STORAGE = { name: t('Storage', '容量'), values: [t('64 GB', '64GB'), t('128 GB', '128GB'), t('256 GB', '256GB')] };
const EDITION = { name: t('Edition', '版本'), values: [t('Standard', '标准版'), t('Plus', '加强版'), t('Gift box', '礼盒装')] };
export const PACK = { name: t('Pack', '规格'), values: [t('Single', '单件装'), t('Twin pack', '两件装'), t('Family pack', '家庭装')] };
const VOLUME = { name: t('Volume', '容量'), values: [t('250 ml', '250毫升'), t('500 ml', '500毫升'), t('1 L', '1升')] };

export const CATEGORIES: DemoCategory[] = [
  { name: t('Phones & Tablets', '手机平板'), type: 1, hue: 210, nouns: [t('Smartphone', '智能手机'), t('Tablet', '平板电脑'), t('Phone Case', '手机壳')], spec: STORAGE, price: [1999, 89900], children: [t('Smartphones', '智能手机'), t('Tablets', '平板电脑'), t('Accessories', '配件')], nounChild: [0, 1, 2] },
  { name: t('Computers', '电脑办公'), type: 1, hue: 230, nouns: [t('Laptop', '笔记本电脑'), t('Keyboard', '键盘'), t('Monitor', '显示器')], spec: EDITION, price: [2999, 129900], children: [t('Laptops', '笔记本'), t('Peripherals', '外设')], nounChild: [0, 1, 1] },
  { name: t('Audio', '影音娱乐'), type: 1, hue: 260, nouns: [t('Headphones', '头戴耳机'), t('Earbuds', '无线耳机'), t('Speaker', '音箱')], spec: EDITION, price: [1599, 39900], children: [] },
  { name: t("Women's Fashion", '女装'), type: 1, hue: 330, nouns: [t('Dress', '连衣裙'), t('Blouse', '衬衫'), t('Cardigan', '开衫')], spec: SIZE, price: [1299, 15900], children: [t('Dresses', '连衣裙'), t('Tops', '上衣')], nounChild: [0, 1, 1] },
  { name: t("Men's Fashion", '男装'), type: 1, hue: 200, nouns: [t('T-Shirt', 'T恤'), t('Jacket', '夹克'), t('Chinos', '休闲裤')], spec: SIZE, price: [999, 19900], children: [t('Shirts', '衬衫'), t('Outerwear', '外套'), t('Trousers', '裤装')], nounChild: [0, 1, 2] },
  { name: t('Shoes & Bags', '鞋包'), type: 1, hue: 25, nouns: [t('Sneakers', '运动鞋'), t('Backpack', '双肩包'), t('Tote Bag', '托特包')], spec: SIZE, price: [1999, 25900], children: [] },
  { name: t('Beauty', '美妆个护'), type: 2, hue: 345, nouns: [t('Face Serum', '精华液'), t('Lipstick', '口红'), t('Moisturiser', '保湿霜')], spec: VOLUME, price: [699, 12900], children: [t('Skincare', '护肤'), t('Makeup', '彩妆')], nounChild: [0, 1, 0] },
  { name: t('Home & Kitchen', '家居厨房'), type: 2, hue: 40, nouns: [t('Cookware Set', '锅具套装'), t('Coffee Maker', '咖啡机'), t('Bedding Set', '床品套件')], spec: EDITION, price: [1499, 49900], children: [t('Kitchen', '厨房'), t('Bedroom', '卧室')], nounChild: [0, 0, 1] },
  { name: t('Food & Drinks', '食品饮料'), type: 2, hue: 95, nouns: [t('Green Tea', '绿茶'), t('Coffee Beans', '咖啡豆'), t('Mixed Nuts', '混合坚果')], spec: PACK, price: [399, 6900], children: [] },
  { name: t('Sports & Outdoors', '运动户外'), type: 2, hue: 150, nouns: [t('Yoga Mat', '瑜伽垫'), t('Running Shorts', '跑步短裤'), t('Water Bottle', '运动水壶')], spec: SIZE, price: [899, 14900], children: [t('Fitness', '健身'), t('Outdoors', '户外')], nounChild: [0, 0, 1] },
  { name: t('Toys & Kids', '母婴玩具'), type: 2, hue: 50, nouns: [t('Building Blocks', '积木'), t('Plush Toy', '毛绒玩具'), t('Puzzle', '拼图')], spec: EDITION, price: [599, 9900], children: [] },
  { name: t('Health', '健康保健'), type: 2, hue: 175, nouns: [t('Vitamin C', '维生素C'), t('Fish Oil', '鱼油'), t('Protein Powder', '蛋白粉')], spec: PACK, price: [999, 8900], children: [] },
  { name: t('Watches & Jewellery', '钟表珠宝'), type: 1, hue: 45, nouns: [t('Watch', '手表'), t('Necklace', '项链'), t('Bracelet', '手链')], spec: EDITION, price: [2999, 99900], children: [] },
  { name: t('Pet Supplies', '宠物用品'), type: 2, hue: 120, nouns: [t('Cat Food', '猫粮'), t('Dog Leash', '牵引绳'), t('Pet Bed', '宠物窝')], spec: PACK, price: [499, 7900], children: [] },
];

const ADJECTIVES: T[] = [
  t('Classic', '经典'), t('Premium', '高级'), t('Smart', '智能'), t('Ultra', '超能'), t('Lite', '轻享'), t('Pro', '专业'),
  t('Eco', '环保'), t('Deluxe', '豪华'), t('Urban', '都市'), t('Nordic', '北欧'), t('Aurora', '极光'), t('Velvet', '丝绒'),
];

export const COLOURS: Array<{ name: T; hex: string }> = [
  { name: t('Black', '黑色'), hex: '#2b2b2b' },
  { name: t('White', '白色'), hex: '#f2f2f2' },
  { name: t('Red', '红色'), hex: '#d64545' },
  { name: t('Blue', '蓝色'), hex: '#3a6fd8' },
  { name: t('Green', '绿色'), hex: '#3aa66a' },
  { name: t('Pink', '粉色'), hex: '#e98bb0' },
];

/**
 * How a language names goods from a quality and a kind: Chinese and Japanese join them, Malay,
 * Indonesian, Thai and Khmer put the quality after the kind, English and Hungarian before it.
 */
function goodsTitle(adjective: string, noun: string, lang: Language): string {
  switch (lang) {
    case 'zh-cn':
    case 'zh-tw':
    case 'jp':
      return `${adjective}${noun}`;
    case 'may':
    case 'id':
    case 'th':
    case 'km':
      return `${noun} ${adjective}`;
    default:
      return `${adjective} ${noun}`;
  }
}

/** The warranty every demo goods' description names: members may ask for a repair within it. */
export const DEMO_WARRANTY_MONTHS = 12;

export const DESCRIPTION = {
  intro: t('Designed for everyday use, made from carefully selected materials and checked by hand before it ships.', '为日常使用而设计，精选材料，出厂前逐件人工检验。'),
  points: [t('Official warranty: 12 months', '官方质保12个月'), t('Free returns within 7 days', '7天无理由退货'), t('Ships within 48 hours', '48小时内发货')],
};

export const GOODS_COUNT = 200;

export interface DemoSku {
  valueIds: number[];
  price: number;
  marketPrice: number;
  stock: number;
  colour: number;
}

export interface DemoGoods {
  index: number;
  /** Index into CATEGORIES, and into its children (or -1 for the category itself). */
  category: number;
  child: number;
  name: T;
  subtitle: T;
  hue: number;
  price: number;
  marketPrice: number;
  sales: number;
  isHot: boolean;
  isNew: boolean;
  isRecommend: boolean;
  offSale: boolean;
  specs: Array<{ id: number; name: T; values: Array<{ id: number; name: T }> }>;
  skus: DemoSku[];
  reviews: Array<{ author: string; rating: number; content: ReviewText; withImage: boolean; daysAgo: number; reply: boolean }>;
  daysAgo: number;
}

const REVIEWERS = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Lucas', 'Mia', 'Ethan', 'Sofia', 'Mason', 'Chloe', 'Daniel', '王小明', '李娜', '陈静', '张伟', 'Aiko', 'Hiro', 'Nurul', 'Budi'];
const REVIEW_TEXTS: Array<[number, ReviewText]> = [
  [5, review('Excellent quality, exactly as described. Fast delivery too!', '质量非常好，和描述一致，发货也很快！')],
  [5, review('Love it! Bought a second one for my sister.', '太喜欢了！又给妹妹买了一个。')],
  [4, review('Good value for money. Packaging could be better.', '性价比很高，包装可以再好一点。')],
  [4, review('Works well, the colour is slightly darker than in the photos.', '用起来不错，颜色比图片稍深一点。')],
  [3, review('It is okay. Does the job but nothing special.', '一般般，能用但没有惊喜。')],
  [2, review('Arrived late and the box was damaged.', '到货晚了，盒子也压坏了。')],
  [5, review('Great customer service and a lovely product.', '客服很好，产品也很棒。')],
  [1, review('Not what I expected, returning it.', '和预期不符，准备退货。')],
];

/** The demo goods number `index` (0-based), always the same. */
export function demoGoods(index: number): DemoGoods {
  const rnd = random(1000 + index);
  const category = index % CATEGORIES.length;
  const cat = CATEGORIES[category]!;
  // The draw that once picked the subcategory stays, so every later figure of the goods is unchanged.
  rnd();
  const nounIndex = Math.floor(index / CATEGORIES.length) % cat.nouns.length;
  const noun = cat.nouns[nounIndex]!;
  // The goods go where their kind belongs: a tablet under Tablets, never under Smartphones.
  const child = cat.children.length ? (cat.nounChild?.[nounIndex] ?? 0) : -1;
  const adj = ADJECTIVES[Math.floor(rnd() * ADJECTIVES.length)]!;
  const model = `${String.fromCharCode(65 + (index % 26))}${1 + Math.floor(index / 26)}`;
  const [lo, hi] = cat.price;
  const price = Math.round((lo + rnd() * (hi - lo)) / 100) * 100 - 1;
  const marketPrice = Math.round((price * (1.15 + rnd() * 0.4)) / 100) * 100 - 1;
  const colourCount = 2 + Math.floor(rnd() * 2);
  const colourStart = Math.floor(rnd() * COLOURS.length);
  const colours = Array.from({ length: colourCount }, (_, i) => (colourStart + i) % COLOURS.length);
  const optionCount = Math.min(cat.spec.values.length, 2 + Math.floor(rnd() * 2));
  const options = cat.spec.values.slice(0, optionCount);
  const specs = [
    { id: 1, name: t('Colour', '颜色'), values: colours.map((c, i) => ({ id: 11 + i, name: COLOURS[c]!.name })) },
    { id: 2, name: cat.spec.name, values: options.map((o, i) => ({ id: 21 + i, name: o })) },
  ];
  const skus: DemoSku[] = [];
  colours.forEach((colour, ci) =>
    options.forEach((_, oi) => {
      const step = Math.round(price * 0.08 * oi);
      // Roughly one SKU in seven is sold out.
      const stock = rnd() < 0.14 ? 0 : 5 + Math.floor(rnd() * 120);
      skus.push({ valueIds: [11 + ci, 21 + oi], price: price + step, marketPrice: marketPrice + step, stock, colour });
    }),
  );
  const reviewCount = Math.floor(rnd() * 9);
  const reviews = Array.from({ length: reviewCount }, (_, i) => {
    const [rating, content] = REVIEW_TEXTS[Math.floor(rnd() * REVIEW_TEXTS.length)]!;
    return { author: REVIEWERS[(index + i * 7) % REVIEWERS.length]!, rating, content, withImage: rnd() < 0.25, daysAgo: 1 + Math.floor(rnd() * 90), reply: rating <= 2 };
  });
  return {
    index,
    category,
    child,
    name: inEveryLanguage((l) => `${goodsTitle(adj[l], noun[l], l)} ${model}`),
    // No free-shipping promise: the demo sets up no freight band, so no amount frees anything.
    subtitle: inEveryLanguage((l) => `${cat.name[l]} · ${DESCRIPTION.points[0]![l]}`),
    hue: (cat.hue + Math.floor(rnd() * 40) - 20 + 360) % 360,
    price,
    marketPrice,
    sales: Math.floor(rnd() * 3000),
    isHot: rnd() < 0.2,
    isNew: index >= GOODS_COUNT - 40,
    isRecommend: rnd() < 0.2,
    // A few goods are off sale: they keep their page but leave the lists.
    offSale: index % 67 === 66,
    specs,
    skus,
    reviews,
    daysAgo: GOODS_COUNT - index,
  };
}

export function goodsDescription(g: DemoGoods): T {
  const img = `<p><img src="/media/demo/goods-${g.index + 1}-2.png" alt="" width="600" height="600"></p>`;
  return inEveryLanguage((l) => `<h3>${g.name[l]}</h3><p>${DESCRIPTION.intro[l]}</p><ul>${DESCRIPTION.points.map((p) => `<li>${p[l]}</li>`).join('')}</ul>${img}`);
}

export const BANNERS: Array<{ title: T; link: string; hue: number }> = [
  { title: t('Autumn sale: up to 40% off', '秋季大促：低至六折'), link: '/pages/tabbar/page', hue: 18 },
  { title: t('New arrivals every week', '每周上新'), link: '/pages/tabbar/page?shelf=new', hue: 200 },
  { title: t('Invite friends, earn rewards', '邀请好友，赢取奖励'), link: '/pages/invite/index', hue: 280 },
];

export const POSTERS: Array<{ title: T; text: T; hue: number }> = [
  { title: t('Shop smarter together', '一起聪明购物'), text: t('Join with my code and get a welcome gift.', '使用我的邀请码注册，领取新人礼包。'), hue: 15 },
  { title: t('Quality you can trust', '品质值得信赖'), text: t('Genuine goods, shipped in 48 hours.', '正品保障，48小时发货。'), hue: 210 },
  { title: t('Members save more', '会员更省钱'), text: t('Points on every order, redeemable in the shop.', '每笔订单都有积分，可在商城兑换。'), hue: 120 },
];

export const AREAS: Array<{ code: string; name: T; currency: string; flag: string }> = [
  { code: 'US', name: t('United States', '美国'), currency: 'USD', flag: '🇺🇸' },
  { code: 'MY', name: t('Malaysia', '马来西亚'), currency: 'MYR', flag: '🇲🇾' },
  { code: 'CN', name: t('China', '中国'), currency: 'CNY', flag: '🇨🇳' },
  { code: 'JP', name: t('Japan', '日本'), currency: 'JPY', flag: '🇯🇵' },
  { code: 'TH', name: t('Thailand', '泰国'), currency: 'THB', flag: '🇹🇭' },
  { code: 'ID', name: t('Indonesia', '印度尼西亚'), currency: 'IDR', flag: '🇮🇩' },
  { code: 'HU', name: t('Hungary', '匈牙利'), currency: 'HUF', flag: '🇭🇺' },
  { code: 'KH', name: t('Cambodia', '柬埔寨'), currency: 'KHR', flag: '🇰🇭' },
];

export const NEWS: Array<{ title: T; summary: T; body: T; banner: boolean }> = [
  { title: t('Our autumn collection has landed', '秋季新品正式上线'), summary: t('Warm colours, soft fabrics and 60 new items.', '暖色系、柔软面料，60款新品。'), body: t('Walk into autumn with sixty new pieces picked by our buyers.', '买手精选60款新品，陪你走进秋天。'), banner: true },
  { title: t('How we check every parcel', '我们如何检查每一个包裹'), summary: t('A look inside our warehouse.', '带你走进我们的仓库。'), body: t('Every parcel is weighed, photographed and sealed before it leaves.', '每个包裹出库前都会称重、拍照并封箱。'), banner: true },
  { title: t('Member points: what is new', '会员积分新玩法'), summary: t('Earn points faster from this month.', '本月起积分获取更快。'), body: t('Points now arrive the moment your order is confirmed.', '订单确认后积分即刻到账。'), banner: true },
  { title: t('Five tips for better sleep', '改善睡眠的五个小技巧'), summary: t('Small changes, better nights.', '小改变，好睡眠。'), body: t('Keep a routine, cool the room, and put the phone away an hour before bed.', '作息规律、保持卧室凉爽、睡前一小时放下手机。'), banner: false },
  { title: t('Shipping to Cambodia now available', '现已支持配送至柬埔寨'), summary: t('Delivery in 5–7 days.', '5-7天送达。'), body: t('We now ship to every province of Cambodia.', '我们现已支持配送至柬埔寨全境。'), banner: false },
  { title: t('Meet the makers: our tea farmers', '走近匠人：我们的茶农'), summary: t('From the hills to your cup.', '从山间到杯中。'), body: t('Our green tea comes from family farms that have grown tea for generations.', '我们的绿茶来自世代种茶的家庭茶园。'), banner: false },
  { title: t('Customer service hours extended', '客服服务时间延长'), summary: t('Now 8:00–24:00 every day.', '现为每天8:00-24:00。'), body: t('Our support team now answers from 8 in the morning until midnight.', '客服团队现在每天早8点至午夜在线。'), banner: false },
  { title: t('Recycling your packaging', '包装回收计划'), summary: t('Send boxes back, get points.', '寄回包装，获得积分。'), body: t('Return our boxes with your next order and earn 50 points.', '下次下单时退回包装盒，即可获得50积分。'), banner: false },
  { title: t('Gift guide for the holidays', '节日送礼指南'), summary: t('Ideas for everyone on your list.', '为每个人挑选心仪礼物。'), body: t('From gadgets to tea sets, here is what our team is giving this year.', '从数码产品到茶具，看看我们团队今年送什么。'), banner: false },
  { title: t('Safer payments with 3-D Secure', '3-D Secure 让支付更安全'), summary: t('What changes at checkout.', '结账时有哪些变化。'), body: t('Some card payments now ask you to confirm in your banking app.', '部分银行卡支付现在需要在银行App中确认。'), banner: false },
  { title: t('Running club meets every Sunday', '跑步俱乐部每周日集合'), summary: t('Join us for a 5 km run.', '一起来跑5公里。'), body: t('All paces welcome; we meet at 7:00 at the city park gate.', '欢迎所有配速，早上7点在城市公园门口集合。'), banner: false },
  { title: t('Our app turns 1.6.7', '应用升级至1.6.7'), summary: t('Faster pages and a new search.', '页面更快，搜索全新。'), body: t('Pages open faster and search now remembers what you looked for.', '页面打开更快，搜索会记住你的搜索记录。'), banner: false },
];

export const NOTICES: Array<{ title: T; body: T }> = [
  { title: t('Holiday shipping schedule', '节假日发货安排'), body: t('Orders placed from 30 Dec to 2 Jan ship on 3 Jan.', '12月30日至1月2日的订单将于1月3日发货。') },
  { title: t('System maintenance on Sunday 02:00–04:00', '周日02:00-04:00系统维护'), body: t('Payments may be unavailable for a short time.', '期间支付可能短暂不可用。') },
  { title: t('Beware of fake customer service calls', '谨防假冒客服来电'), body: t('We never ask for your password or verification code.', '我们绝不会索要您的密码或验证码。') },
  { title: t('New payment methods available', '新增支付方式'), body: t('You can now pay with e-wallets in Malaysia.', '马来西亚用户现可使用电子钱包支付。') },
  { title: t('Returns and exchanges', '退货与换货'), body: t('Ask for a return within 7 days of receiving your order, or an exchange within 15 days, from the order page.', '收到订单后7天内可申请退货，15天内可申请换货，请在订单页面操作。') },
  { title: t('Updated privacy policy', '隐私政策更新'), body: t('We clarified how long we keep order records.', '我们明确了订单记录的保存期限。') },
  { title: t('Warehouse move completed', '仓库搬迁完成'), body: t('Delivery times are back to normal.', '配送时效已恢复正常。') },
  { title: t('Welcome to our new members', '欢迎新会员'), body: t('New members get a coupon on their first order.', '新会员首单可获赠优惠券。') },
];

export const FAQ: Array<{ q: T; a: T }> = [
  { q: t('How long does delivery take?', '多久可以送达？'), a: t('Most orders arrive within 3–7 working days.', '大部分订单在3-7个工作日内送达。') },
  { q: t('How do I return an item?', '如何退货？'), a: t('Open the order, choose "Apply for after-sales" and pick "Return".', '打开订单，选择"申请售后"，再选择"退货"。') },
  { q: t('Which payment methods do you accept?', '支持哪些支付方式？'), a: t('Cards, e-wallets, bank transfer and shopping points.', '银行卡、电子钱包、银行转账和购物积分。') },
  { q: t('How do I earn points?', '如何获得积分？'), a: t('Every confirmed order earns points worth 1% of its value.', '每笔确认的订单可获得订单金额1%的积分。') },
  { q: t('Can I change my delivery address?', '可以修改收货地址吗？'), a: t('Yes, before the order ships. Contact support from the order page.', '可以，在发货前通过订单页联系客服。') },
  { q: t('Why was my payment declined?', '为什么支付失败？'), a: t('Check the card details and the limit, or try another method.', '请检查卡信息和额度，或换一种支付方式。') },
  { q: t('How do I invite friends?', '如何邀请好友？'), a: t('Share your invitation link from "My" → "Invite".', '在"我的"→"邀请"中分享你的邀请链接。') },
  { q: t('Is my personal data safe?', '我的个人信息安全吗？'), a: t('We encrypt your data and never sell it.', '我们加密保存你的数据，绝不出售。') },
  { q: t('How do I contact customer service?', '如何联系客服？'), a: t('Use the chat in "My" → "Support", 8:00–24:00 daily.', '在"我的"→"客服"中在线咨询，每天8:00-24:00。') },
  { q: t('Can I cancel an order?', '可以取消订单吗？'), a: t('Unpaid orders can be cancelled at any time; paid ones before shipping.', '未付款订单可随时取消，已付款订单在发货前可取消。') },
];

export const AGREEMENTS: Record<'user' | 'privacy' | 'purchase', { title: T; body: T }> = {
  user: { title: t('User agreement', '用户协议'), body: t('By using the shop you agree to use it lawfully, to keep your account secure and to give true information.', '使用本商城即表示你同意合法使用、妥善保管账户并提供真实信息。') },
  privacy: { title: t('Privacy policy', '隐私政策'), body: t('We collect the data needed to deliver your orders and keep your account secure. We never sell personal data.', '我们只收集完成订单和保障账户安全所需的数据，绝不出售个人信息。') },
  purchase: { title: t('Terms of purchase', '购买须知'), body: t('Prices include tax. Returns are free within 7 days of delivery for unused items.', '价格已含税。未使用商品自签收起7天内可免费退货。') },
};

export const POPUPS: Array<{ title: T; body: T; audience: 'all' | 'visitor'; link: string; hue: number }> = [
  { title: t('Autumn sale is on', '秋季大促进行中'), body: t('Up to 40% off across the shop until Sunday.', '全场低至六折，截至本周日。'), audience: 'all', link: '/pages/tabbar/page', hue: 18 },
  { title: t('New here? Get a welcome gift', '新用户专享见面礼'), body: t('Sign up today and get a coupon for your first order.', '今天注册即送首单优惠券。'), audience: 'visitor', link: '/pages/login/reg/reg', hue: 280 },
];
