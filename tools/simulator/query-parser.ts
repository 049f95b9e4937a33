/**
 * Parser for the service's query language (4.5):
 *   SELECT * | SELECT count(*) | SELECT f1, f2 FROM Entity [WHERE c AND c ...]
 *   [ORDERBY field [ASC|DESC], ...] [STARTPOSITION n] [MAXRESULTS n]
 * Keywords are case-insensitive; values are quoted strings (or bare numbers / booleans);
 * operators = != < > <= >= IN LIKE. There is no OR: it is a parse error (4000), as on the service.
 * Syntax errors throw QueryError 4000; meaning errors are found by ./query-exec.ts (4001).
 */
export type Operator = '=' | '!=' | '<' | '>' | '<=' | '>=' | 'IN' | 'LIKE';

export interface Condition {
  field: string;
  op: Operator;
  values: string[];
}

export interface ParsedQuery {
  select: { kind: 'all' } | { kind: 'count' } | { kind: 'fields'; fields: string[] };
  from: string;
  where: Condition[];
  orderBy: { field: string; desc: boolean }[];
  startPosition?: number;
  maxResults?: number;
}

export class QueryError extends Error {
  constructor(
    readonly code: '4000' | '4001',
    readonly detail: string,
  ) {
    super(detail);
  }
}

type Token = { kind: 'word' | 'string' | 'number' | 'punct'; text: string; at: number };

const TOKEN = /\s*(?:('(?:[^'\\]|\\.|'')*')|(\d+(?:\.\d+)?)(?![\w.])|([A-Za-z_][\w.]*)|(<=|>=|!=|<>|[=<>*(),]))/y;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < input.length) {
    if (/^\s*$/.test(input.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(input);
    if (!m) throw new QueryError('4000', `Encountered "${input.slice(pos).trim().slice(0, 10)}" at column ${pos + 1}.`);
    const at = pos + 1;
    pos = TOKEN.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1].slice(1, -1).replace(/''|\\'/g, "'"), at });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2], at });
    else if (m[3] !== undefined) tokens.push({ kind: 'word', text: m[3], at });
    else tokens.push({ kind: 'punct', text: m[4] === '<>' ? '!=' : (m[4] ?? ''), at });
  }
  return tokens;
}

export function parseQuery(input: string): ParsedQuery {
  const tokens = tokenize(input);
  let i = 0;
  const peek = (): Token | undefined => tokens[i];
  const isWord = (w: string): boolean => peek()?.kind === 'word' && peek()?.text.toUpperCase() === w;
  const fail = (expected: string): never => {
    const t = peek();
    throw new QueryError(
      '4000',
      t
        ? `Encountered " ${t.text} " at column ${t.at}. Was expecting ${expected}.`
        : `Encountered "<EOF>". Was expecting ${expected}.`,
    );
  };
  const expectWord = (w: string): void => {
    if (!isWord(w)) fail(w);
    i++;
  };
  const expectPunct = (p: string): void => {
    if (peek()?.kind !== 'punct' || peek()?.text !== p) fail(`"${p}"`);
    i++;
  };
  const ident = (): string => {
    const t = peek();
    if (t?.kind !== 'word') return fail('an identifier');
    i++;
    return t.text;
  };
  const value = (): string => {
    const t = peek();
    if (t?.kind === 'string' || t?.kind === 'number' || (t?.kind === 'word' && /^(true|false)$/i.test(t.text))) {
      i++;
      return t.text;
    }
    return fail('a value');
  };
  const integer = (): number => {
    const t = peek();
    if (t?.kind !== 'number' || !/^\d+$/.test(t.text)) return fail('an integer');
    i++;
    return Number(t.text);
  };

  expectWord('SELECT');
  let select: ParsedQuery['select'];
  if (peek()?.text === '*') {
    i++;
    select = { kind: 'all' };
  } else if (isWord('COUNT') && tokens[i + 1]?.text === '(') {
    i++;
    expectPunct('(');
    expectPunct('*');
    expectPunct(')');
    select = { kind: 'count' };
  } else {
    const fields = [ident()];
    while (peek()?.text === ',') {
      i++;
      fields.push(ident());
    }
    select = { kind: 'fields', fields };
  }
  expectWord('FROM');
  const from = ident();
  const where: Condition[] = [];
  if (isWord('WHERE')) {
    i++;
    do {
      const field = ident();
      const opToken = peek();
      let op: Operator;
      if (isWord('IN')) op = 'IN';
      else if (isWord('LIKE')) op = 'LIKE';
      else if (opToken?.kind === 'punct' && ['=', '!=', '<', '>', '<=', '>='].includes(opToken.text))
        op = opToken.text as Operator;
      else op = fail('an operator');
      i++;
      const values: string[] = [];
      if (op === 'IN') {
        expectPunct('(');
        values.push(value());
        while (peek()?.text === ',') {
          i++;
          values.push(value());
        }
        expectPunct(')');
      } else values.push(value());
      where.push({ field, op, values });
      if (isWord('OR')) fail('AND');
    } while (isWord('AND') && ++i);
  }
  const orderBy: ParsedQuery['orderBy'] = [];
  if (isWord('ORDERBY') || (isWord('ORDER') && tokens[i + 1]?.text.toUpperCase() === 'BY')) {
    i += isWord('ORDER') ? 2 : 1;
    do {
      const field = ident();
      let desc = false;
      if (isWord('DESC') || isWord('ASC')) desc = tokens[i++]?.text.toUpperCase() === 'DESC';
      orderBy.push({ field, desc });
    } while (peek()?.text === ',' && ++i);
  }
  const query: ParsedQuery = { select, from, where, orderBy };
  for (let n = 0; n < 2; n++) {
    if (isWord('STARTPOSITION') && query.startPosition === undefined) {
      i++;
      query.startPosition = integer();
    } else if (isWord('MAXRESULTS') && query.maxResults === undefined) {
      i++;
      query.maxResults = integer();
    }
  }
  if (i < tokens.length) fail('<EOF>');
  return query;
}
