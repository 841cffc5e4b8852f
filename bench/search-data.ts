// Synthetic but realistically shaped endpoints for the search benchmark: many modules, many
// controllers sharing base paths, CRUD-style paths with templates, English and Chinese names,
// a sprinkling of gRPC, ALL-method, wildcard and pattern mappings. Seeded, so runs compare.

import type { Endpoint } from '../core/model/endpoint';

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = `user account order item product invoice payment customer address cart coupon
  shipment warehouse stock supplier category tag review comment message notification role
  permission tenant file report dashboard setting profile session token device audit log
  employee department project task ticket contract refund promotion campaign channel member
  group schedule booking room course lesson exam grade vehicle route driver store region`.split(/\s+/);
const QUALIFIERS = ['', '', '', 'detail', 'history', 'summary', 'config', 'status', 'batch', 'template', 'record'];
const ACTIONS = ['approve', 'reject', 'cancel', 'export', 'import', 'publish', 'archive', 'restore', 'sync', 'verify'];
const SUBS = ['items', 'logs', 'members', 'attachments', 'comments', 'history', 'versions', 'permissions'];
const MODULES = `user-service order-service payment-service inventory catalog billing notification
  auth gateway admin-console reporting crm hr-portal logistics marketing analytics search
  content media support finance procurement scheduling learning fleet`.split(/\s+/);
const CJK_NOUNS: Record<string, string> = {
  user: '用户', account: '账户', order: '订单', item: '商品项', product: '商品', invoice: '发票',
  payment: '支付', customer: '客户', address: '地址', cart: '购物车', coupon: '优惠券', shipment: '发货单',
  warehouse: '仓库', stock: '库存', supplier: '供应商', category: '分类', tag: '标签', review: '评价',
  comment: '评论', message: '消息', notification: '通知', role: '角色', permission: '权限', tenant: '租户',
  file: '文件', report: '报表', dashboard: '看板', setting: '设置', profile: '资料', session: '会话',
};
const CJK_VERBS: Record<string, string> = {
  GET: '获取', POST: '创建', PUT: '更新', DELETE: '删除', PATCH: '修改', ALL: '处理',
};

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

function plural(noun: string): string {
  if (noun.includes(' ')) return noun.replace(/\S+$/, plural);
  return noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : noun.endsWith('s') ? `${noun}es` : `${noun}s`;
}

function kebab(words: string[]): string {
  return words.filter(Boolean).join('-');
}

function camel(words: string[]): string {
  return words
    .flatMap((w) => w.split(' '))
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join('');
}

function title(words: string[]): string {
  const s = words.filter(Boolean).join(' ');
  return s[0]!.toUpperCase() + s.slice(1);
}

export function syntheticEndpoints(count: number, seed = 42): Endpoint[] {
  const r = rng(seed);
  const out: Endpoint[] = [];
  let controller = 0;
  while (out.length < count) {
    const module = pick(r, MODULES);
    const noun = pick(r, NOUNS);
    // Compound resources (`order-item`, `tenant-role-history`) give a project thousands of
    // distinct segments, as large code bases have.
    const second = r() < 0.5 ? pick(r, NOUNS) : '';
    const qualifier = pick(r, QUALIFIERS);
    const resource = kebab([noun, second, qualifier]);
    const version = r() < 0.6 ? `/v${1 + Math.floor(r() * 3)}` : '';
    const prefix = r() < 0.7 ? `/api${version}` : `/${module.split('-')[0]}${version}`;
    const base = `${prefix}/${plural(resource)}`;
    const simple = `${camel([noun, second, qualifier]).replace(/^./, (c) => c.toUpperCase())}Controller`;
    const pkg = `com.acme.${module.replace(/-/g, '')}.web${controller % 7 === 0 ? '.admin' : ''}`;
    const className = `${pkg}.${simple}`;
    const file = `${module}/src/main/java/${pkg.replace(/\./g, '/')}/${simple}.java`;
    const cjk = r() < 0.25 && CJK_NOUNS[noun] !== undefined;
    const folder = `${module}/${resource}`;
    controller++;

    const grpc = r() < 0.04;
    const subject = second ? `${noun} ${second}` : noun;
    const templates = grpc ? grpcMethods(r, noun) : restMethods(r, base, subject);
    for (const t of templates) {
      if (out.length >= count) break;
      const words = t.words;
      let name: string;
      if (cjk) name = `${CJK_VERBS[t.method] ?? '调用'}${CJK_NOUNS[noun]}${t.cjkTail ?? ''}`;
      else if (r() < 0.2) name = camel(words); // no doc comment: the method name
      else name = title(words);
      const member = camel(words);
      const line = 20 + out.length % 400;
      out.push({
        id: `${module}:${className}#${member}(${t.params}):${t.method} ${t.path}`,
        protocol: grpc ? 'grpc' : 'http',
        framework: grpc ? 'grpc' : r() < 0.85 ? 'spring-mvc' : 'jax-rs',
        method: t.method,
        path: t.path,
        address: `${t.method} ${t.path}`,
        name,
        description: r() < 0.3 ? `${title(words)}. Returns 404 when the ${noun} does not exist.` : '',
        folder,
        className,
        module,
        source: { file, line, column: 5, member },
        ...(grpc ? { streaming: 'U' as const } : {}),
      });
    }
  }
  return out;
}

interface Template {
  method: string;
  path: string;
  words: string[];
  params: string;
  cjkTail?: string;
}

function restMethods(r: () => number, base: string, noun: string): Template[] {
  const sub = pick(r, SUBS);
  const action = pick(r, ACTIONS);
  const list: Template[] = [
    { method: 'GET', path: base, words: ['list', plural(noun)], params: 'Pageable', cjkTail: '列表' },
    { method: 'GET', path: `${base}/{id}`, words: ['get', noun, 'detail'], params: 'Long', cjkTail: '详情' },
    { method: 'POST', path: base, words: ['create', noun], params: 'Dto' },
    { method: 'PUT', path: `${base}/{id}`, words: ['update', noun], params: 'Long,Dto' },
    { method: 'DELETE', path: `${base}/{id}`, words: ['delete', noun], params: 'Long' },
    { method: 'PATCH', path: `${base}/{id}/status`, words: ['change', noun, 'status'], params: 'Long,Status', cjkTail: '状态' },
    { method: 'GET', path: `${base}/{id}/${sub}`, words: ['list', noun, sub], params: 'Long' },
    { method: 'POST', path: `${base}/{id}/${action}`, words: [action, noun], params: 'Long' },
    { method: 'GET', path: `${base}/search`, words: ['search', plural(noun)], params: 'Query', cjkTail: '搜索' },
    { method: 'GET', path: `${base}/export`, words: ['export', plural(noun)], params: 'Query', cjkTail: '导出' },
  ];
  // Rarer mapping styles the matcher must handle.
  if (r() < 0.05) list.push({ method: 'ALL', path: `${base}/**`, words: ['proxy', noun], params: 'Request' });
  if (r() < 0.05) list.push({ method: 'GET', path: `${base}/{id}/{file}.json`, words: ['download', noun], params: 'Long,String' });
  if (r() < 0.05) list.push({ method: 'GET', path: `${base}/*/preview`, words: ['preview', noun], params: 'String' });
  return list;
}

function grpcMethods(r: () => number, noun: string): Template[] {
  const svc = `com.acme.${noun}.v${1 + Math.floor(r() * 2)}.${camel([noun]).replace(/^./, (c) => c.toUpperCase())}Service`;
  const Cap = noun[0]!.toUpperCase() + noun.slice(1);
  return ['Get', 'List', 'Create', 'Update', 'Delete', 'Watch'].map((verb) => ({
    method: 'gRPC',
    path: `/${svc}/${verb}${verb === 'List' || verb === 'Watch' ? plural(Cap) : Cap}`,
    words: [verb.toLowerCase(), noun],
    params: `${verb}${Cap}Request,StreamObserver`,
  }));
}
