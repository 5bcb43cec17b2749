// The product's own Python mutator (issue 25, item 3), the one source of truth: this string is
// run inside the sandbox as `python3 -I -S -c <bootstrap>` (see mutatorCommand), from no file of
// the workspace copy, with the copy's parent as the working directory: isolated mode keeps the
// working directory, PYTHON* variables and user site-packages off sys.path and -S skips `site`, so
// nothing the agent wrote (a sitecustomize, a module named `ast`, a .pth file) is imported by it.
// It reads the changed files with the standard library only (ast, tokenize; Python >= 3.8), lists
// mutants on nodes that start on changed lines, and applies one by splicing the source text at the
// node's offsets (formatting and comments kept; the result must parse, else the mutant is refused).
//
// Modes (argv[1]; argv[2] is base64 JSON):
//   list  {"root": dir, "files": [{"path": rel, "lines": [n…]}], "max": n, "out"?: file}
//         → {"mutants": [...], "problems": ["path: why", ...], "python": "3.x.y"} on stdout, or
//           written to the new file `out` (outside the tree; not subject to the output cap)
//   apply {"root": dir, "mutant": {path, edits: [[[row, col], [row, col], old, new], ...]}}
//         → exit 0 when written; exit 3 with the reason on stdout when it cannot be applied.
// Rows are 1-based lines, cols are character offsets in the line (ast's UTF-8 byte offsets are
// converted), `old` is the text the edit replaces (checked before writing).

import type { Mutant } from '../../../report/evidence-types.js'

export const PYTHON_MUTATOR = String.raw`
import ast, base64, io, json, os, re, stat, sys, tokenize

CMP = {ast.Gt: ('>', '>='), ast.GtE: ('>=', '>'), ast.Lt: ('<', '<='), ast.LtE: ('<=', '<'),
       ast.Eq: ('==', '!='), ast.NotEq: ('!=', '=='), ast.Is: ('is', 'is not'),
       ast.IsNot: ('is not', 'is'), ast.In: ('in', 'not in'), ast.NotIn: ('not in', 'in')}
ARITH = {ast.Add: ('+', '-'), ast.Sub: ('-', '+'), ast.Mult: ('*', '/'), ast.Div: ('/', '*'),
         ast.FloorDiv: ('//', '/'), ast.Mod: ('%', '/'), ast.Pow: ('**', '*')}
BOOL = {ast.And: ('and', 'or'), ast.Or: ('or', 'and')}
DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.Assert,
             ast.Delete, ast.Break, ast.Continue)
NEWLINE = re.compile(r'\r\n|\r|\n')


class Source:
    def __init__(self, raw):
        self.encoding = tokenize.detect_encoding(io.BytesIO(raw).readline)[0]
        self.text = raw.decode(self.encoding)
        # Character index of each line start (rows are 1-based: starts[0] is row 1).
        self.starts = [0] + [m.end() for m in NEWLINE.finditer(self.text)]
        self.tree = ast.parse(self.text)
        self.tokens = []
        try:
            for t in tokenize.generate_tokens(io.StringIO(self.text, newline='').readline):
                if t.type in (tokenize.OP, tokenize.NAME) and t.string not in ('(', ')'):
                    self.tokens.append((t.start, t.end, t.string))
        except (tokenize.TokenError, SyntaxError):
            self.tokens = []

    def line(self, row):
        end = self.starts[row] if row < len(self.starts) else len(self.text)
        return self.text[self.starts[row - 1]:end].rstrip('\r\n')

    def pos(self, row, byte_col):
        """ast's (row, UTF-8 byte offset) as (row, character offset)."""
        return (row, len(self.line(row).encode('utf-8')[:byte_col].decode('utf-8', 'replace')))

    def index(self, p):
        return self.starts[p[0] - 1] + p[1]

    def start(self, node):
        return self.pos(node.lineno, node.col_offset)

    def end(self, node):
        return self.pos(node.end_lineno, node.end_col_offset)

    def slice(self, a, b):
        return self.text[self.index(a):self.index(b)]

    def gap(self, a, b):
        """The operator between two operands: the tokens (parentheses aside) from a to b."""
        found = [t for t in self.tokens if t[0] >= a and t[1] <= b]
        if not found:
            return None
        return found[0][0], found[-1][1], ' '.join(t[2] for t in found)


def splice(text, src, edits):
    for a, b, old, new in sorted(edits, key=lambda e: src.index(e[0]), reverse=True):
        i, j = src.index(a), src.index(b)
        if text[i:j] != old:
            return None
        text = text[:i] + new + text[j:]
    return text


def short(s, n=120):
    s = ' '.join(s.split())
    return s if len(s) <= n else s[:n - 1] + '\u2026'


def parents_of(tree):
    parents = {}
    for p in ast.walk(tree):
        for c in ast.iter_child_nodes(p):
            parents[c] = p
    return parents


def inside_fstring(node, parents):
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.JoinedStr):
            return True
    return False


def candidates(src, node):
    """(operator, [edits]) for one node."""
    out = []
    if isinstance(node, ast.Compare):
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            g = src.gap(src.end(left), src.start(right))
            sym = CMP.get(type(op))
            if g and sym and g[2] == sym[0]:
                out.append(('cmp', [(g[0], g[1], sym[0], sym[1])]))
            left = right
    elif isinstance(node, (ast.BinOp, ast.AugAssign)):
        sym = ARITH.get(type(node.op))
        a, b = (node.left, node.right) if isinstance(node, ast.BinOp) else (node.target, node.value)
        g = src.gap(src.end(a), src.start(b))
        if sym:
            eq = '=' if isinstance(node, ast.AugAssign) else ''
            if g and g[2] == sym[0] + eq:
                out.append(('arith', [(g[0], g[1], sym[0] + eq, sym[1] + eq)]))
    elif isinstance(node, ast.BoolOp):
        sym = BOOL[type(node.op)]
        edits = []
        for a, b in zip(node.values, node.values[1:]):
            g = src.gap(src.end(a), src.start(b))
            if not g or g[2] != sym[0]:
                return out
            edits.append((g[0], g[1], sym[0], sym[1]))
        out.append(('bool', edits))
    elif isinstance(node, ast.Constant):
        v = node.value
        a, b = src.start(node), src.end(node)
        old = src.slice(a, b)
        if isinstance(v, bool):
            out.append(('const', [(a, b, old, str(not v))]))
        elif isinstance(v, (int, float)):
            for d in (1, -1):
                out.append(('const', [(a, b, old, repr(v + d))]))
    elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
        a, b = src.start(node.test), src.end(node.test)
        old = src.slice(a, b)
        out.append(('negate', [(a, b, old, 'not (' + old + ')')]))
    if isinstance(node, ast.Return) and node.value is not None:
        v = node.value
        if not (isinstance(v, ast.Constant) and v.value is None):
            a, b = src.start(v), src.end(v)
            out.append(('return', [(a, b, src.slice(a, b), 'None')]))
    if isinstance(node, DELETABLE) and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
        if not (isinstance(node, ast.AnnAssign) and node.value is None):
            a, b = src.start(node), src.end(node)
            out.append(('delete', [(a, b, src.slice(a, b), 'pass')]))
    return out


def regular(path):
    st = os.lstat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError('not a regular file')


def read(root, rel):
    if rel.startswith('/') or '..' in rel.split('/'):
        raise OSError('path outside the tree')
    path = os.path.join(root, rel)
    parts = rel.split('/')
    for i in range(1, len(parts)):
        if os.path.islink(os.path.join(root, *parts[:i])):
            raise OSError('a symbolic link in its path')
    regular(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, 'O_NOFOLLOW', 0))
    with os.fdopen(fd, 'rb') as f:
        return path, f.read()


def list_mutants(arg):
    mutants, problems = [], []
    for f in arg['files']:
        rel, lines = f['path'], set(f['lines'])
        try:
            src = Source(read(arg['root'], rel)[1])
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError) as e:
            problems.append('%s: %s' % (rel, e))
            continue
        parents = parents_of(src.tree)
        counts = {}
        for node in ast.walk(src.tree):
            if getattr(node, 'lineno', None) not in lines or getattr(node, 'end_lineno', None) is None:
                continue
            # Before 3.12 the positions of nodes inside an f-string are not the file's.
            if inside_fstring(node, parents):
                continue
            for op, edits in candidates(src, node):
                mutated = splice(src.text, src, edits)
                if mutated is None:
                    continue
                try:
                    ast.parse(mutated)
                except SyntaxError:
                    continue
                key = (node.lineno, op)
                n = counts.get(key, 0)
                counts[key] = n + 1
                row = edits[0][0][0]
                first = NEWLINE.split(mutated[src.starts[row - 1]:], 1)[0]
                mutants.append({
                    'id': '%s:%d:%s:%d' % (rel, node.lineno, op, n),
                    'path': rel, 'line': node.lineno, 'operator': op,
                    'original': short(src.line(row)), 'mutated': short(first),
                    'edits': [[list(a), list(b), old, new] for a, b, old, new in edits],
                })
                if len(mutants) >= arg.get('max', 5000):
                    problems.append('more than %d mutants: the rest not listed' % arg.get('max', 5000))
                    return mutants, problems
    return mutants, problems


def apply_mutant(arg):
    m = arg['mutant']
    path, raw = read(arg['root'], m['path'])
    src = Source(raw)
    edits = [(tuple(a), tuple(b), old, new) for a, b, old, new in m['edits']]
    mutated = splice(src.text, src, edits)
    if mutated is None:
        return 'the source at the mutant does not match'
    ast.parse(mutated)
    mode = stat.S_IMODE(os.lstat(path).st_mode)
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC | getattr(os, 'O_NOFOLLOW', 0))
    with os.fdopen(fd, 'wb') as f:
        f.write(mutated.encode(src.encoding))
    os.chmod(path, mode)
    # A stale bytecode cache must not stand in for the mutated source.
    cache = os.path.join(os.path.dirname(path), '__pycache__')
    if os.path.isdir(cache) and not os.path.islink(cache):
        stem = os.path.basename(path)[:-3] + '.'
        for name in os.listdir(cache):
            if name.startswith(stem) and name.endswith('.pyc'):
                os.unlink(os.path.join(cache, name))
    return None


def main():
    if sys.version_info < (3, 8):
        print(json.dumps({'error': 'python %s: the mutator needs 3.8 or later' % sys.version.split()[0]}))
        return 2
    mode, arg = sys.argv[1], json.loads(base64.b64decode(sys.argv[2]).decode('utf-8'))
    if mode == 'list':
        mutants, problems = list_mutants(arg)
        data = json.dumps({'mutants': mutants, 'problems': problems, 'python': sys.version.split()[0]},
                          separators=(',', ':'))
        if arg.get('out'):
            # A new file (never through a link): the listing is not subject to the output cap.
            fd = os.open(arg['out'], os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, 'O_NOFOLLOW', 0), 0o644)
            with os.fdopen(fd, 'w') as f:
                f.write(data)
            print('{"written":%d}' % len(mutants))
        else:
            print(data)
        return 0
    try:
        why = apply_mutant(arg)
    except (OSError, SyntaxError, ValueError, UnicodeError) as e:
        why = '%s: %s' % (type(e).__name__, e)
    if why:
        print(why)
        return 3
    return 0


sys.exit(main())
`

/** One mutant as the mutator lists it (the runner keeps `edits` to apply it). */
export interface PyMutant extends Mutant {
  edits: [[number, number], [number, number], string, string][]
}

export interface PyListing {
  mutants: PyMutant[]
  problems: string[]
  python?: string
  error?: string
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

/**
 * The shell command that runs the mutator: its source travels base64-encoded on the command line
 * (no file in the sandbox the agent's code could have replaced), decoded by a one-line bootstrap.
 */
export function mutatorCommand(mode: 'list' | 'apply', arg: unknown, python = 'python3'): string {
  const boot = `import base64;exec(compile(base64.b64decode('${b64(PYTHON_MUTATOR)}').decode('utf-8'),'massgen-mutator','exec'))`
  return `${python} -I -S -c "${boot}" ${mode} ${b64(JSON.stringify(arg))}`
}

/** The `list` output; undefined when it is not the mutator's JSON. */
export function parseListing(stdout: string): PyListing | undefined {
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'))
  if (!line) return undefined
  try {
    const v = JSON.parse(line) as PyListing
    if (v.error) return { mutants: [], problems: [], error: v.error }
    return Array.isArray(v.mutants) ? v : undefined
  } catch {
    return undefined
  }
}
