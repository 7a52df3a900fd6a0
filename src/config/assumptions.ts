/**
 * Every assumption the app makes beyond the spec about what it sends or calls, as a switch. The
 * defaults work against a server that implements only what the spec shows; a deployment whose server
 * does more turns a switch on at build time with the variable named. docs/api-contract.md's table
 * "Assumptions and their switches" is rendered from ASSUMPTIONS (a unit test keeps them in step), and
 * `npm run contract` checks the ones it can without writing.
 */
export interface Assumptions {
  /**
   * Saves and binds carry an `Idempotency-Key` header (one per action, lib/http/idempotency.ts), so
   * the server can do a retried request once. Off: a server whose CORS allow-list names its headers
   * would refuse every save's preflight.
   */
  idempotencyKey: boolean;
  /**
   * 信息录入 saves the unfinished registration to the server (ScreeningRegister/Add) by itself while
   * staff type. Off: Add is called on an explicit action only (暂存, 保存到服务器后退出, leaving the page
   * with unfinished work), so a server where Add creates a registration is not filled with half-typed
   * people.
   */
  saveDraftWhileTyping: boolean;
  /**
   * 待提交登记's 删除 calls POST /api/v1/ScreeningRegister/Delete {id}, a call the spec does not list.
   * Off: the draft is hidden on this phone (for this account) and stays on the server.
   */
  deleteServerDrafts: boolean;
  /**
   * A tube code must match the tube labels' pattern (4 to 32 capital letters, digits and inner hyphens).
   * Off: only what is clearly not a code is refused (a web address, spaces inside, over 64 characters);
   * either way the code is sent as scanned or typed, never upper-cased (a server may tell cases apart).
   */
  strictTubeCode: boolean;
  /** The dictionary call's full path: the spec shows "/PageDictionaryItem" only. */
  dictionaryPath: string;
}

export interface AssumptionDoc {
  variable: string;
  /** The default, as the build reads it. */
  defaultValue: string;
  what: string;
  /** How to learn the real server's behaviour on the day of integration. */
  howToFindOut: string;
}

/** Each switch's variable and default: all the running app needs of this table. */
const SWITCHES: Readonly<Record<keyof Assumptions, Pick<AssumptionDoc, 'variable' | 'defaultValue'>>> = {
  idempotencyKey: { variable: 'VITE_SEND_IDEMPOTENCY_KEY', defaultValue: 'false' },
  saveDraftWhileTyping: { variable: 'VITE_SAVE_DRAFT_WHILE_TYPING', defaultValue: 'false' },
  deleteServerDrafts: { variable: 'VITE_DELETE_SERVER_DRAFTS', defaultValue: 'false' },
  strictTubeCode: { variable: 'VITE_STRICT_TUBE_CODE', defaultValue: 'false' },
  dictionaryPath: { variable: 'VITE_DICTIONARY_PATH', defaultValue: '/api/v1/Dictionary/PageDictionaryItem' },
};

/** What each switch does and how to find out: for the docs and `npm run contract`, not for phones. */
const NOTES: Readonly<Record<keyof Assumptions, Pick<AssumptionDoc, 'what' | 'howToFindOut'>>> = {
  idempotencyKey: {
    what: 'Saves and binds send an `Idempotency-Key` header (one per action), so a retried request is done once.',
    howToFindOut:
      '`npm run contract` sends a CORS preflight asking for the header and says whether it is allowed; whether the server honours it (the contract in src/types/api.ts, CallOptions) the backend team must confirm.',
  },
  saveDraftWhileTyping: {
    what: '信息录入 calls ScreeningRegister/Add by itself while staff type (off: on 暂存, 保存到服务器后退出 or leaving the page with unfinished work).',
    howToFindOut:
      '`npm run contract -- --staging` registers its test person with Add: the answer and the Search that follows show whether Add keeps an unfinished record apart (status draft) or registers the person.',
  },
  deleteServerDrafts: {
    what: '待提交登记 删除 calls POST /api/v1/ScreeningRegister/Delete {id} (off: the draft is hidden on this phone).',
    howToFindOut:
      'Ask the backend team whether the call exists; `npm run contract -- --staging`, run with VITE_DELETE_SERVER_DRAFTS=true, tries it on its own draft.',
  },
  strictTubeCode: {
    what: 'Tube codes must match `^[A-Z0-9][A-Z0-9-]{2,30}[A-Z0-9]$` (off: only a URL, inner spaces or over 64 characters are refused).',
    howToFindOut:
      'Scan a batch of real tube labels; `npm run contract -- --staging` binds the code the operator supplies.',
  },
  dictionaryPath: {
    what: 'The full path of the dictionary call (the spec shows "/PageDictionaryItem" only).',
    howToFindOut: '`npm run contract` calls the path and says whether it answers with `records`.',
  },
};

function describeAssumptions(): Readonly<Record<keyof Assumptions, AssumptionDoc>> {
  const keys = Object.keys(SWITCHES) as (keyof Assumptions)[];
  return Object.fromEntries(keys.map((key) => [key, { ...SWITCHES[key], ...NOTES[key] }])) as Record<
    keyof Assumptions,
    AssumptionDoc
  >;
}

/** The whole table (docs/api-contract.md, `npm run contract`); the app's bundle leaves it out. */
export const ASSUMPTIONS = /* @__PURE__ */ describeAssumptions();

type AssumptionEnv = Partial<Record<string, string | undefined>>;

function flag(env: AssumptionEnv, key: keyof Assumptions): boolean {
  const value = env[SWITCHES[key].variable]?.trim();
  return value ? value === 'true' : SWITCHES[key].defaultValue === 'true';
}

/** The switches from the build's variables; anything but `true` keeps a switch off. */
export function readAssumptions(env: AssumptionEnv): Assumptions {
  const dictionaryPath = env[SWITCHES.dictionaryPath.variable]?.trim();
  return {
    idempotencyKey: flag(env, 'idempotencyKey'),
    saveDraftWhileTyping: flag(env, 'saveDraftWhileTyping'),
    deleteServerDrafts: flag(env, 'deleteServerDrafts'),
    strictTubeCode: flag(env, 'strictTubeCode'),
    dictionaryPath: dictionaryPath?.startsWith('/') ? dictionaryPath : SWITCHES.dictionaryPath.defaultValue,
  };
}
